import SiteLink from './SiteLink.jsx';
import { preferredVersion } from './VersionDropdown.jsx';

// VersionBanner tells a reader who landed on the docs of a version other than the latest (from a
// search engine, an old link) which version they are reading, and links the latest version; following
// the link makes that version the preferred one, as the version menu does. The page's data carries
// the notice (pkg/build/versionnotice.go: docsd.toml's [[versions]] banner).
export default function VersionBanner({ notice }) {
  return (
    <p className="version-banner" role="note">
      {notice.text}
      <SiteLink href={notice.route} onClick={() => preferredVersion.set(notice.latest)}>
        {notice.link}
      </SiteLink>
    </p>
  );
}
