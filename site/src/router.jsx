// The shell's router: the current location and a navigate function, for the browser (history API)
// and for server rendering (a fixed URL). The shell needs nothing more, and this is 1 KB where
// react-router's BrowserRouter costs 14 KB gzip of first-load JavaScript.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';

const RouterContext = createContext(null);

function windowLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

function same(a, b) {
  return a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
}

// BrowserRouter follows the address bar: navigate() pushes (or replaces) a history entry, and the
// back and forward buttons and in-page #fragment links update the location too.
export function BrowserRouter({ children }) {
  const [location, setLocation] = useState(windowLocation);
  useEffect(() => {
    const update = () => setLocation((prev) => (same(prev, windowLocation()) ? prev : windowLocation()));
    window.addEventListener('popstate', update);
    window.addEventListener('hashchange', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('hashchange', update);
    };
  }, []);
  const navigate = useCallback((to, { replace = false } = {}) => {
    const url = new URL(to, window.location.href);
    if (replace) window.history.replaceState(null, '', url.href);
    else window.history.pushState(null, '', url.href);
    setLocation(windowLocation());
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

// StaticRouter renders one URL on the server.
export function StaticRouter({ location: url, children }) {
  const value = useMemo(() => {
    const u = new URL(url, 'http://server.invalid');
    return {
      location: { pathname: u.pathname, search: u.search, hash: u.hash },
      navigate: () => {
        throw new Error('navigate() cannot run during server rendering');
      },
    };
  }, [url]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation() {
  return useContext(RouterContext).location;
}

export function useNavigate() {
  return useContext(RouterContext).navigate;
}
