// How the server's part cache (server-parts.js) reuses a sidebar's HTML across its pages. A
// sidebar's HTML depends on the current page in two ways: which categories hold it (they are
// marked and open, and their links are rendered), and which links are its own (marked active).
// The part's name spells the first; the second is its value, swapped in the HTML by swapActive.
import { isInternal, linkHref } from './routes.js';

// What a sidebar's links render as href, per sidebar object: hrefs maps each rendered href to the
// route that marks it active (null for a link by href). ok is false when swapping is not exact:
// two links with the same href, raw HTML items, or an href with characters React escapes.
const analyses = new WeakMap();

function analyse(basePath, items) {
  let a = analyses.get(items);
  if (a && a.basePath === basePath) return a;
  a = { basePath, hrefs: new Map(), ok: true };
  const add = (href, route) => {
    if (typeof href !== 'string' || (route !== null && !isInternal(basePath, route))) {
      a.ok = false;
      return;
    }
    const rendered = isInternal(basePath, href) ? linkHref(basePath, href) : href;
    if (/[&"'<>]/.test(rendered) || a.hrefs.has(rendered)) a.ok = false;
    a.hrefs.set(rendered, route);
  };
  const walk = (list) => {
    for (const item of list) {
      if (item.type === 'html') a.ok = false;
      else if (item.type === 'category') {
        if (item.route) add(item.route, item.route);
        walk(item.items || []);
      } else if (item.route) add(item.route, item.route);
      else add(item.href, null);
    }
  };
  walk(items);
  a.trails = trails(items);
  analyses.set(items, a);
  return a;
}

// trails maps each route the sidebar links to the part name's list of categories that hold it
// (SidebarTree's contains: the categories above a link to the route, and a category that is the
// route's own page), by their index path, in the order of a depth-first walk that names a category
// after its items. Made once per sidebar: walking the whole sidebar for every page was most of
// sidebarPart's time.
function trails(items) {
  const held = new Map(); // route -> Set of index paths
  const rank = new Map(); // index path -> its place in the walk
  const hold = (route, categories) => {
    let set = held.get(route);
    if (!set) held.set(route, (set = new Set()));
    for (const at of categories) set.add(at);
  };
  const walk = (list, path, above) => {
    list.forEach((item, i) => {
      if (item.type !== 'category') {
        if (typeof item.route === 'string') hold(item.route, above);
        return;
      }
      const at = `${path}.${i}`;
      const inside = [...above, at];
      walk(item.items || [], at, inside);
      rank.set(at, rank.size);
      if (typeof item.route === 'string') hold(item.route, inside);
    });
  };
  walk(items, '', []);
  const out = new Map();
  for (const [route, set] of held) out.set(route, [...set].sort((x, y) => rank.get(x) - rank.get(y)).join(','));
  return out;
}

// sidebarPart is the part name and value of a sidebar on the page at current, or null when the
// sidebar must render in full. The name lists the categories that hold the page (SidebarTree's
// contains), by their index path.
export function sidebarPart(basePath, items, current) {
  const a = analyse(basePath, items);
  if (!a.ok || !isInternal(basePath, current)) return null;
  const href = linkHref(basePath, current);
  if (a.hrefs.has(href) && a.hrefs.get(href) !== current) return null;
  return { name: `sidebar:${a.trails.get(current) ?? ''}`, value: href };
}

// swapActive turns the HTML a sidebar rendered for the page at href from into its HTML for the
// page at href to: from's links lose their active mark, to's get it (SidebarTree's links).
export function swapActive(html, from, to) {
  const active = (href) => `<a class="menu-link active" aria-current="page" href="${href}" data-discover="true">`;
  const plain = (href) => `<a class="menu-link" href="${href}" data-discover="true">`;
  return html.split(active(from)).join(plain(from)).split(plain(to)).join(active(to));
}
