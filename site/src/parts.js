// Parts of the shell whose HTML is the same on many pages (the footer, the navbar's items) are
// server-rendered once per site data and input, and the HTML is reused on the other pages
// (entry-server.jsx's partCache; ServerCached marks such a part). In the browser there is no
// cache and the parts render as usual.
import { createContext, useContext } from 'react';

export const PartCacheContext = createContext(null);

// usePartCache is the server's cache of parts, or null (the browser, or the cache turned off).
export function usePartCache() {
  return useContext(PartCacheContext);
}
