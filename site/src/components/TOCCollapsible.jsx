// TOCCollapsible is the table of contents of narrow screens, where the column of TOC.jsx is hidden:
// a closed "On this page" disclosure under the page's title. It is a <details>, so it opens and
// closes before the script has loaded too; choosing a heading closes it again.
export default function TOCCollapsible({ toc }) {
  if (!toc || toc.length === 0) return null;
  const minLevel = Math.min(...toc.map((h) => h.level));
  const onClick = (event) => {
    if (event.target instanceof Element && event.target.closest('a')) event.currentTarget.open = false;
  };
  return (
    <details className="toc-mobile" onClick={onClick}>
      <summary>On this page</summary>
      <ul>
        {toc.map((h) => (
          <li key={h.id} className={`toc-level-${h.level - minLevel}`}>
            <a href={`#${h.id}`}>{h.value}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}
