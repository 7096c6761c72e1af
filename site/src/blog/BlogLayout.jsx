import TOC from '../components/TOC.jsx';
import BlogNav from './BlogNav.jsx';

// BlogLayout puts every blog page, posts included, beside the blog's navigation; a post also gets
// its table of contents on the right.
export default function BlogLayout({ site, page, children, wide, toc }) {
  return (
    <div className="blog-layout">
      <aside className="blog-sidebar" aria-label="Blog navigation">
        <p className="blog-sidebar-title">{site.blog.title}</p>
        <BlogNav site={site} />
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
