// The hooks of @docusaurus/plugin-content-docs/client (and @docusaurus/theme-common, where
// Docusaurus 2 had them) that MDX pages call, read from the doc's sidebar in docsd's page data.
// <DocCardList items={useCurrentSidebarCategory().items} /> is the common use.
import { useMdxPage } from '../context.js';
import { findCategory, toDocusaurusItems } from '../theme/sidebarItems.js';

// useCurrentSidebarCategory is the category whose own page this is. As in Docusaurus, a page that
// is no category's page is an error, named with the page.
export function useCurrentSidebarCategory() {
  const { page, sidebar } = useMdxPage();
  const route = page && page.route;
  const category = findCategory(sidebar, route);
  if (!category) {
    throw new Error(`useCurrentSidebarCategory: ${route || 'this page'} is not the page of a category of its sidebar`);
  }
  return { type: 'category', label: category.label, href: route, items: toDocusaurusItems(category.items) };
}

// useDocsSidebar is the doc's sidebar, or null on a page without one.
export function useDocsSidebar() {
  const { page, sidebar } = useMdxPage();
  if (!sidebar) return null;
  return { name: (page && page.sidebar) || '', items: toDocusaurusItems(sidebar) };
}
