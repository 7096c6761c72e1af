// Code is the classic theme's @theme/MDXComponents/Code: inline code stays a <code>; code over
// lines, or with a language class, is a code block. docsd's fences never get here (the compiler
// gives them as docsd's highlighted HTML): only a <code> written in a page's JSX does.
import { Children } from 'react';
import CodeBlock from '../CodeBlock.jsx';

export default function Code(props) {
  const inline = !/language-/.test(props.className || '') && Children.toArray(props.children).every((c) => typeof c === 'string' && !c.includes('\n'));
  return inline ? <code {...props} /> : <CodeBlock {...props} />;
}
