// The fixture site's components for every MDX page: docsd's own, and Wave.
import MDXComponents from '@theme-original/MDXComponents';
import Wave from '@site/src/components/Wave';

export default {
  ...MDXComponents,
  Wave,
};
