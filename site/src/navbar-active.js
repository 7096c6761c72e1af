// navbar-active.js says which navbar item is the page's, for NavbarItems and the server's part
// cache (Navbar): plain JavaScript, so that Node's tests import it as it is.

// itemActive says whether a navbar item is the page's: a doc sidebar item whose sidebar the page is in.
// The page's sidebar is a key, version-locale-id (pkg/site): the id is what follows its version and
// locale, whole (a [[docs]] set's id may hold a '-': "user-guide" is no "guide").
export function itemActive(page, item) {
  return Boolean(page && item.sidebar && page.sidebar === `${page.version}-${page.locale}-${item.sidebar}`);
}
