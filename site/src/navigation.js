// Client-side navigation: the next page is preloaded before the route switches; if preloading fails
// the browser loads the page itself. Hover prefetch is skipped on slow connections.
import { createContext, useContext } from 'react';
import { canPrefetch, loadPage, NotFoundError, seedNotFound } from './data.js';
import { canonicalPath, isInternal } from './routes.js';
import { startProgress } from './progress.js';
import { InternalError } from './errors.js';

export const NavigationContext = createContext(null);

export function useNavigation() {
  return useContext(NavigationContext);
}

// makeNavigation builds the go/prefetch pair used by every link of the shell.
export function makeNavigation({ site, navigate, loadLayout, currentPath }) {
  const base = site.basePath;
  function split(href) {
    const url = new URL(href, window.location.href);
    return { url, path: canonicalPath(base, url.pathname) };
  }
  return {
    go(href, { replace = false } = {}) {
      const { url, path } = split(href);
      const target = path + url.search + url.hash;
      if (path === currentPath()) {
        navigate(target, { replace });
        return;
      }
      startProgress();
      loadPage(base, path, loadLayout)
        .then(() => navigate(target, { replace }))
        .catch((error) => {
          if (error instanceof NotFoundError) {
            seedNotFound(path);
            navigate(target, { replace });
          } else if (error instanceof InternalError) {
            // A reload would fail the same way: switch, and the page shows the internal error.
            navigate(target, { replace });
          } else {
            window.location.assign(url.href);
          }
        });
    },
    prefetch(href) {
      if (!canPrefetch()) return;
      const { path } = split(href);
      loadPage(base, path, loadLayout).catch(() => {});
    },
    isInternal: (href) => isInternal(base, href),
  };
}
