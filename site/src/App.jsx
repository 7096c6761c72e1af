import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from './router.jsx';
import { cachedPage, cachedSidebar, forget, loadPage, NotFoundError, refreshPage, seedNotFound } from './data.js';
import { NavigationContext, makeNavigation } from './navigation.js';
import { canonicalPath } from './routes.js';
import { InternalError } from './errors.js';
import { doneProgress } from './progress.js';
import { cancelSmoothScroll, smoothScrollToElement } from './scroll.js';
import Layout from './components/Layout.jsx';
import DocumentTitle from './components/DocumentTitle.jsx';
import ErrorBoundary from './components/ErrorBoundary.jsx';
import PageLoading from './components/PageLoading.jsx';

// App renders the page of the current location. Pages arrive preloaded from navigation; a page that
// is not ready (back/forward to an unvisited page) shows a spinner while it loads, or the error with a
// Retry button.
export default function App({ site, getLayout, loadLayout }) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = canonicalPath(site.basePath, location.pathname);
  const pathRef = useRef(path);
  pathRef.current = path;
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState(null);
  const [, setLoaded] = useState(0);

  const nav = useMemo(
    () => makeNavigation({ site, navigate, loadLayout, currentPath: () => pathRef.current }),
    [site, navigate, loadLayout],
  );

  const page = cachedPage(path);
  const Page = page && getLayout(page.kind);

  useEffect(() => {
    doneProgress();
    window.dispatchEvent(new CustomEvent('docsd:navigated'));
  }, [path]);

  // The dev server's client asks for the current page again after an edit; the page re-renders in
  // place and the scroll position stays.
  useEffect(() => {
    const refresh = (event) => {
      refreshPage(site.basePath, pathRef.current, loadLayout, event.detail)
        .then(() => setLoaded((n) => n + 1))
        .catch(() => setAttempt((n) => n + 1));
    };
    window.addEventListener('docsd:refresh', refresh);
    return () => window.removeEventListener('docsd:refresh', refresh);
  }, [site.basePath, loadLayout]);

  useEffect(() => {
    if (Page) return;
    let live = true;
    setFailure(null);
    loadPage(site.basePath, path, loadLayout)
      .then(() => live && setLoaded((n) => n + 1))
      .catch((error) => {
        if (!live) return;
        if (error instanceof NotFoundError) {
          seedNotFound(path);
          setLoaded((n) => n + 1);
        } else setFailure(error);
      });
    return () => {
      live = false;
    };
  }, [path, attempt, Page, site.basePath, loadLayout]);

  // After navigation: scroll to the hash target, or to the top when there is none. A new page opens
  // at its target at once; a jump inside the page on screen glides there (scroll.js).
  const shown = useRef(null);
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = { pathname: location.pathname, Page };
    if (!before) return;
    const samePage = before.pathname === location.pathname && before.Page === Page;
    if (location.hash) {
      const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (el) {
        if (samePage) smoothScrollToElement(el);
        else {
          cancelSmoothScroll();
          el.scrollIntoView();
        }
        return;
      }
    }
    cancelSmoothScroll();
    window.scrollTo(0, 0);
  }, [location.pathname, location.hash, Page]);

  // Plain #links (table of contents, heading anchors) would make the browser jump. Let the browser
  // do its fragment navigation (history entry, :target, where Tab continues from), put the window
  // back where it was before anything is painted, and glide from there instead.
  useEffect(() => {
    const onClick = (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const a = event.target instanceof Element && event.target.closest('a[href^="#"]');
      if (!a || a.target) return;
      const href = a.getAttribute('href');
      const el = href.length > 1 && document.getElementById(decodeURIComponent(href.slice(1)));
      if (!el) return;
      event.preventDefault();
      const from = window.scrollY;
      window.location.hash = href;
      window.scrollTo({ top: from, behavior: 'instant' });
      smoothScrollToElement(el);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  const sidebar = page && page.sidebar ? cachedSidebar(page.sidebar) : null;
  // The outer boundary catches what fails outside the page (a navbar item, the footer): then the
  // whole site is broken and only the error shows.
  return (
    <ErrorBoundary>
      <NavigationContext.Provider value={nav}>
        <Layout site={site} page={page} sidebar={sidebar}>
          <ErrorBoundary
            key={path}
            what={path}
            onReset={() => {
              forget(path);
              setAttempt((n) => n + 1);
            }}
          >
            {Page ? (
              <>
                <DocumentTitle title={pageTitle(site, page)} />
                <Page site={site} page={page} sidebar={sidebar} />
              </>
            ) : failure instanceof InternalError ? (
              <Rethrow error={failure} />
            ) : (
              <PageLoading error={failure} onRetry={() => setAttempt((n) => n + 1)} />
            )}
          </ErrorBoundary>
        </Layout>
      </NavigationContext.Provider>
    </ErrorBoundary>
  );
}

// Rethrow hands an internal error found while loading to the page's error boundary: it is a crash,
// not a load failure that Retry could fix.
function Rethrow({ error }) {
  throw error;
}

export function pageTitle(site, page) {
  if (page.kind === 'landing') return `${site.title} | ${site.tagline}`;
  return page.title ? `${page.title} | ${site.title}` : site.title;
}
