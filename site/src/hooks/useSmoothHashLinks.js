// useSmoothHashLinks: plain #links (table of contents, heading anchors) would make the browser jump.
// Let the browser do its fragment navigation (history entry, :target, where Tab continues from), put
// the window back where it was before anything is painted, and glide from there instead.
import { useEffect } from 'react';
import { isPlainClick } from '../clicks.js';
import { smoothScrollToElement } from '../scroll.js';

export function useSmoothHashLinks() {
  useEffect(() => {
    const onClick = (event) => {
      if (event.defaultPrevented || !isPlainClick(event)) return;
      const a = event.target instanceof Element && event.target.closest('a[href^="#"]');
      if (!a || a.target) return;
      const href = a.getAttribute('href');
      const el = href.length > 1 && document.getElementById(decodeURIComponent(href.slice(1)));
      if (!el) return;
      event.preventDefault();
      const from = window.scrollY;
      window.location.hash = href;
      window.scrollTo({ top: from, behavior: 'instant' });
      smoothScrollToElement(el);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
}
