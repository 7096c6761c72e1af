import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { localizePath } from '../locale.js';
import Dropdown from './Dropdown.jsx';

// Each link is the same page in another locale, keeping the current search and hash. These are full
// page loads on purpose: another locale is another site build. The server cannot know the search and
// hash, so they join the links after hydration (no mismatch with the server's HTML).
export default function LocaleDropdown({ site, mobile }) {
  const location = useLocation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const keep = mounted ? location.search + location.hash : '';
  const current = site.locales.find((l) => l.code === site.locale) || site.locales[0];
  const items = site.locales.map((l) => {
    const href =
      localizePath({ pathname: location.pathname, basePath: site.basePath, locales: site.locales, from: site.locale, to: l.code }) + keep;
    return (
      <li key={l.code}>
        <a className={`dropdown-link${l.code === current.code ? ' active' : ''}`} href={href} hrefLang={l.htmlLang} lang={l.htmlLang} aria-current={l.code === current.code ? 'true' : undefined}>
          {l.label}
        </a>
      </li>
    );
  });
  if (mobile) {
    return (
      <li className="menu-group">
        <span className="menu-group-label">Language</span>
        <ul>{items}</ul>
      </li>
    );
  }
  const icon = (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="dropdown-icon">
      <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.6 15.6 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.4 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.4-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4z" />
    </svg>
  );
  return <Dropdown label={current.label} icon={icon}>{items}</Dropdown>;
}
