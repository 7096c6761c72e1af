// A component of the fixture site, imported by its MDX pages as @site/src/thing.
export function Thing() {
  return <span className="thing">a thing from the site</span>;
}
