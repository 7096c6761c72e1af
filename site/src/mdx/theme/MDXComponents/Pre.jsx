// Pre is the classic theme's @theme/MDXComponents/Pre: a <pre> around a <code> with a language
// class is a code block; any other <pre> stays one. As with Code, only JSX in a page gets here.
import { Children, isValidElement } from 'react';
import CodeBlock from '../CodeBlock.jsx';

export default function Pre({ children, ...rest }) {
  const only = Children.toArray(children);
  const code = only.length === 1 && isValidElement(only[0]) && only[0].type === 'code' ? only[0] : null;
  if (code && /language-/.test(code.props.className || '')) {
    return <CodeBlock className={code.props.className}>{code.props.children}</CodeBlock>;
  }
  return <pre {...rest}>{children}</pre>;
}
