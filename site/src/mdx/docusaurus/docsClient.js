// The hooks of @docusaurus/plugin-content-docs/client (and @docusaurus/theme-common, where
// Docusaurus 2 had them) that MDX pages call, read from the doc's sidebar in docsd's page data and
// the site's versions. <DocCardList items={useCurrentSidebarCategory().items} /> is the common use;
// a page naming its version (`useActiveVersion().label`) another.
import { useMdxPage } from '../context.js';
import { findCategory, toDocusaurusItems } from '../theme/sidebarItems.js';
import { latestVersion, pageVersion } from '../../versions.js';

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

// The docs versions, as Docusaurus's hooks give them: {name, label, path, isLast, mainDocId}, from
// docsd.toml's [[versions]] (a docs plugin id is not read: docsd has one docs plugin).
function asVersion(v) {
  return v ? { name: v.name, label: v.label, path: v.path, isLast: v.isLast, mainDocId: v.mainDocId } : undefined;
}

// useVersions is every docs version, the latest first as docsd.toml lists them.
export function useVersions() {
  const { site } = useMdxPage();
  return ((site && site.versions) || []).map(asVersion);
}

// useLatestVersion is the version marked is_last (else the first).
export function useLatestVersion() {
  const { site } = useMdxPage();
  return asVersion(latestVersion((site && site.versions) || []));
}

// useActiveVersion is the version of the page on screen: its own, else the one whose path holds
// its route (undefined outside every version, as on Docusaurus's pages outside the docs).
export function useActiveVersion() {
  const { site, page } = useMdxPage();
  return asVersion(page && pageVersion((site && site.versions) || [], page));
}
