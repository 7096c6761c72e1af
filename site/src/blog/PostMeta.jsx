import { formatDate } from '../dates.js';
import SiteLink from '../components/SiteLink.jsx';

export function PostMeta({ post }) {
  return (
    <p className="post-meta">
      <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.readingTime} min read
    </p>
  );
}

export function PostAuthors({ site, authors }) {
  if (!authors || authors.length === 0) return null;
  const base = `${site.basePath}${site.blog.path}`;
  return (
    <ul className="post-authors">
      {authors.map((a) => (
        <li key={a.key || a.name} className="post-author">
          {/* An author written inline in a post (Docusaurus allows it) has no page of its own. */}
          {a.key ? (
            <SiteLink href={`${base}/authors/${a.key}`} className="post-author-name">
              {a.name}
            </SiteLink>
          ) : a.url ? (
            <a href={a.url} className="post-author-name">
              {a.name}
            </a>
          ) : (
            <span className="post-author-name">{a.name}</span>
          )}
          {a.title && <span className="post-author-title">{a.title}</span>}
        </li>
      ))}
    </ul>
  );
}

export function PostTags({ tags }) {
  if (!tags || tags.length === 0) return null;
  return (
    <ul className="tag-list" aria-label="Tags">
      {tags.map((t) => (
        <li key={t.route}>
          <SiteLink className="tag" href={t.route}>
            {t.label}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
