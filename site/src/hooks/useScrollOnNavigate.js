// useScrollOnNavigate scrolls after navigation: to the hash target, or to the top when there is none
// (SPEC §2). A new page opens at its target at once; a jump inside the page on screen glides there
// (scroll.js). The first render (the server's page) and updates of the same page (docsd watch) keep
// the reader's position.
import { useLayoutEffect, useRef } from 'react';
import { cancelSmoothScroll, smoothScrollToElement } from '../scroll.js';

export function useScrollOnNavigate(location, Page) {
  const shown = useRef(null);
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = { pathname: location.pathname, Page };
    if (!before) return;
    const samePage = before.pathname === location.pathname && before.Page === Page;
    if (location.hash) {
      const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (el) {
        if (samePage) smoothScrollToElement(el);
        else {
          cancelSmoothScroll();
          el.scrollIntoView();
        }
        return;
      }
    }
    cancelSmoothScroll();
    window.scrollTo(0, 0);
  }, [location.pathname, location.hash, Page]);
}
