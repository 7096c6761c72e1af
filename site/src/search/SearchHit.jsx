import { isPlainClick } from '../clicks.js';

// SearchHit is one result of the list: a section of a page, its heading and a snippet. The row is
// the link itself with the option role (ARIA allows it on <a href>), so nothing interactive sits
// inside an option, and the browser's own ways of opening a link stay: Ctrl/⌘+click, Shift+click
// and a middle click open the page in a new tab or window; only a plain click is the shell's.
export default function SearchHit({ id, href, active, heading, snippet, onHover, onPick }) {
  return (
    <a
      id={id}
      href={href}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      className={`search-hit${active ? ' active' : ''}`}
      onMouseMove={onHover}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onPick(href);
      }}
    >
      <span className="search-hit-heading">{heading}</span>
      {snippet && <span className="search-hit-snippet">{snippet}</span>}
    </a>
  );
}
