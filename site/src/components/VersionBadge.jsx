import { pageVersion } from '../versions.js';

// VersionBadge names the docs version of the page above its title, on a site of several versions
// (or where the version's `badge` in docsd.toml asks for it), so that a reader who scrolled past the
// navbar's menu still sees which version the page describes.
export default function VersionBadge({ site, page }) {
  const version = pageVersion(site.versions || [], page);
  if (!version || !version.badge) return null;
  return <span className="version-badge">Version: {version.label}</span>;
}
