import { useRef } from 'react';
import { useNavigation } from '../navigation.js';
import { MdxPageContext } from './context.js';

// MdxContent (each MDX page's chunk exports it as Frame, see load.js) renders the page's module where a Markdown page's HTML goes, in the same
// .markdown container: links written in the page navigate inside the site and code blocks' Copy
// buttons work, through the same delegated handlers as Markdown.jsx.
export default function MdxContent({ site, page, Content }) {
  const nav = useNavigation();
  const ref = useRef(null);
  const onClick = (event) => {
    const copy = event.target.closest('.copy-button');
    if (copy) {
      const code = copy.parentElement.querySelector('code');
      if (code && navigator.clipboard) {
        navigator.clipboard.writeText(code.innerText).then(
          () => {
            copy.textContent = 'Copied';
            setTimeout(() => (copy.textContent = 'Copy'), 1500);
          },
          () => {},
        );
      }
      return;
    }
    const a = event.target.closest('a[href]');
    if (!a || !nav || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || a.target) return;
    const href = a.getAttribute('href');
    if (href.startsWith('#') || !nav.isInternal(href)) return;
    event.preventDefault();
    nav.go(href);
  };
  const onMouseOver = (event) => {
    const a = event.target.closest('a[href]');
    if (a && nav && nav.isInternal(a.getAttribute('href'))) nav.prefetch(a.getAttribute('href'));
  };
  return (
    <MdxPageContext.Provider value={{ basePath: site.basePath, page }}>
      {(page.mdx.css || []).map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="mdx" />
      ))}
      <div ref={ref} className="markdown" data-mdx-content="true" onClick={onClick} onMouseOver={onMouseOver}>
        <Content />
      </div>
    </MdxPageContext.Provider>
  );
}
