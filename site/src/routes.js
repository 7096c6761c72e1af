// Where the published files of a route live (docsd writes them: pkg/site DataPath).
export function dataUrl(basePath, pathname) {
  let rel = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname.replace(/^\//, '');
  rel = rel.replace(/\/+$/, '').replace(/\.html$/, '').replace(/\/index$/, '');
  return `${basePath}__data/${rel === '' ? 'index' : rel}.json`;
}

export function sidebarUrl(basePath, key) {
  return `${basePath}__data/sidebars/${key}.json`;
}

// canonicalPath applies the URL contract: no trailing slash, no .html, no /index.html.
export function canonicalPath(basePath, pathname) {
  let p = pathname.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  if (p.length > 1 && p.endsWith('/') && p !== basePath) p = p.replace(/\/+$/, '');
  if (p === basePath.replace(/\/$/, '')) p = basePath;
  return p;
}

export function isInternal(basePath, href) {
  if (typeof href !== 'string' || !href.startsWith('/') || href.startsWith('//')) return false; // other sites, mailto:, relative
  const base = basePath.replace(/\/$/, '');
  const path = href.split(/[?#]/)[0];
  return (path === base || path.startsWith(base + '/')) && !/\.(xml|json|png|svg|jpg|jpeg|gif|pdf|txt|zip)$/.test(path);
}

// routerHref is the href react-router's <Link to> renders for a target from siteTarget (an absolute
// path) in a router without a basename, as its resolveTo and createPath make it: repeated slashes
// (and backslashes) merged, '.' and '..' segments resolved, an empty query or fragment dropped.
export function routerHref(to) {
  const hashAt = to.indexOf('#');
  const hash = hashAt < 0 ? '' : to.slice(hashAt);
  const rest = hashAt < 0 ? to : to.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  const search = searchAt < 0 ? '' : rest.slice(searchAt);
  const target = (searchAt < 0 ? rest : rest.slice(0, searchAt)).replace(/[\\/]{2,}/g, '/');
  const segments = [''];
  for (const segment of target.slice(1).split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') segments.push(segment);
  }
  let pathname = segments.length > 1 ? segments.join('/') : '/';
  if (!pathname.endsWith('/') && target !== '/' && target.endsWith('/')) pathname += '/';
  return pathname + (search === '?' ? '' : search) + (hash === '#' ? '' : hash);
}

// linkHref is the href of a site link to href: routerHref(siteTarget(basePath, href)), remembered,
// since a site's links repeat on every page (the navbar, the footer, a sidebar's few hundred) and
// parsing each as a URL was a sixth of the server's rendering. It is a pure function of its
// arguments; the memo is dropped whole when it grows past a bound (docsd watch runs all day).
const linkHrefs = new Map();
export function linkHref(basePath, href) {
  const key = basePath + '\n' + href;
  let out = linkHrefs.get(key);
  if (out === undefined) {
    if (linkHrefs.size >= 50000) linkHrefs.clear();
    out = routerHref(siteTarget(basePath, href));
    linkHrefs.set(key, out);
  }
  return out;
}

// siteTarget is the router's target for a link inside the site: its canonical path with the query
// and fragment. from resolves relative links (the server renders only absolute ones).
export function siteTarget(basePath, href, from = 'http://docsd.invalid/') {
  const url = new URL(href, from);
  return canonicalPath(basePath, url.pathname) + url.search + url.hash;
}
