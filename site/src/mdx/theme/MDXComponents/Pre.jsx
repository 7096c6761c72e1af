// Pre is the classic theme's @theme/MDXComponents/Pre: a <pre> around one element with a language
// class (a <code>, or the map's own code component) is a code block; any other <pre> stays one.
// Markdown gives it nothing in docsd (fences are docsd's highlighted HTML): only what a site's own
// component renders through it gets here.
import { Children, isValidElement } from 'react';
import CodeBlock from '../CodeBlock.jsx';

export default function Pre({ children, ...rest }) {
  const only = Children.toArray(children);
  const code = only.length === 1 && isValidElement(only[0]) && /language-/.test(only[0].props.className || '') ? only[0] : null;
  if (code) {
    return <CodeBlock className={code.props.className}>{code.props.children}</CodeBlock>;
  }
  return <pre {...rest}>{children}</pre>;
}
