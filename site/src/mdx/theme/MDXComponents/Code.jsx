// Code is the classic theme's @theme/MDXComponents/Code, which an ejected map gives Markdown's
// `code`: inline code stays a <code>; code over lines, or with a language class, is a code block.
// docsd's fences never get here (the compiler gives them as docsd's highlighted HTML), nor does a
// <code> written in a page's JSX (MDX maps only Markdown's elements): inline code does, and so
// does what a site's own component renders through it.
import { Children } from 'react';
import CodeBlock from '../CodeBlock.jsx';

export default function Code(props) {
  const inline = !/language-/.test(props.className || '') && Children.toArray(props.children).every((c) => typeof c === 'string' && !c.includes('\n'));
  return inline ? <code {...props} /> : <CodeBlock {...props} />;
}
