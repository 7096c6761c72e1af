// The site's map of components every MDX page gets without an import: docsd's own, and three of ours.
import MDXComponents from '@theme-original/MDXComponents';
import Shout from '@site/src/components/Shout';
import ClickCounter from '@site/src/components/ClickCounter';
import Aside from '@site/src/components/Aside';

export default {
  ...MDXComponents,
  Shout,
  ClickCounter,
  Aside,
};
