// The shell's links navigate through react-router's navigate(), but only once the next page is ready
// (SPEC §2): go() preloads the page into the page store (its data, sidebar and code, store.load) and
// switches the route after; meanwhile the old page stays on screen and the progress bar runs. If
// preloading fails the browser loads the page itself. prefetch() loads a page ahead of a click
// (skipped on slow connections).
import { createContext, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { canPrefetch } from './store.js';
import { canonicalPath, isInternal, siteTarget } from './routes.js';
import { InternalError } from './errors.js';
import { startProgress } from './progress.js';

export const NavigationContext = createContext(null);

// useNavigation gives the go/prefetch/isInternal of the site's links (App provides them).
export function useNavigation() {
  return useContext(NavigationContext);
}

// ready says whether a store entry can be shown at once: a loaded page, or an internal error that
// loading again would meet again (the page shows it as a crash).
function ready(entry) {
  return Boolean(entry && (entry.page || entry.error instanceof InternalError));
}

// useSiteNavigation builds them once per page store. react-router's navigate() is a new function
// after every route change; the links get the latest through a ref, so they keep one object.
export function useSiteNavigation(store) {
  const latestNavigate = useRef(null);
  const routerNavigate = useNavigate();
  useLayoutEffect(() => {
    latestNavigate.current = routerNavigate;
  }, [routerNavigate]);
  return useMemo(() => {
    const navigate = (to, options) => latestNavigate.current(to, options);
    const base = store.basePath;
    // The latest go(): an earlier one whose page arrives later no longer switches the route.
    let latest = 0;
    return {
      go(href, { replace = false } = {}) {
        const url = new URL(href, window.location.href);
        const path = canonicalPath(base, url.pathname);
        const to = siteTarget(base, href, window.location.href);
        const ticket = ++latest;
        if (path === canonicalPath(base, window.location.pathname) || ready(store.get(path))) {
          navigate(to, { replace });
          return;
        }
        // The reader may move on while the page loads (another link, back, a #link on this page):
        // then this navigation is dropped.
        const from = window.location.href;
        const current = () => ticket === latest && window.location.href === from;
        startProgress();
        store.load(path).then(
          () => current() && navigate(to, { replace }),
          () => current() && window.location.assign(url.href),
        );
      },
      prefetch(href) {
        if (!canPrefetch()) return;
        const path = canonicalPath(base, new URL(href, window.location.href).pathname);
        store.load(path).catch(() => {});
      },
      isInternal: (href) => isInternal(base, href),
      basePath: base,
    };
  }, [store]);
}
