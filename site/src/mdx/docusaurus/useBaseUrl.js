// useBaseUrl puts the site's base path before a site path ("/img/a.png" → "/docs/img/a.png"),
// as Docusaurus does; full URLs, anchors and paths already under the base path stay as they are.
// A path without its leading slash is a site path to Docusaurus's useBaseUrl too ("img/a.png" →
// "/docs/img/a.png": a component's src written so is not relative to the page); <Link>, which
// leaves a relative link relative, uses withBaseUrl.
import { useMdxPage } from '../context.js';

export function withBaseUrl(basePath, url) {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return url;
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  if (`${url}/` === base) return base; // the base path without its slash is the base path, as Docusaurus's
  if (url.startsWith(base)) return url;
  return base + url.slice(1);
}

// siteUrlOf is useBaseUrl's URL: a URL with a scheme ("https:", "mailto:", "data:"), a
// protocol-relative one and an anchor stay as they are; forcePrependBaseUrl puts the base path
// before even a path already under it; absolute puts the site's url before the result.
export function siteUrlOf(basePath, siteUrl, url, { forcePrependBaseUrl = false, absolute = false } = {}) {
  if (!url || url.startsWith('#') || url.startsWith('//') || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) return url;
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  let path;
  if (forcePrependBaseUrl) path = base + url.replace(/^\//, '');
  else if (url.startsWith('/')) path = withBaseUrl(basePath, url);
  else path = base + url;
  return absolute && siteUrl ? siteUrl.replace(/\/$/, '') + path : path;
}

export default function useBaseUrl(url, options) {
  const { basePath, site } = useMdxPage();
  return siteUrlOf(basePath, site?.url, url, options);
}

export function useBaseUrlUtils() {
  const { basePath, site } = useMdxPage();
  return { withBaseUrl: (url, options) => siteUrlOf(basePath, site?.url, url, options) };
}
