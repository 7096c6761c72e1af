// Img is the classic theme's @theme/MDXComponents/Img: a Markdown image, loaded when the reader
// scrolls near it, as the classic theme's are.
export default function Img(props) {
  return <img loading="lazy" {...props} />;
}
