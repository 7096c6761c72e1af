import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { localeMenuPart, swapHrefs, versionMenuPart } from '../link-parts.js';
import { usePartCache } from '../parts.js';
import ColorModeToggle from './ColorModeToggle.jsx';
import MobileMenu from './MobileMenu.jsx';
import NavbarItem, { itemActive } from './NavbarItems.jsx';
import SearchBox from './SearchBox.jsx';
import ServerCached from './ServerCached.jsx';
import SiteLink from './SiteLink.jsx';

// useHideOnScroll hides the navbar while the reader scrolls down and shows it on the way up.
function useHideOnScroll(enabled) {
  const [hidden, setHidden] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    if (!enabled) return undefined;
    const onScroll = () => {
      const y = window.scrollY;
      if (y < 60) setHidden(false);
      else if (y > last.current + 4) setHidden(true);
      else if (y < last.current - 4) setHidden(false);
      last.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

// itemPart names a navbar item for the server's part cache (ServerCached) with what it reads of
// the page: whether it is active. The version and locale menus show the page's own paths: their
// parts swap them in (link-parts.js). null renders the item every time.
function itemPart(site, side, i, item, page, pathname) {
  const name = `navbar-${side}-${i}`;
  switch (item.type) {
    case 'docsVersionDropdown':
      return versionMenuPart(name, site, page);
    case 'localeDropdown':
      return localeMenuPart(name, site, pathname);
    default:
      return { name: `${name}${itemActive(page, item) ? '-active' : ''}` };
  }
}

// bracketed says whether a navbar item's part may be learnt in the render that first meets it
// (ServerCached's bracket): links and the colour mode toggle have no useId inside; the search
// box has, and an unknown type may.
function bracketed(item) {
  return ['docSidebar', 'link', undefined, '', 'colorModeToggle'].includes(item.type);
}

export default function Navbar({ site, page, sidebar }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef(null);
  // Closing the menu by Escape, the close button or the backdrop gives focus back to its toggle.
  const closeMenu = useCallback((giveBackFocus) => {
    setMenuOpen(false);
    if (giveBackFocus === true && toggleRef.current) toggleRef.current.focus();
  }, []);
  const cache = usePartCache();
  const hidden = useHideOnScroll(site.navbar.hideOnScroll && !menuOpen);
  const items = site.navbar.items || [];
  const left = items.filter((i) => i.position !== 'right');
  const right = items.filter((i) => i.position === 'right');
  const logo = site.navbar.logo;
  const { pathname } = useLocation();
  const cachedItem = (side, i, item) => {
    // Only the server has a part cache: the browser renders every item.
    const part = cache ? itemPart(site, side, i, item, page, pathname) : null;
    return (
      <ServerCached key={i} owner={site} name={part && part.name} value={part && part.value} swap={swapHrefs} bracket={bracketed(item)}>
        <NavbarItem site={site} page={page} item={item} />
      </ServerCached>
    );
  };
  return (
    <nav className={`navbar${hidden ? ' navbar-hidden' : ''}`} aria-label="Main">
      <div className="navbar-inner">
        <button ref={toggleRef} type="button" className="icon-button navbar-toggle" aria-label="Toggle navigation bar" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
          <svg width="24" height="24" viewBox="0 0 30 30" aria-hidden="true">
            <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
          </svg>
        </button>
        <SiteLink className="navbar-brand" href={site.basePath}>
          {logo && logo.src && <img className="navbar-logo" src={logo.src} alt={logo.alt} width="32" height="32" />}
          <span className="navbar-title">{site.navbar.title}</span>
        </SiteLink>
        <div className="navbar-items navbar-left">{left.map((item, i) => cachedItem('left', i, item))}</div>
        <div className="navbar-items navbar-right">{right.map((item, i) => cachedItem('right', i, item))}</div>
        <ServerCached owner={site} name="navbar-mobile-tools">
          <div className="navbar-mobile-tools">
            {items.some((i) => i.type === 'search') && <SearchBox site={site} page={page} compact />}
            <ColorModeToggle respectSystem={site.colorMode ? site.colorMode.respectPrefersColorScheme : true} />
          </div>
        </ServerCached>
      </div>
      {menuOpen && <MobileMenu site={site} page={page} sidebar={sidebar} onClose={closeMenu} />}
    </nav>
  );
}
