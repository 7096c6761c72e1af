// The server's cache of shell parts (ServerCached): the HTML of each part, per owner (the data
// object the part is made from: the site data, a sidebar) and part name. A page renders each part
// the cache knows as a placeholder element, which is replaced by the part's HTML afterwards.
//
// A part the cache does not know yet is learnt from the page that first renders it, without
// markers inside the tree (which would move React's useId ids): the page is rendered once with
// the part in full and once with the part as a placeholder; the text around the placeholder is the
// same in both, so what the full render has in its place is the part's HTML. A part whose
// surroundings do not match (it appears twice on the page, or failed inside a Suspense boundary)
// is never cached: it renders on every page.
//
// A part without useId inside (its ids would move) may say so (bracket): it is learnt in the same
// render, between two marker elements around it, and costs no second render of the page.
//
// A part may depend on one more input that changes its HTML in a known way (the sidebar's current
// page: which link is marked active): the part keeps the value it was learnt with, and a page with
// another value gets the HTML through the part's swap(html, learnt, value).
import { randomBytes } from 'node:crypto';

// The placeholders carry a nonce of this process, so no site text can pose as one.
const nonce = randomBytes(6).toString('hex');
const placeholders = new RegExp(`<template data-docsd-part="${nonce}-(\\d+)-(\\d+)"></template>`, 'g');
const placeholder = (marker) => `<template data-docsd-part="${marker}"></template>`;
const begin = (marker) => `<template data-docsd-begin="${marker}"></template>`;
const end = (marker) => `<template data-docsd-end="${marker}"></template>`;

// Per owner (the renderer keeps one site data and one sidebar object per key and drops replaced
// ones, so their parts go with them): an id, the entry id of each part name, and the entries:
// { html (undefined: not learnt yet, null: not cacheable), value, swap }.
const owners = new WeakMap();
let nextOwner = 0;

function partsOf(owner) {
  let parts = owners.get(owner);
  if (!parts) {
    parts = { id: nextOwner++, ids: new Map(), entries: [] };
    owners.set(owner, parts);
  }
  return parts;
}

// policy makes the context value ServerCached reads: marker(owner, name, value, swap) is the
// placeholder to render, or null to render the part in full. full(marker) says which parts not
// learnt yet render in full. The policy keeps what this page's placeholders stand for.
function policy(full) {
  const used = new Map(); // marker -> { parts, entry, value }
  const missed = new Map(); // marker -> { parts, entry, value }
  return {
    used,
    missed,
    marker(owner, name, value, swap, bracket) {
      const parts = partsOf(owner);
      let id = parts.ids.get(name);
      if (id === undefined) {
        id = parts.entries.length;
        parts.ids.set(name, id);
        parts.entries.push({ html: undefined, value: undefined, swap });
      }
      const entry = parts.entries[id];
      if (entry.html === null) return null;
      const marker = `${parts.id}-${id}`;
      used.set(marker, { entry, value });
      if (entry.html === undefined) {
        missed.set(marker, { entry, value, bracket });
        if (bracket) return { begin: `${nonce}-${marker}` };
        if (full(marker)) return null;
      }
      return `${nonce}-${marker}`;
    },
  };
}

// renderWithParts renders a page with renderTree(cache) (renderToString under
// PartCacheContext.Provider value={cache}) and returns the page's HTML with every part in place.
export function renderWithParts(renderTree) {
  const first = policy(() => true);
  let html = renderTree(first);
  for (const [marker, { entry, value, bracket }] of first.missed) {
    if (!bracket) continue;
    const b = begin(`${nonce}-${marker}`);
    const e = end(`${nonce}-${marker}`);
    const at = html.indexOf(b);
    const to = html.indexOf(e, at);
    if (at < 0 || to < 0 || html.indexOf(b, at + 1) >= 0) {
      entry.html = null;
      return renderTree(null);
    }
    entry.html = html.slice(at + b.length, to);
    entry.value = value;
    html = html.slice(0, at) + placeholder(`${nonce}-${marker}`) + html.slice(to + e.length);
    first.missed.delete(marker);
  }
  if (first.missed.size === 0) return fill(html, first.used);
  // Every part a placeholder, and for each part learnt on this page, a render with only it in full.
  const bare = policy(() => false);
  const bareHTML = renderTree(bare);
  for (const [marker, { entry, value }] of first.missed) {
    const full = first.missed.size === 1 ? html : renderTree(policy((other) => other === marker));
    const p = placeholder(`${nonce}-${marker}`);
    const at = bareHTML.indexOf(p);
    const before = bareHTML.slice(0, at);
    const after = bareHTML.slice(at + p.length);
    const fits = at >= 0 && bareHTML.indexOf(p, at + 1) < 0 && full.length >= before.length + after.length && full.startsWith(before) && full.endsWith(after);
    if (!fits) {
      entry.html = null;
      return renderTree(null);
    }
    entry.html = full.slice(before.length, full.length - after.length);
    entry.value = value;
  }
  return fill(bareHTML, bare.used);
}

// fill puts the parts' HTML in place of their placeholders.
function fill(html, used) {
  return html.replace(placeholders, (p, owner, id) => {
    const { entry, value } = used.get(`${owner}-${id}`);
    return entry.value === value ? entry.html : entry.swap(entry.html, entry.value, value);
  });
}
