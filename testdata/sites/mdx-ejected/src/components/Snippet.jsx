// Snippet renders code through the theme's per-element components, as a site's own component may:
// a <pre> around a language's <code> is a code block, as is code over lines given to Code.
import Pre from '@theme/MDXComponents/Pre';
import Code from '@theme/MDXComponents/Code';

export default function Snippet() {
  return (
    <>
      <Pre>
        <code className="language-sh">{'ls -l\n'}</code>
      </Pre>
      <Code>{'first line\nsecond line'}</Code>
      <Code>inline</Code>
    </>
  );
}
