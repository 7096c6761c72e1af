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

// siteTarget is the router's target for a link inside the site: its canonical path with the query
// and fragment. from resolves relative links (the server renders only absolute ones).
export function siteTarget(basePath, href, from = 'http://docsd.invalid/') {
  const url = new URL(href, from);
  return canonicalPath(basePath, url.pathname) + url.search + url.hash;
}
