// Mermaid is @theme/Mermaid, which sites with Docusaurus's Mermaid theme map `mermaid` to and use
// as <Mermaid value="graph TD; …" />. docsd draws no diagrams: like its Markdown, which shows a
// ```mermaid fence as code, it shows the diagram's source as a code block.
import CodeBlock from './CodeBlock.jsx';

export default function Mermaid({ value }) {
  return <CodeBlock language="mermaid">{value}</CodeBlock>;
}
