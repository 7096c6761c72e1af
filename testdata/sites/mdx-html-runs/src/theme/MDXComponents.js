// The site's map: docsd's own, and Steps, a component that looks at its children (it numbers each
// element it is given), as Tabs does with its TabItems.
import MDXComponents from '@theme-original/MDXComponents';
import Steps from '@site/src/components/Steps';

export default {
  ...MDXComponents,
  Steps,
};
