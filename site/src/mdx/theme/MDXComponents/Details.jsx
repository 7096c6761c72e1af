// @theme/MDXComponents/Details: the page's <details>, drawn as @theme/Details draws it.
export { default } from '../Details.jsx';
