// A component of the fixture's Docusaurus site, imported by docs/hello.mdx as @site/src/components/Hello.
export default function Hello({ name }) {
  return <p className="fixture-hello">Hello from {name}</p>;
}
