// A site's own inline <code> for MDX pages.
export default function Code(props) {
  return <code {...props} className="site-code" />;
}
