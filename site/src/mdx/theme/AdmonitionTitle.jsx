// DocsdAdmonitionTitle marks an admonition's title written with inline markup (`:::tip[Run
// \`vela\`]`): the MDX compiler makes it the Admonition's first child, and Admonition draws its
// children as the title. Alone (a site's own Admonition that does not know it), it shows its text.
export default function DocsdAdmonitionTitle({ children }) {
  return <p className="admonition-title">{children}</p>;
}
