// localizePath gives the same page path in another locale. The default locale has no prefix; any
// other locale's code follows the base path. docsd has the same rule (pkg/site LocalizePath).
export function localizePath({ pathname, basePath, locales, from, to }) {
  const base = basePath.replace(/\/$/, '');
  const defaultCode = (locales.find((l) => l.default) || locales[0]).code;
  let rest = pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  if (from !== defaultCode && (rest === `/${from}` || rest.startsWith(`/${from}/`))) {
    rest = rest.slice(from.length + 1);
  }
  if (rest === '/') rest = '';
  if (to !== defaultCode) rest = `/${to}${rest}`;
  return rest === '' ? `${base}/` : base + rest;
}
