// A is the classic theme's @theme/MDXComponents/A, which a site's ejected MDXComponents maps `a`
// to: a Markdown link, as <Link> (docsd has already resolved the page's own links).
import Link from '../../docusaurus/Link.jsx';

export default function A(props) {
  return <Link {...props} />;
}
