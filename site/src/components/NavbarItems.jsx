import ColorModeToggle from './ColorModeToggle.jsx';
import LocaleDropdown from './LocaleDropdown.jsx';
import SearchBox from './SearchBox.jsx';
import SiteLink from './SiteLink.jsx';
import VersionDropdown from './VersionDropdown.jsx';

function isExternal(href) {
  return /^https?:\/\//.test(href || '');
}

function ExternalIcon() {
  return (
    <svg className="external-icon" width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
    </svg>
  );
}

// itemHref resolves a navbar item to the URL it opens.
export function itemHref(site, item) {
  if (item.type === 'docSidebar') return site.sidebarEntries[item.sidebar];
  if (item.href) return item.href;
  if (item.to) return item.to.startsWith('/') && !item.to.startsWith(site.basePath) ? site.basePath.replace(/\/$/, '') + item.to : item.to;
  return undefined;
}

// NavbarItem renders one configured item; an unknown type is an internal error naming the item.
export default function NavbarItem({ site, page, item, mobile, onNavigate }) {
  switch (item.type) {
    case 'docSidebar':
    case 'link':
    case undefined:
    case '': {
      const href = itemHref(site, item);
      if (!href) throw new Error(`Navbar item "${item.label}" has no target: its sidebar "${item.sidebar || ''}" has no entry doc.`);
      const active = page && item.sidebar && page.sidebar && page.sidebar.endsWith(`-${item.sidebar}`);
      const link = isExternal(href) ? (
        <a className="navbar-link" href={href} target="_blank" rel="noopener noreferrer" aria-label={item.ariaLabel}>
          {item.label}
          <ExternalIcon />
        </a>
      ) : (
        <SiteLink className={`navbar-link${active ? ' active' : ''}`} href={href} aria-current={active ? 'page' : undefined} onNavigate={onNavigate}>
          {item.label}
        </SiteLink>
      );
      return mobile ? <li>{link}</li> : link;
    }
    case 'docsVersionDropdown':
      return <VersionDropdown site={site} page={page} mobile={mobile} />;
    case 'localeDropdown':
      return <LocaleDropdown site={site} mobile={mobile} />;
    case 'search':
      // On narrow screens the navbar shows its own compact box (Navbar.jsx), not the menu.
      return mobile ? null : <SearchBox site={site} page={page} />;
    case 'colorModeToggle':
      return mobile ? null : <ColorModeToggle respectSystem={site.colorMode ? site.colorMode.respectPrefersColorScheme : true} />;
    default:
      throw new Error(`Navbar item "${item.label || item.type}" has an unknown type "${item.type}".`);
  }
}
