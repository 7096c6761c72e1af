import SiteLink from '../components/SiteLink.jsx';

// BlogNav is the blog's own navigation: its list pages and its feeds. Wide screens show it beside
// every blog page (BlogLayout); narrow ones, where that column is hidden, in the navbar's menu as the
// page's sidebar (MobileMenu), which passes its menu classes and closes on a choice.
export default function BlogNav({ site, listClass, itemClass, linkClass, onNavigate }) {
  const base = `${site.basePath}${site.blog.path}`;
  const pages = [
    ['All posts', base],
    ['Archive', `${base}/archive`],
    ['Tags', `${base}/tags`],
    ['Authors', `${base}/authors`],
  ];
  return (
    <ul className={listClass}>
      {pages.map(([label, href]) => (
        <li key={href} className={itemClass}>
          <SiteLink className={linkClass} href={href} onNavigate={onNavigate}>
            {label}
          </SiteLink>
        </li>
      ))}
      {/* The feeds are files, not pages: plain links. */}
      <li className={itemClass}>
        <a className={linkClass} href={`${base}/rss.xml`}>
          RSS feed
        </a>
      </li>
      <li className={itemClass}>
        <a className={linkClass} href={`${base}/atom.xml`}>
          Atom feed
        </a>
      </li>
    </ul>
  );
}
