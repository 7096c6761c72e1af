// categoryCards are the cards of the category whose own page (its link) is route, found in the
// doc's sidebar: what <DocCardList /> shows on a category's page, as Docusaurus does. Null when no
// category of the sidebar links to route. A category's card says how many pages it holds and opens its page, or its first page.
export function categoryCards(sidebar, route) {
  if (!sidebar || !route) return null;
  const category = findCategory(sidebar, route);
  if (!category) return null;
  return (category.items || [])
    .map((it) => ({ title: it.label, route: it.route || firstRoute(it.items), href: it.href, description: it.type === 'category' ? itemsText(countLinks(it.items)) : undefined }))
    .filter((c) => c.route || c.href);
}

// firstRoute is the first page inside a category without a page of its own, which its card opens.
function firstRoute(items) {
  for (const it of items || []) {
    const r = it.route || firstRoute(it.items);
    if (r) return r;
  }
  return undefined;
}

// itemsText is a category card's line, as Docusaurus writes it.
function itemsText(n) {
  return n === 1 ? '1 item' : `${n} items`;
}

function findCategory(items, route) {
  for (const it of items) {
    if (it.type !== 'category') continue;
    if (it.route === route) return it;
    const inner = findCategory(it.items || [], route);
    if (inner) return inner;
  }
  return null;
}

function countLinks(items) {
  let n = 0;
  for (const it of items || []) n += (it.route ? 1 : 0) + countLinks(it.items);
  return n;
}
