// TOCInline lists the page's headings where the page puts it (the same entries as the table of
// contents beside it, or the toc it is given). A toc given is Docusaurus's shape, the page's
// `toc` (pkg/mdx/toc.go) most often: each value is the heading's HTML, shown as HTML; the page's
// own entries are text.
import './theme.css';
import { useMdxPage } from '../context.js';

export default function TOCInline({ toc, minHeadingLevel = 2, maxHeadingLevel = 3 }) {
  const { page } = useMdxPage();
  const html = Array.isArray(toc);
  const items = (html ? toc : (page && page.toc) || []).filter((h) => h.level >= minHeadingLevel && h.level <= maxHeadingLevel);
  if (items.length === 0) return null;
  return (
    <nav className="toc-inline" aria-label="On this page">
      <ul>
        {items.map((h) => (
          <li key={h.id} style={{ marginLeft: `${(h.level - minHeadingLevel) * 1}em` }}>
            {html ? <a href={`#${h.id}`} dangerouslySetInnerHTML={{ __html: h.value }} /> : <a href={`#${h.id}`}>{h.value}</a>}
          </li>
        ))}
      </ul>
    </nav>
  );
}
