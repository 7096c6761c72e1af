// usePageLoad loads the page of the current path when the store has no entry for it: the browser's
// back and forward buttons switch the route at once, so the page shows its spinner meanwhile, or the
// red box with Retry when loading fails. It returns retry(), for Retry and the crash's "Try again":
// the page is loaded again, and if that fails too the browser loads it itself (a module that failed
// to import stays failed in this document).
import { useCallback, useEffect, useRef } from 'react';

export function usePageLoad(store, path, entry) {
  const retried = useRef(null);
  useEffect(() => {
    if (entry) return;
    const again = retried.current === path;
    store.load(path).then(
      () => {
        if (retried.current === path) retried.current = null;
      },
      (error) => {
        if (again) window.location.assign(window.location.href);
        else store.fail(path, error);
      },
    );
  }, [store, path, entry]);
  return useCallback(() => {
    retried.current = path;
    store.forget(path);
  }, [store, path]);
}
