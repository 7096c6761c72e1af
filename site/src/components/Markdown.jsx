import { useNavigation } from '../navigation.js';

// Markdown shows HTML rendered by docsd. Its links navigate inside the site like every other link
// and its code blocks' Copy buttons work, through one delegated click handler.
export default function Markdown({ html, className = 'markdown' }) {
  const nav = useNavigation();
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
  return <div className={className} onClick={onClick} onMouseOver={onMouseOver} dangerouslySetInnerHTML={{ __html: html }} />;
}
