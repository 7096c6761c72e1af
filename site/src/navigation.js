// The shell's links navigate through react-router: go() asks the router for the page (its loader
// preloads the data before the route switches, pageRoutes.jsx), prefetch() loads a page's data into
// the page store ahead of a click. Hover prefetch is skipped on slow connections.
import { createContext, useContext, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { canPrefetch } from './store.js';
import { canonicalPath, isInternal, siteTarget } from './routes.js';

export const NavigationContext = createContext(null);

// useNavigation gives the go/prefetch/isInternal of the site's links (App provides them).
export function useNavigation() {
  return useContext(NavigationContext);
}

// useSiteNavigation builds them once per page store.
export function useSiteNavigation(store) {
  const navigate = useNavigate();
  return useMemo(() => {
    const base = store.basePath;
    return {
      go(href, { replace = false } = {}) {
        navigate(siteTarget(base, href, window.location.href), { replace });
      },
      prefetch(href) {
        if (!canPrefetch()) return;
        const path = canonicalPath(base, new URL(href, window.location.href).pathname);
        store.load(path).catch(() => {});
      },
      isInternal: (href) => isInternal(base, href),
      basePath: base,
    };
  }, [navigate, store]);
}
