// sidebarItems turns docsd's sidebar items into Docusaurus's shape (type link or category, label,
// href, and a category's items), which useCurrentSidebarCategory and useDocsSidebar give and
// <DocCardList items> reads; findCategory finds the category whose own page is route.
export function toDocusaurusItems(items) {
  return (items || []).map(toDocusaurusItem).filter(Boolean);
}

function toDocusaurusItem(it) {
  if (it.type === 'category') {
    return { type: 'category', label: it.label, href: it.route || firstRoute(it.items), items: toDocusaurusItems(it.items), collapsed: it.collapsed, collapsible: it.collapsible };
  }
  const href = it.route || it.href;
  if (!href) return null;
  return { type: 'link', label: it.label, href, docId: it.docId };
}

// firstRoute is the first page inside a category without a page of its own, which its card opens.
export function firstRoute(items) {
  for (const it of items || []) {
    const r = it.route || firstRoute(it.items);
    if (r) return r;
  }
  return undefined;
}

export function findCategory(items, route) {
  for (const it of items || []) {
    if (it.type !== 'category') continue;
    if (it.route === route) return it;
    const inner = findCategory(it.items, route);
    if (inner) return inner;
  }
  return null;
}
