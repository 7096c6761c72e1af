// CodeBlock shows code written in JSX (<CodeBlock language="yaml" title="a.yml">…</CodeBlock>) with
// the same frame as our Markdown's code blocks. One whose code is written out ({`…`}) never gets
// here: the MDX compiler hands it to docsd's highlighter, as a fence. This shows code only known
// when the page renders, unhighlighted, in lines as the highlighter's (the first keeps room for
// Copy), with the same Copy button: the page's click handler copies it (useContentHandlers.js).
export default function CodeBlock({ children, language, className, title, showLineNumbers }) {
  const lang = language || (className && /language-(\S+)/.exec(className)?.[1]) || '';
  const text = typeof children === 'string' ? children.replace(/\n$/, '') : children;
  return (
    <div className={lang ? `code-block language-${lang}` : 'code-block'}>
      {title && <div className="code-title">{title}</div>}
      <div className="code-body">
        <pre className="chroma" tabIndex={0}>
          <code>
            {typeof text === 'string'
              ? text.split('\n').map((line, i) => (
                  <span className="line" key={i}>
                    {`${line}\n`}
                  </span>
                ))
              : text}
          </code>
        </pre>
        <button type="button" className="copy-button" aria-label="Copy code to clipboard">
          Copy
        </button>
      </div>
    </div>
  );
}
