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
        <li key={a.key} className="post-author">
          <SiteLink href={`${base}/authors/${a.key}`} className="post-author-name">
            {a.name}
          </SiteLink>
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
