import Markdown from '../components/Markdown.jsx';
import SiteLink from '../components/SiteLink.jsx';
import { PostAuthors, PostMeta, PostTags } from './PostMeta.jsx';

export default function PostCard({ site, post }) {
  return (
    <article className="post-card">
      <h2 className="post-card-title">
        <SiteLink href={post.route}>{post.title}</SiteLink>
      </h2>
      <PostMeta post={post} />
      <PostAuthors site={site} authors={post.authors} />
      {post.excerpt && <Markdown html={post.excerpt} excerptOf={post.route} />}
      <footer className="post-card-footer">
        <PostTags tags={post.tags} />
        {post.truncated && (
          <SiteLink className="read-more" href={post.route} aria-label={`Read more about ${post.title}`}>
            Read more
          </SiteLink>
        )}
      </footer>
    </article>
  );
}
