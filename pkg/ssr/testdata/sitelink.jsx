// Renders each case of the SiteLink test (sitelink_test.go) twice, with the shell's SiteLink and
// with react-router's Link as SiteLink used it before it rendered its anchor itself, and prints
// both as JSON: [{site, link}].
import { renderToString } from 'react-dom/server';
import { Link, StaticRouter } from 'react-router-dom';
import SiteLink from '../../../site/src/components/SiteLink.jsx';
import { NavigationContext } from '../../../site/src/navigation.js';
import { isInternal, siteTarget } from '../../../site/src/routes.js';

const cases = JSON.parse(process.argv[2]);
const out = cases.map(({ basePath, location, href, props }) => {
  const nav = { basePath, isInternal: (h) => isInternal(basePath, h), go() {}, prefetch() {} };
  const page = (link) =>
    renderToString(
      <NavigationContext.Provider value={nav}>
        <StaticRouter location={location}>{link}</StaticRouter>
      </NavigationContext.Provider>,
    );
  const noop = () => {};
  return {
    site: page(
      <SiteLink href={href} {...props}>
        text
      </SiteLink>,
    ),
    link: page(
      nav.isInternal(href) ? (
        <Link {...props} to={siteTarget(basePath, href)} onClick={noop} onMouseEnter={noop} onFocus={noop}>
          text
        </Link>
      ) : (
        <a href={href} {...props}>
          text
        </a>
      ),
    ),
  };
});
process.stdout.write(JSON.stringify(out));
