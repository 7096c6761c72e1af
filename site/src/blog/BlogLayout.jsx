import SiteLink from '../components/SiteLink.jsx';

// BlogLayout puts blog pages beside a short list of recent posts.
export default function BlogLayout({ site, page, children, wide }) {
  const base = `${site.basePath}${site.blog.path}`;
  return (
    <div className="blog-layout">
      <aside className="blog-sidebar" aria-label="Blog navigation">
        <p className="blog-sidebar-title">{site.blog.title}</p>
        <ul>
          <li>
            <SiteLink href={base}>All posts</SiteLink>
          </li>
          <li>
            <SiteLink href={`${base}/archive`}>Archive</SiteLink>
          </li>
          <li>
            <SiteLink href={`${base}/tags`}>Tags</SiteLink>
          </li>
          <li>
            <SiteLink href={`${base}/authors`}>Authors</SiteLink>
          </li>
          <li>
            <a href={`${base}/rss.xml`}>RSS feed</a>
          </li>
          <li>
            <a href={`${base}/atom.xml`}>Atom feed</a>
          </li>
        </ul>
      </aside>
      <main id="main-content" className={`blog-main${wide ? ' wide' : ''}`} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
