// A component of the fixture's Docusaurus site that reads the site's config as Docusaurus sites do
// (useDocusaurusContext, docsd.toml's [docusaurus.custom_fields]) and draws an .svg imported as a
// component (SVGR's shape).
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Logo from '@site/static/img/favicon.svg';

export default function SiteMotto() {
  const { siteConfig } = useDocusaurusContext();
  return (
    <p className="fixture-motto">
      <Logo className="fixture-logo" width={16} height={16} aria-hidden="true" />
      {siteConfig.title}: {siteConfig.customFields.motto}
    </p>
  );
}
