// categoryCards are the cards of the category whose own page (its link) is route, found in the
// doc's sidebar: what <DocCardList /> shows on a category's page, as Docusaurus does. Null when no
// category of the sidebar links to route. A category's card says how many pages it holds and opens its page, or its first page.
import { countLinks, findCategory, firstRoute } from './sidebarItems.js';

export function categoryCards(sidebar, route) {
  if (!sidebar || !route) return null;
  const category = findCategory(sidebar, route);
  if (!category) return null;
  return (category.items || [])
    .map((it) => ({ title: it.label, route: it.route || firstRoute(it.items), href: it.href, description: it.type === 'category' ? itemsText(countLinks(it.items)) : undefined }))
    .filter((c) => c.route || c.href);
}

// itemsText is a category card's line, as Docusaurus writes it.
export function itemsText(n) {
  return n === 1 ? '1 item' : `${n} items`;
}

// linksIn counts the links of Docusaurus-shaped items (useCurrentSidebarCategory's).
export function linksIn(items) {
  let n = 0;
  for (const it of items || []) n += it.type === 'category' ? linksIn(it.items) : 1;
  return n;
}
