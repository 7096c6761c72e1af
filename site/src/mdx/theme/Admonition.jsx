// Admonition is a call-out, with the same markup as our Markdown's `:::kind` blocks: the kinds, their
// styles and default titles come from pkg/markdown's table (docsd:admonitions, made by the bundler),
// and an unknown kind is a note titled after itself, as in Markdown.
import kinds from 'docsd:admonitions';

export default function Admonition({ type = 'note', title, children }) {
  const kind = String(type || 'note').toLowerCase();
  const look = kinds[kind] || { style: 'note', title: kind.charAt(0).toUpperCase() + kind.slice(1) };
  return (
    <div className={`admonition admonition-${look.style}`} role="note">
      <p className="admonition-title">{title || look.title}</p>
      {children}
    </div>
  );
}
