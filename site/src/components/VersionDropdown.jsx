import { storageSlot } from '../storage.js';
import { docsVersionOf } from '../versions.js';
import Dropdown from './Dropdown.jsx';
import SiteLink from './SiteLink.jsx';

// The preferred docs version is kept per docs plugin (SPEC §4): docs-preferred-version-{pluginId}.
export const PLUGIN_ID = 'default';
export const preferredVersion = storageSlot(`docs-preferred-version-${PLUGIN_ID}`);

export function versionTarget(site, page, version) {
  const same = page && (page.otherVersions || []).find((v) => v.name === version.name);
  if (same) return same.route;
  if (page && page.version === version.name) return page.route;
  return (site.versionRoutes && site.versionRoutes[version.name]) || site.basePath;
}

export default function VersionDropdown({ site, page, mobile }) {
  const active = docsVersionOf(site, page);
  const items = site.versions.map((v) => (
    <li key={v.name}>
      <SiteLink
        className={`dropdown-link${v.name === active.name ? ' active' : ''}`}
        href={versionTarget(site, page, v)}
        aria-current={v.name === active.name ? 'true' : undefined}
        onClick={() => preferredVersion.set(v.name)}
      >
        {v.label}
      </SiteLink>
    </li>
  ));
  items.push(
    <li key="all" className="dropdown-separator">
      <SiteLink className="dropdown-link" href={`${site.basePath}versions`}>
        All versions
      </SiteLink>
    </li>,
  );
  if (mobile) {
    return (
      <li className="menu-group">
        <span className="menu-group-label">Version</span>
        <ul>{items}</ul>
      </li>
    );
  }
  return <Dropdown label={active.label}>{items}</Dropdown>;
}
