// A site's own <h2> for MDX pages.
export default function Heading2(props) {
  return <h2 {...props} className="site-h2" />;
}
