// Admonition is a call-out, with the same markup as our Markdown's `:::kind` blocks: the kinds, their
// styles and default titles come from pkg/markdown's table (docsd:admonitions, made by the bundler),
// and an unknown kind is a note titled after itself, as in Markdown. A title written with inline
// markup arrives as the first child, a <DocsdAdmonitionTitle> (the MDX compiler puts it there).
import { Children } from 'react';
import kinds from 'docsd:admonitions';
import DocsdAdmonitionTitle from './AdmonitionTitle.jsx';

export default function Admonition({ type = 'note', title, children }) {
  const kind = String(type || 'note').toLowerCase();
  const look = kinds[kind] || { style: 'note', title: kind.charAt(0).toUpperCase() + kind.slice(1) };
  const [first, ...rest] = Children.toArray(children);
  const marked = first && first.type === DocsdAdmonitionTitle;
  return (
    <div className={`admonition admonition-${look.style}`} role="note">
      <p className="admonition-title">{marked ? first.props.children : title || look.title}</p>
      {marked ? rest : children}
    </div>
  );
}
