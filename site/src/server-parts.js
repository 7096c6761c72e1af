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
//
// Parts may hold other parts (a sidebar's items): a part learnt on a page keeps its inner parts'
// HTML filled in, as they are on that page, so the parts inside a part must share its value and
// swap (or have none).
import { randomBytes } from 'node:crypto';

// The placeholders carry a nonce of this process, so no site text can pose as one.
const nonce = randomBytes(6).toString('hex');
const placeholders = new RegExp(`<template data-docsd-part="${nonce}-(\\d+)-(\\d+)"></template>`, 'g');
const placeholder = (marker) => `<template data-docsd-part="${marker}"></template>`;
const brackets = new RegExp(`<template data-docsd-(begin|end)="${nonce}-(\\d+-\\d+)"></template>`, 'g');

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
  if ([...first.missed.values()].some(({ bracket }) => bracket)) {
    html = takeBrackets(html, first);
    if (html === null) return renderTree(null);
  }
  if (first.missed.size === 0) return fill(html, first.used);
  // Every part a placeholder, and for each part learnt on this page, a render with only it in full.
  const bare = policy(() => false);
  const bareHTML = renderTree(bare);
  for (const [marker, { entry, value }] of first.missed) {
    const alone = first.missed.size === 1 ? first : policy((other) => other === marker);
    const full = alone === first ? html : renderTree(alone);
    const p = placeholder(`${nonce}-${marker}`);
    const at = bareHTML.indexOf(p);
    const before = bareHTML.slice(0, at);
    const after = bareHTML.slice(at + p.length);
    const fits = at >= 0 && bareHTML.indexOf(p, at + 1) < 0 && full.length >= before.length + after.length && full.startsWith(before) && full.endsWith(after);
    if (!fits) {
      entry.html = null;
      return renderTree(null);
    }
    entry.html = fill(full.slice(before.length, full.length - after.length), alone.used);
    entry.value = value;
  }
  return fill(bareHTML, bare.used);
}

// takeBrackets learns the parts a page rendered between their markers (bracket) and returns the
// page's HTML with a placeholder in place of each, or null (and the part is not cacheable) when
// a part's markers are not once each and nested. Parts may nest (a sidebar's items inside the
// sidebar): a part's HTML is kept with the parts inside it filled in. One pass over the page:
// taking each part out by searching and splicing the whole page cost as much as the renders
// saved when a sidebar's items were parts.
function takeBrackets(html, first) {
  const out = [];
  const stack = []; // { marker, pieces } of the parts open at this point
  let last = 0;
  let failed = null;
  const pieces = () => (stack.length ? stack[stack.length - 1].pieces : out);
  for (const m of html.matchAll(brackets)) {
    pieces().push(html.slice(last, m.index));
    last = m.index + m[0].length;
    const marker = m[2];
    const missed = first.missed.get(marker);
    // A part met twice (its second begin finds it learnt) or not nested is not cacheable.
    if (!missed || (m[1] === 'begin' && missed.seen)) {
      failed = first.used.get(marker).entry;
      break;
    }
    if (m[1] === 'begin') {
      missed.seen = true;
      stack.push({ marker, pieces: [] });
      continue;
    }
    const top = stack.pop();
    if (!top || top.marker !== marker) {
      failed = missed.entry;
      break;
    }
    missed.entry.html = fill(top.pieces.join(''), first.used);
    missed.entry.value = missed.value;
    first.missed.delete(marker);
    pieces().push(placeholder(`${nonce}-${marker}`));
  }
  // A part whose markers are missing (React left its boundary empty) is not cacheable either.
  for (const missed of first.missed.values()) {
    if (!failed && missed.bracket) failed = missed.entry;
  }
  if (failed) {
    failed.html = null;
    return null;
  }
  out.push(html.slice(last));
  return out.join('');
}

// fill puts the parts' HTML in place of their placeholders.
function fill(html, used) {
  return html.replace(placeholders, (p, owner, id) => {
    const { entry, value } = used.get(`${owner}-${id}`);
    return entry.value === value ? entry.html : entry.swap(entry.html, entry.value, value);
  });
}
