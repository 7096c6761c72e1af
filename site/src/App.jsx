import { useLocation } from 'react-router-dom';
import { usePageStore } from './store.js';
import { NavigationContext, useSiteNavigation } from './navigation.js';
import { canonicalPath } from './routes.js';
import { InternalError } from './errors.js';
import { usePageEntry } from './hooks/usePageEntry.js';
import { usePageLoad } from './hooks/usePageLoad.js';
import { useNavigatedEvent } from './hooks/useNavigatedEvent.js';
import { useRouteProgress } from './hooks/useRouteProgress.js';
import { useScrollOnNavigate } from './hooks/useScrollOnNavigate.js';
import { useSmoothHashLinks } from './hooks/useSmoothHashLinks.js';
import Layout from './components/Layout.jsx';
import DocumentTitle from './components/DocumentTitle.jsx';
import ErrorBoundary from './components/ErrorBoundary.jsx';
import PageLoading from './components/PageLoading.jsx';

// App renders the page of the current location from the page store. Links switch the route once
// their page is preloaded (navigation.js); a page that is not ready (back/forward to an unvisited
// page) shows a spinner while it loads, or the error with a Retry button.
export default function App({ site, getLayout }) {
  const location = useLocation();
  const store = usePageStore();
  const nav = useSiteNavigation(store);
  const path = canonicalPath(site.basePath, location.pathname);
  const entry = usePageEntry(path);
  const page = entry && entry.page;
  const Page = page && getLayout(page.kind);
  // Retry and "Try again" drop what the store has of the page and load it again.
  const reload = usePageLoad(store, path, entry);
  useRouteProgress(location);
  useNavigatedEvent(path);
  useScrollOnNavigate(location, Page);
  useSmoothHashLinks();

  const sidebar = page ? entry.sidebar : null;
  const failure = entry && entry.error;
  // The outer boundary catches what fails outside the page (a navbar item, the footer): then the
  // whole site is broken and only the error shows.
  return (
    <ErrorBoundary>
      <NavigationContext.Provider value={nav}>
        <Layout site={site} page={page} sidebar={sidebar}>
          <ErrorBoundary key={path} what={path} onReset={reload}>
            {Page ? (
              <>
                <DocumentTitle title={pageTitle(site, page)} />
                <Page site={site} page={page} sidebar={sidebar} />
              </>
            ) : failure instanceof InternalError ? (
              <Rethrow error={failure} />
            ) : (
              <PageLoading error={failure} onRetry={reload} />
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
