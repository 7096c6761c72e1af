// useIsBrowser (@docusaurus/useIsBrowser) is false on the server and in the browser's first render,
// true once the page has hydrated: a component can show server-safe content first, so hydration
// matches, and then what only the browser knows (the reader's time zone, localStorage, …).
import { useEffect, useState } from 'react';

export default function useIsBrowser() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
