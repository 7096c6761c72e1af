import { usePartCache } from '../parts.js';

// ServerCached marks a part of the shell whose HTML depends only on owner (the data object it is
// made from: the site data, a sidebar) and on name, which must spell every other input the part
// reads (such as whether a navbar link is active); value and swap are an input that changes the
// HTML in a known way (server-parts.js). On the server (unless name is null), once a page has
// rendered the part, the next pages render a placeholder in its place and entry-server.jsx puts
// the part's HTML there; the browser renders the part itself. A part with no useId inside may be
// learnt in the render that first meets it (bracket), which saves rendering that page twice.
export default function ServerCached({ owner, name, value, swap, bracket = false, children }) {
  const cache = usePartCache();
  const marker = cache && name != null ? cache.marker(owner, name, value, swap, bracket) : null;
  if (marker === null) return children;
  if (typeof marker === 'string') return <template data-docsd-part={marker} />;
  // A part learnt in this render (bracket): the markers around it are taken out afterwards.
  return (
    <>
      <template data-docsd-begin={marker.begin} />
      {children}
      <template data-docsd-end={marker.begin} />
    </>
  );
}
