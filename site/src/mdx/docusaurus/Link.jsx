// Link is Docusaurus's <Link to>: a site path (under the base path) navigates inside the site like
// every link of the shell; other URLs are plain anchors.
import SiteLink from '../../components/SiteLink.jsx';
import { useMdxPage } from '../context.js';
import { withBaseUrl } from './useBaseUrl.js';

export default function Link({ to, href, children, isNavLink, activeClassName, autoAddBaseUrl = true, ...rest }) {
  const { basePath } = useMdxPage();
  const target = to ?? href ?? '#';
  const url = autoAddBaseUrl ? withBaseUrl(basePath, target) : target;
  return (
    <SiteLink href={url} {...rest}>
      {children}
    </SiteLink>
  );
}
