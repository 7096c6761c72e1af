// Head is Docusaurus's <Head>: the <title>, <meta> and <link> elements in it are the page's, in
// the document's head. React 19 puts such elements in the head wherever they are rendered: in the
// browser it moves them there, and on the server its HTML opens with them, which docsd moves into
// the page's head in place of its own of the same name (pkg/render/headelements.go). The shell
// sets the tab's title after every navigation (DocumentTitle, whose effect runs before the
// page's): a page's own title is set again after it. A title written in pieces
// (<title>{name} · Site</title>) is joined, as React renders only a title of one string; one a
// component of the page renders is not seen here.
import { Children, cloneElement, isValidElement, useEffect } from 'react';

export default function Head({ children }) {
  let title = null;
  const elements = Children.map(children, (c) => {
    if (!isValidElement(c) || c.type !== 'title') return c;
    title = Children.toArray(c.props.children).join('');
    return cloneElement(c, { children: title });
  });
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
  // The template keeps the texts around the Head apart where the moved elements were: without
  // it, the server's HTML has one text where the browser's tree has two, and hydration fails.
  return (
    <>
      {elements}
      <template />
    </>
  );
}
