// @theme/MDXComponents/Heading: <Heading as="h2">, with the anchor of docsd's Markdown headings.
export { default } from '../Heading.jsx';
