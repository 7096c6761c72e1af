// How the server's part cache (server-parts.js) reuses the navbar's version and locale menus across
// pages. A menu's HTML depends on the page only through the hrefs of its links (the page in each
// version or locale) and, for the version menu, through which version is active: the part's name
// spells the active version, its value lists the hrefs in the order the menu renders them, and
// swapHrefs puts another page's hrefs in place of those the HTML was learnt with.
import { localizePath } from './locale.js';
import { isInternal, linkHref } from './routes.js';
import { docsVersionOf } from './versions.js';
import { versionTarget } from './components/VersionDropdown.jsx';

// siteLinkHref is the href SiteLink renders for a link to href.
function siteLinkHref(basePath, href) {
  return isInternal(basePath, href) ? linkHref(basePath, href) : href;
}

// hrefsValue is a part's value for the hrefs its links render, in order, or null when swapping
// them would not be exact: an href that is not a path (React rewrites javascript: URLs), or that
// holds a character React escapes in an attribute, or the separator.
function hrefsValue(hrefs) {
  for (const href of hrefs) {
    if (typeof href !== 'string' || !href.startsWith('/') || /[&"'<>\n]/.test(href)) return null;
  }
  return hrefs.join('\n');
}

// versionMenuPart is the part name and value of the version menu (VersionDropdown) on page, or
// null when it must render in full (no page, or site data the menu fails on: it then fails
// inside its navbar item, which names it). The "All versions" link is the same on every page.
export function versionMenuPart(name, site, page) {
  if (!page) return null;
  try {
    const active = docsVersionOf(site, page);
    const value = hrefsValue(site.versions.map((v) => siteLinkHref(site.basePath, versionTarget(site, page, v))));
    return value === null ? null : { name: `${name}-version-${active.name}`, value };
  } catch {
    return null;
  }
}

// localeMenuPart is the part name and value of the locale menu (LocaleDropdown) at pathname (the
// router's location, which the menu reads), or null as versionMenuPart's. On the server the
// menu's links carry no search or hash (they join after hydration).
export function localeMenuPart(name, site, pathname) {
  try {
    const value = hrefsValue(site.locales.map((l) => localizePath({ pathname, basePath: site.basePath, locales: site.locales, from: site.locale, to: l.code })));
    return value === null ? null : { name, value };
  } catch {
    return null;
  }
}

// swapHrefs turns a menu's HTML learnt with the hrefs from into its HTML with the hrefs to (each
// a value of hrefsValue, of the same length): each link's href="…", in order.
export function swapHrefs(html, from, to) {
  const was = from.split('\n');
  const now = to.split('\n');
  let out = '';
  let at = 0;
  for (let i = 0; i < was.length; i++) {
    const old = `href="${was[i]}"`;
    const found = html.indexOf(old, at);
    if (found < 0) throw new Error(`A cached navbar menu lacks the link ${old} it was learnt with.`);
    out += `${html.slice(at, found)}href="${now[i]}"`;
    at = found + old.length;
  }
  return out + html.slice(at);
}
