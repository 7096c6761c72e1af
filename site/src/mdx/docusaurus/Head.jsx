// Head is Docusaurus's <Head>: the <title>, <meta> and <link> elements in it are the page's, in
// the document's head. React 19 puts such elements in the head wherever they are rendered: in the
// browser it moves them there, and on the server its HTML opens with them, which docsd moves into
// the page's head (pkg/render), a <title> in place of docsd's. The shell sets the tab's title
// after every navigation (DocumentTitle, whose effect runs before the page's): a page's own title
// is set again after it.
import { Children, isValidElement, useEffect } from 'react';

export default function Head({ children }) {
  const title = titleOf(children);
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
  return children;
}

// titleOf is the text of the <title> among children, null when there is none.
function titleOf(children) {
  let title = null;
  Children.forEach(children, (c) => {
    if (isValidElement(c) && c.type === 'title') title = Children.toArray(c.props.children).join('');
  });
  return title;
}
