import { InternalError } from './errors.js';

// activeVersion finds the docs version a path belongs to (SPEC §4): the version whose path is the
// longest prefix of the path, so /docs/1.0/x is in "1.0" and not in the version at /docs.
export function activeVersion(versions, pathname) {
  let best = null;
  let bestLength = -1;
  for (const v of versions) {
    const p = v.path.replace(/\/+$/, '');
    if ((pathname === p || pathname.startsWith(`${p}/`)) && p.length > bestLength) {
      best = v;
      bestLength = p.length;
    }
  }
  return best;
}

// docsVersionOf is the docs lookup of the version dropdown: the version of the page on screen (its
// own, else the version whose path matches its route). Every page docsd builds lies under a version's
// path, so no docs versions (the docs plugin is disabled) or no match is a fault of the site: an
// internal error, not a designed message. A page still loading counts as the latest version, and so
// does a page of a [[docs]] set (page.instance), which has no version of the versioned docs.
export function docsVersionOf(site, page) {
  const versions = site.versions || [];
  if (versions.length === 0) throw new InternalError('The docs plugin is disabled: there are no docs versions to look up.');
  if (!page || page.instance) return latestVersion(versions);
  const active = pageVersion(versions, page);
  // A site whose docs sit below its base path (base_path "/", docs at /docs: Docusaurus's default)
  // has pages outside every version, the landing and blog: there the latest version is shown, as
  // Docusaurus's dropdown does. Where the docs are the whole site, no match is a fault.
  if (!active && docsBelowBase(site, versions)) return latestVersion(versions);
  if (!active) throw new InternalError(`No docs version matches the path ${page.route} (version paths: ${versions.map((v) => v.path).join(', ')}).`);
  return active;
}

// latestVersion is the version marked is_last, else the first listed (undefined for none).
export function latestVersion(versions) {
  return versions.find((v) => v.isLast) || versions[0];
}

// pageVersion is the version of page: its own, else the one whose path holds its route; null when
// it lies outside every version or in a [[docs]] set (whose path may lie inside a version's).
export function pageVersion(versions, page) {
  if (page.instance) return null;
  const own = page.version && versions.find((v) => v.name === page.version);
  return own || activeVersion(versions, page.route);
}

function docsBelowBase(site, versions) {
  const base = (site.basePath || '/').replace(/\/+$/, '');
  return versions.some((v) => {
    const p = v.path.replace(/\/+$/, '');
    return p !== base && p.startsWith(`${base}/`);
  });
}
