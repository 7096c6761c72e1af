// CodeBlock shows code written in JSX (<CodeBlock language="yaml" title="a.yml">…</CodeBlock>) with
// the same frame as our Markdown's code blocks; it is not highlighted, since docsd highlights at
// build time and this text is only known when the page renders.
export default function CodeBlock({ children, language, className, title, showLineNumbers }) {
  const lang = language || (className && /language-(\S+)/.exec(className)?.[1]) || '';
  const text = typeof children === 'string' ? children.replace(/\n$/, '') : children;
  return (
    <div className={lang ? `code-block language-${lang}` : 'code-block'}>
      {title && <div className="code-title">{title}</div>}
      <div className="code-body">
        <pre className="chroma" tabIndex={0}>
          <code>{text}</code>
        </pre>
      </div>
    </div>
  );
}
