// useBaseUrl puts the site's base path before a site path ("/img/a.png" → "/docs/img/a.png"),
// as Docusaurus does; full URLs, anchors and paths already under the base path stay as they are.
import { useMdxPage } from '../context.js';

export function withBaseUrl(basePath, url) {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return url;
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  if (url.startsWith(base) || `${url}/` === base) return url;
  return base + url.slice(1);
}

export default function useBaseUrl(url) {
  const { basePath } = useMdxPage();
  return withBaseUrl(basePath, url);
}

export function useBaseUrlUtils() {
  const { basePath } = useMdxPage();
  return { withBaseUrl: (url) => withBaseUrl(basePath, url) };
}
