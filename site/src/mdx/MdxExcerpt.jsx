import { Children } from 'react';
import { MdxPageContext } from './context.js';

// MdxExcerpt renders the part of an MDX blog post before its <DocsdTruncate> (all of it when it
// has none), for the blog's lists and feeds: the server renderer renders it on its own when docsd
// asks for a post's excerpt (entry-server.jsx), and the lists show that HTML as they show a
// Markdown post's excerpt. Content is the post's MDX component: it returns the post's top-level
// blocks as one fragment, which is cut at the marker.
export default function MdxExcerpt({ site, page, Content }) {
  const tree = Content({});
  const blocks = Children.toArray(tree && tree.props ? tree.props.children : tree);
  const end = blocks.findIndex((b) => b && b.type && b.type.docsdTruncate);
  return (
    <MdxPageContext.Provider value={{ basePath: site.basePath, site, page }}>{end < 0 ? blocks : blocks.slice(0, end)}</MdxPageContext.Provider>
  );
}
