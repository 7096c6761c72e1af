import { isPlainClick } from '../clicks.js';
import { copyCode } from '../copy.js';
import { useNavigation } from '../navigation.js';

// useContentHandlers gives rendered page content (Markdown HTML or an MDX page) its two delegated
// handlers: a click on a code block's Copy button copies the code, a plain click on a link inside the
// site navigates in place; hovering such a link prefetches its page.
export function useContentHandlers() {
  const nav = useNavigation();
  const onClick = (event) => {
    const copy = event.target.closest('.copy-button');
    if (copy) {
      copyCode(copy);
      return;
    }
    const a = event.target.closest('a[href]');
    if (!a || !nav || event.defaultPrevented || !isPlainClick(event) || a.target) return;
    const href = a.getAttribute('href');
    if (href.startsWith('#') || !nav.isInternal(href)) return;
    event.preventDefault();
    nav.go(href);
  };
  const onMouseOver = (event) => {
    const a = event.target.closest('a[href]');
    if (a && nav && nav.isInternal(a.getAttribute('href'))) nav.prefetch(a.getAttribute('href'));
  };
  return { onClick, onMouseOver };
}
