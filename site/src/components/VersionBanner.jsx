import { latestVersion, pageVersion } from '../versions.js';
import SiteLink from './SiteLink.jsx';
import { preferredVersion, versionTarget } from './VersionDropdown.jsx';

// VersionBanner tells a reader who landed on the docs of a version other than the latest (from a
// search engine, an old link) which version they are reading, and links the same page in the latest
// version, or that version's first page when the page is not there. The version's `banner`
// (docsd.toml [[versions]]) decides: "unreleased", "unmaintained", or none.
export default function VersionBanner({ site, page }) {
  const versions = site.versions || [];
  const version = pageVersion(versions, page);
  if (!version || !version.banner) return null;
  const latest = latestVersion(versions);
  const same = (page.otherVersions || []).some((v) => v.name === latest.name);
  return (
    <div className={`version-banner version-banner-${version.banner}`} role="note" aria-label="Version notice">
      <p>
        {version.banner === 'unreleased'
          ? `These are the docs of ${version.label}, which is not released yet.`
          : `These are the docs of ${version.label}, an older version that is no longer maintained.`}
      </p>
      <p>
        Read{' '}
        <SiteLink href={versionTarget(site, page, latest)} onClick={() => preferredVersion.set(latest.name)}>
          {same ? `this page in ${latest.label}` : `the docs of ${latest.label}`}
        </SiteLink>
        , the latest version.
      </p>
    </div>
  );
}
