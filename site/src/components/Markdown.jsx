import { useEffect, useRef } from 'react';
import { useContentHandlers } from '../hooks/useContentHandlers.js';

// markOverflow tells the CSS which edges of a table that scrolls sideways have more to show
// (data-overflow: start, end or both) and makes such a table reachable from the keyboard.
function markOverflow(wrap) {
  const more = wrap.scrollWidth - wrap.clientWidth;
  if (more <= 1) {
    wrap.removeAttribute('data-overflow');
    wrap.removeAttribute('tabindex');
    wrap.removeAttribute('role');
    wrap.removeAttribute('aria-label');
    return;
  }
  const atStart = wrap.scrollLeft <= 1;
  const atEnd = wrap.scrollLeft >= more - 1;
  wrap.setAttribute('data-overflow', atStart ? 'end' : atEnd ? 'start' : 'both');
  wrap.setAttribute('tabindex', '0');
  wrap.setAttribute('role', 'region');
  wrap.setAttribute('aria-label', 'Table, scrolls sideways');
}

// useTableOverflow keeps markOverflow's marks right as the window resizes and the reader scrolls.
function useTableOverflow(ref, html) {
  useEffect(() => {
    const root = ref.current;
    if (!root || typeof ResizeObserver === 'undefined') return undefined;
    const wraps = [...root.querySelectorAll('.table-wrap')];
    if (wraps.length === 0) return undefined;
    const onScroll = (event) => markOverflow(event.currentTarget);
    const observer = new ResizeObserver((entries) => entries.forEach((e) => markOverflow(e.target)));
    for (const w of wraps) {
      w.addEventListener('scroll', onScroll, { passive: true });
      observer.observe(w);
    }
    return () => {
      observer.disconnect();
      for (const w of wraps) w.removeEventListener('scroll', onScroll);
    };
  }, [ref, html]);
}

// Markdown shows HTML rendered by docsd. Its links navigate inside the site like every other link
// and its code blocks' Copy buttons work, through one delegated click handler. The page's own
// content is marked (data-page-content), and so is a blog post's excerpt in a list (data-post-excerpt,
// the post's route): their HTML is in the document only once, and the browser takes it from there
// before hydrating (entry-client.jsx).
export default function Markdown({ html, className = 'markdown', pageContent = false, excerptOf }) {
  const ref = useRef(null);
  useTableOverflow(ref, html);
  const { onClick, onMouseOver } = useContentHandlers();
  return (
    <div
      ref={ref}
      className={className}
      data-page-content={pageContent ? '' : undefined}
      data-post-excerpt={excerptOf}
      onClick={onClick}
      onMouseOver={onMouseOver}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
