// The blog's page layouts. They live in their own chunk: a docs reader never downloads them.
import { formatDate } from '../dates.js';
import Markdown from '../components/Markdown.jsx';
import { MdxPage } from '../mdx/load.js';
import Pagination from '../components/Pagination.jsx';
import SiteLink from '../components/SiteLink.jsx';
import TOCCollapsible from '../components/TOCCollapsible.jsx';
import BlogLayout from './BlogLayout.jsx';
import PostCard from './PostCard.jsx';
import { PostAuthors, PostMeta, PostTags } from './PostMeta.jsx';

function PostList({ site, posts }) {
  return (posts || []).map((p) => <PostCard key={p.route} site={site} post={p} />);
}

export function BlogListPage({ site, page }) {
  const pg = page.pagination;
  return (
    <BlogLayout site={site} page={page}>
      <h1>{page.title}</h1>
      {site.blog.description && <p className="lead">{site.blog.description}</p>}
      <PostList site={site} posts={page.posts} />
      {pg && pg.total > 1 && (
        <Pagination label="Blog list pages" prev={pg.prev && { route: pg.prev, title: 'Newer posts' }} next={pg.next && { route: pg.next, title: 'Older posts' }} />
      )}
    </BlogLayout>
  );
}

export function BlogPostPage({ site, page }) {
  const post = page.post;
  return (
    <BlogLayout site={site} page={page} toc={page.toc}>
      <article className="blog-post">
        <header>
          <h1>{post.title}</h1>
          <PostMeta post={post} />
          <PostAuthors site={site} authors={post.authors} />
        </header>
        <TOCCollapsible toc={page.toc} />
        {page.mdx ? <MdxPage site={site} page={page} /> : <Markdown html={page.html} pageContent />}
        <footer className="post-footer">
          <PostTags tags={post.tags} />
        </footer>
      </article>
      <Pagination label="Blog post page navigation" prev={page.next && { ...page.next, title: page.next.title }} next={page.prev && { ...page.prev }} />
    </BlogLayout>
  );
}

export function BlogArchivePage({ site, page }) {
  return (
    <BlogLayout site={site} page={page}>
      <h1>{page.title}</h1>
      {(page.archive || []).map((year) => (
        <section key={year.year} className="archive-year">
          <h2>{year.year}</h2>
          <ul>
            {year.posts.map((p) => (
              <li key={p.route}>
                <time dateTime={p.date}>{formatDate(p.date)}</time> – <SiteLink href={p.route}>{p.title}</SiteLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </BlogLayout>
  );
}

export function BlogAuthorsPage({ site, page }) {
  const base = `${site.basePath}${site.blog.path}`;
  return (
    <BlogLayout site={site} page={page}>
      <h1>{page.title}</h1>
      <ul className="card-grid">
        {(page.authors || []).map((a) => (
          <li key={a.key}>
            <SiteLink className="card" href={`${base}/authors/${a.key}`}>
              <span className="card-title">{a.name}</span>
              {a.title && <span className="card-description">{a.title}</span>}
            </SiteLink>
          </li>
        ))}
      </ul>
    </BlogLayout>
  );
}

export function BlogAuthorPage({ site, page }) {
  const a = page.author;
  return (
    <BlogLayout site={site} page={page}>
      <header className="author-header">
        <h1>{a.name}</h1>
        {a.title && <p className="lead">{a.title}</p>}
        {a.url && (
          <p>
            <a href={a.url} target="_blank" rel="noopener noreferrer">
              {a.url.replace(/^https?:\/\//, '')}
            </a>
          </p>
        )}
      </header>
      <h2>Posts</h2>
      <PostList site={site} posts={page.posts} />
    </BlogLayout>
  );
}

export function BlogTagsPage({ site, page }) {
  return (
    <BlogLayout site={site} page={page}>
      <h1>{page.title}</h1>
      <ul className="tag-index">
        {(page.tags || []).map((t) => (
          <li key={t.route}>
            <SiteLink className="tag" href={t.route}>
              {t.label} <span className="tag-count">{t.count}</span>
            </SiteLink>
            {t.description && <p>{t.description}</p>}
          </li>
        ))}
      </ul>
    </BlogLayout>
  );
}

export function BlogTagPage({ site, page }) {
  const t = page.tag;
  const n = (page.posts || []).length;
  return (
    <BlogLayout site={site} page={page}>
      <header>
        <h1>
          {n} {n === 1 ? 'post' : 'posts'} tagged with “{t.label}”
        </h1>
        {t.description && <p className="lead">{t.description}</p>}
        <SiteLink href={`${site.basePath}${site.blog.path}/tags`}>View all tags</SiteLink>
      </header>
      <PostList site={site} posts={page.posts} />
    </BlogLayout>
  );
}

export const blogLayouts = {
  blogList: BlogListPage,
  blogPost: BlogPostPage,
  blogArchive: BlogArchivePage,
  blogAuthors: BlogAuthorsPage,
  blogAuthor: BlogAuthorPage,
  blogTags: BlogTagsPage,
  blogTag: BlogTagPage,
};

// The browser loads this chunk on demand and takes its layouts from the default export
// (entry-client.jsx); the server imports them by name.
export default blogLayouts;
