import SiteLink from '../components/SiteLink.jsx';
import TOC from '../components/TOC.jsx';

// BlogLayout puts every blog page, posts included, beside the blog's navigation; a post also gets
// its table of contents on the right.
export default function BlogLayout({ site, page, children, wide, toc }) {
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
      {toc && toc.length > 0 && (
        <div className="blog-toc">
          <TOC toc={toc} />
        </div>
      )}
    </div>
  );
}
