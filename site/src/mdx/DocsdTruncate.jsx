// DocsdTruncate is where a blog post's excerpt ends (the MDX compiler puts it in place of a
// top-level `{/* truncate */}` or `<!-- truncate -->`): nothing on the page; MdxExcerpt.jsx
// renders what comes before it for the blog's lists.
export default function DocsdTruncate() {
  return null;
}
DocsdTruncate.docsdTruncate = true;
