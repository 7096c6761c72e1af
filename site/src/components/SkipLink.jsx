import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

// The first element in the tab order: keyboard users jump straight to the page's content.
//
// After a client-side navigation to another page (without a hash to jump to) the next Tab starts
// from the top of the page again, at this link, as it does after a full page load: otherwise it
// goes on from wherever the followed link was, or from the start of the sidebar when that link
// is gone with the old page.
export default function SkipLink() {
  const { pathname, hash } = useLocation();
  const link = useRef(null);
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (hash || !link.current) return;
    startTabbingBefore(link.current);
  }, [pathname, hash]);
  const onClick = (event) => {
    const main = document.getElementById('main-content');
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href="#main-content" onClick={onClick} ref={link}>
      Skip to main content
    </a>
  );
}

// startTabbingBefore makes `el` the next stop of Tab: it focuses el's container for a moment
// (focusable only while it takes focus, so it never shows a ring nor joins the tab order), which
// moves the browser's sequential focus starting point there.
function startTabbingBefore(el) {
  const box = el.parentElement;
  box.setAttribute('tabindex', '-1');
  box.focus({ preventScroll: true });
  box.removeAttribute('tabindex');
}
