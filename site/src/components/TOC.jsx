import { useEffect, useState } from 'react';

// TOC lists the page's headings (levels 2 to 3 unless the page says otherwise) and highlights the
// one the reader is in.
export default function TOC({ toc }) {
  const [active, setActive] = useState(null);
  // The headings' ids, not the list itself: a re-render with the same headings (docsd watch after
  // an edit of the text) does not measure the page again.
  const ids = toc ? toc.map((h) => h.id).join(' ') : '';
  useEffect(() => {
    if (!ids) return undefined;
    const headings = ids.split(' ');
    const onScroll = () => {
      const offset = 90;
      let current = null;
      for (const id of headings) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top - offset <= 0) current = id;
      }
      if (current === null) current = headings[0];
      setActive(current);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [ids]);
  if (!toc || toc.length === 0) return null;
  const minLevel = Math.min(...toc.map((h) => h.level));
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <ul>
        {toc.map((h) => (
          <li key={h.id} className={`toc-level-${h.level - minLevel}`}>
            <a href={`#${h.id}`} className={active === h.id ? 'active' : undefined} aria-current={active === h.id ? 'location' : undefined}>
              {h.value}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
