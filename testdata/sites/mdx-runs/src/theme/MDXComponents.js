// The site's map of components every MDX page gets: docsd's own, and two elements the Markdown
// runs of a page make, overridden.
import MDXComponents from '@theme-original/MDXComponents';
import Heading2 from '@site/src/components/Heading2';
import Code from '@site/src/components/Code';

export default { ...MDXComponents, h2: Heading2, code: Code };
