import { useEffect, useRef, useState } from 'react';
import BlogNav from '../blog/BlogNav.jsx';
import { blogKinds } from '../blog/kinds.js';
import NavbarItem from './NavbarItems.jsx';
import SidebarTree from './SidebarTree.jsx';

const DESKTOP = '(min-width: 997px)';

// tabbable lists, in order, the menu's controls that Tab can reach: not the links of a collapsed
// category (hidden) nor disabled ones.
function tabbable(root) {
  return [...root.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')].filter(
    (el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
  );
}

// MobileMenu is the drawer of narrow screens: the main menu, and the page's sidebar with a way back.
// It closes itself when the window becomes wide enough for the desktop layout. While open it is a
// modal dialog: Tab and Shift+Tab cycle through its controls only, and Escape closes it, giving focus
// back to the button that opened it (Navbar.jsx).
export default function MobileMenu({ site, page, sidebar, onClose }) {
  // A blog page's sidebar is the blog's navigation (BlogNav), hidden from the page on narrow screens.
  const blog = !sidebar && Boolean(page) && blogKinds.includes(page.kind);
  const [panel, setPanel] = useState(sidebar || blog ? 'sidebar' : 'main');
  const drawer = useRef(null);
  const body = useRef(null);
  const switched = useRef(false);
  // When the reader switches panels, focus moves to the first control of the new one.
  useEffect(() => {
    if (!switched.current) return;
    const first = body.current && body.current.querySelector('a, button');
    if (first) first.focus();
  }, [panel]);
  const show = (next) => {
    switched.current = true;
    setPanel(next);
  };
  useEffect(() => {
    const mq = window.matchMedia(DESKTOP);
    const onChange = () => mq.matches && onClose();
    mq.addEventListener('change', onChange);
    const onKey = (e) => {
      if (e.key === 'Escape') {
        onClose(true);
        return;
      }
      if (e.key !== 'Tab' || !drawer.current) return;
      const controls = tabbable(drawer.current);
      if (controls.length === 0) return;
      const first = controls[0];
      const last = controls[controls.length - 1];
      const inside = drawer.current.contains(document.activeElement);
      // Past either end (or from anywhere outside), focus wraps to the other end of the menu.
      if (e.shiftKey ? !inside || document.activeElement === first : !inside || document.activeElement === last) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      mq.removeEventListener('change', onChange);
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
    };
  }, [onClose]);
  return (
    <div className="mobile-menu" role="dialog" aria-modal="true" aria-label="Navigation menu">
      <div className="mobile-menu-backdrop" onClick={() => onClose(true)} />
      <div className="mobile-menu-panel" ref={drawer}>
        <div className="mobile-menu-header">
          <span className="navbar-title">{site.navbar.title}</span>
          <button type="button" className="icon-button" aria-label="Close navigation bar" onClick={() => onClose(true)} autoFocus>
            <svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true">
              <path d="M2 2l11 11M13 2L2 13" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
        {panel === 'sidebar' && (sidebar || blog) ? (
          <div className="mobile-menu-body" ref={body}>
            <button type="button" className="back-to-main" onClick={() => show('main')}>
              ← Back to main menu
            </button>
            {sidebar ? (
              <SidebarTree items={sidebar} current={page && page.route} onNavigate={onClose} />
            ) : (
              <BlogNav site={site} listClass="menu-list" itemClass="menu-item" linkClass="menu-link" onNavigate={onClose} />
            )}
          </div>
        ) : (
          <div className="mobile-menu-body" ref={body}>
            <ul className="menu-list">
              {(site.navbar.items || []).map((item, i) => (
                <NavbarItem key={i} site={site} page={page} item={item} mobile onNavigate={onClose} />
              ))}
            </ul>
            {(sidebar || blog) && (
              <button type="button" className="back-to-main" onClick={() => show('sidebar')}>
                Open this section’s pages →
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
