import { useEffect } from 'react';
import { isPlainClick } from '../clicks.js';
import { useNavigation } from '../navigation.js';

const loadCopy = () => import('../copy.js');

// useCopyReady loads copy.js once a page with code blocks is up, so that a click on Copy finds it
// there (it is left out of the first load; see startCopy).
function useCopyReady() {
  useEffect(() => {
    if (document.querySelector('.copy-button')) loadCopy();
  }, []);
}

// startCopy starts copying the code of the block whose Copy button is `button`: the clipboard write
// starts within the click, as Safari wants; copy.js says how it went, or falls back.
function startCopy(button) {
  const code = button.parentElement.querySelector('code');
  if (!code) return;
  // textContent is the code as written: innerText would add a blank line after every line, each
  // being a block (.line) that also ends with its newline.
  const written = navigator.clipboard
    ? navigator.clipboard.writeText(code.textContent).then(
        () => true,
        () => false,
      )
    : null;
  loadCopy().then((m) => m.finishCopy(button, code, written));
}

// useContentHandlers gives rendered page content (Markdown HTML or an MDX page) its two delegated
// handlers: a click on a code block's Copy button copies the code, a plain click on a link inside the
// site navigates in place; hovering such a link prefetches its page.
export function useContentHandlers() {
  const nav = useNavigation();
  useCopyReady();
  const onClick = (event) => {
    const copy = event.target.closest('.copy-button');
    if (copy) {
      startCopy(copy);
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
