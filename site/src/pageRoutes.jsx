// The shell's one route, for react-router's data routers (createBrowserRouter in the browser,
// createStaticHandler on the server). Every path is a page; its loader preloads the page's data into
// the page store before the route switches (SPEC §2), so the old page stays on screen meanwhile and
// the progress bar follows the router's navigation state (hooks/useRouteProgress.js).
import { canonicalPath } from './routes.js';
import { InternalError } from './errors.js';
import App from './App.jsx';
import { RouteError } from './components/ErrorBoundary.jsx';

// pageRoutes builds the route table. store is the page store; immediate(url) says whether the route
// switches at once for that URL (the browser's back and forward buttons: the page then shows its own
// spinner, or the red box with Retry); otherwise the loader waits for the page, and if loading fails
// the browser loads the page itself.
export function pageRoutes({ site, store, getLayout, immediate = () => false }) {
  return [
    {
      id: 'page',
      path: '*',
      loader: ({ request }) => loadRoute(store, new URL(request.url), immediate),
      element: <App site={site} getLayout={getLayout} />,
      errorElement: <RouteError />,
    },
  ];
}

async function loadRoute(store, url, immediate) {
  const path = canonicalPath(store.basePath, url.pathname);
  const known = store.get(path);
  // Loaded, or broken in a way loading again cannot fix (the page shows the internal error).
  if (known && (known.page || known.error instanceof InternalError)) return { path };
  if (immediate(url)) {
    store.forget(path);
    store.load(path).catch((error) => store.fail(path, error));
    return { path };
  }
  try {
    await store.load(path);
  } catch {
    // Preloading failed: the browser loads the page itself, and this navigation never ends.
    window.location.assign(url.href);
    return new Promise(() => {});
  }
  return { path };
}
