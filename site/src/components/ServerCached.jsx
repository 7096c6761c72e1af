import { usePartCache } from '../parts.js';

// ServerCached marks a part of the shell whose HTML depends only on the site data and on name (so
// name must spell every other input the part reads, such as whether a navbar link is active). On
// the server (and unless name is null), once a page has rendered the part, the next pages render a placeholder in its place
// and entry-server.jsx puts the part's HTML there; the browser renders the part itself.
export default function ServerCached({ site, name, children }) {
  const cache = usePartCache();
  const marker = cache && name !== null ? cache.marker(site, name) : null;
  return marker === null ? children : <template data-docsd-part={marker} />;
}
