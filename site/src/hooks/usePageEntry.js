// usePageEntry reads one path's entry from the page store (store.js) and renders again whenever the
// store changes it: a loader that finished, a failure, or the dev server's update of the page.
import { useCallback, useSyncExternalStore } from 'react';
import { usePageStore } from '../store.js';

export function usePageEntry(path) {
  const store = usePageStore();
  const get = useCallback(() => store.get(path), [store, path]);
  return useSyncExternalStore(store.subscribe, get, get);
}
