import { Component } from 'react';
import { InternalError } from '../errors.js';
import { itemActive } from '../navbar-active.js';
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
  if (item.type === 'docSidebar') return (site.sidebarEntries || {})[item.sidebar];
  if (item.href) return item.href;
  if (item.to) return item.to.startsWith('/') && !item.to.startsWith(site.basePath) ? site.basePath.replace(/\/$/, '') + item.to : item.to;
  return undefined;
}

export { itemActive };

// describeItem names a navbar item as docsd.toml spells it: its label and type.
export function describeItem(item) {
  const type = `type "${item.type || 'link'}"`;
  return item.label ? `"${item.label}" (${type})` : `of ${type}`;
}

// NavbarItemBoundary turns whatever error one item throws into an internal error naming the item,
// and lets it go on to the site's error boundary (React catches render errors only in a class).
class NavbarItemBoundary extends Component {
  constructor(props) {
    super(props);
    this.state = { error: null };
  }

  static getDerivedStateFromError(error) {
    return { error };
  }

  render() {
    if (this.state.error) throw new InternalError(`The navbar item ${describeItem(this.props.item)} failed to render.`, { cause: this.state.error });
    return this.props.children;
  }
}

// NavbarItem renders one configured item; any failure is an internal error naming the item.
export default function NavbarItem(props) {
  return (
    <NavbarItemBoundary item={props.item}>
      <NavbarItemContent {...props} />
    </NavbarItemBoundary>
  );
}

function NavbarItemContent({ site, page, item, mobile, onNavigate }) {
  switch (item.type) {
    case 'docSidebar':
    case 'link':
    case undefined:
    case '': {
      const href = itemHref(site, item);
      if (!href) {
        throw new InternalError(
          item.type === 'docSidebar' ? `There is no sidebar with the id "${item.sidebar || ''}", so the item has no doc to open.` : 'The item has neither "to" nor "href".',
        );
      }
      const active = itemActive(page, item);
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
      throw new InternalError(`There is no navbar item type "${item.type}".`);
  }
}
