// The server's cache of shell parts (ServerCached): the HTML of each part, per site data object and
// part name. A page renders each part the cache knows as a placeholder element, which is replaced
// by the part's HTML afterwards.
//
// A part the cache does not know yet is learnt from the page that first renders it, without
// markers inside the tree (which would move React's useId ids): the page is rendered once with
// the part in full and once with the part as a placeholder; the text around the placeholder is the
// same in both, so what the full render has in its place is the part's HTML. A part whose
// surroundings do not match (it appears twice on the page, or failed inside a Suspense boundary)
// is never cached: it renders on every page.
import { randomBytes } from 'node:crypto';

// The placeholders carry a nonce of this process, so no site text can pose as one.
const nonce = randomBytes(6).toString('hex');
const placeholders = new RegExp(`<template data-docsd-part="${nonce}-(\\d+)"></template>`, 'g');
const placeholder = (id) => `<template data-docsd-part="${nonce}-${id}"></template>`;

// Per site data object (the renderer keeps one per key and drops replaced ones, so the cache goes
// with them): ids of part names, and the HTML of each id (null: not cacheable).
const bySite = new WeakMap();

function partsOf(site) {
  let parts = bySite.get(site);
  if (!parts) {
    parts = { ids: new Map(), html: [] };
    bySite.set(site, parts);
  }
  return parts;
}

// policy makes the context value ServerCached reads: marker(site, name) is the placeholder id to
// render, or null to render the part in full. full(name) says which unknown parts render in full.
function policy(missed, full) {
  return {
    marker(site, name) {
      const parts = partsOf(site);
      let id = parts.ids.get(name);
      if (id === undefined) {
        id = parts.html.length;
        parts.ids.set(name, id);
        parts.html.push(undefined);
      }
      const html = parts.html[id];
      if (html === null) return null;
      if (html === undefined) {
        if (missed) missed.set(id, parts);
        if (full(id)) return null;
      }
      return `${nonce}-${id}`;
    },
  };
}

// renderWithParts renders a page with renderTree(cache) (renderToString under
// PartCacheContext.Provider value={cache}) and returns the page's HTML with every part in place.
export function renderWithParts(site, renderTree) {
  const missed = new Map();
  const first = renderTree(policy(missed, () => true));
  if (missed.size === 0) return fill(site, first);
  // Every part a placeholder, and for each part learnt on this page, a render with only it in full.
  const bare = renderTree(policy(null, () => false));
  for (const [id, parts] of missed) {
    const full = missed.size === 1 ? first : renderTree(policy(null, (other) => other === id));
    const at = bare.indexOf(placeholder(id));
    const before = bare.slice(0, at);
    const after = bare.slice(at + placeholder(id).length);
    const fits = at >= 0 && bare.indexOf(placeholder(id), at + 1) < 0 && full.length >= before.length + after.length && full.startsWith(before) && full.endsWith(after);
    parts.html[id] = fits ? full.slice(before.length, full.length - after.length) : null;
    if (!fits) return renderTree(null);
  }
  return fill(site, bare);
}

// fill puts the parts' HTML in place of their placeholders.
function fill(site, html) {
  const parts = partsOf(site);
  return html.replace(placeholders, (_, id) => parts.html[id]);
}
