import { useEffect, useState } from 'react';
import { mark } from './snippet.js';
import Marked from './Marked.jsx';
import { isPlainClick } from '../clicks.js';

const SNIPPET = 110;

// where tells pages with the same title apart: the categories above the page, as its breadcrumbs
// read ("Usage › Tour"); an index without them falls back to the route's folders.
function where(r) {
  if (Array.isArray(r.crumbs) && r.crumbs.length > 0) return r.crumbs.join(' › ');
  const parts = r.route.split('/').filter(Boolean).slice(1, -1);
  return parts.join(' › ');
}

// SearchResults lists the pages that match a query, each with its best sections (heading and a
// snippet with the matched words marked). The search box owns the input and hands its keys here
// through keyRef: arrows move, Enter opens. Any query gives results or "No results": the engine
// is never allowed to throw into the page.
export default function SearchResults({ engine, query, version, keyRef, onPick, hrefFor, listId }) {
  // The engine fetches the chunks a query needs first: until they are in, the list shows the
  // previous query's results (or "Searching...").
  const [answer, setAnswer] = useState(null);
  useEffect(() => {
    let live = true;
    const settle = (results) => {
      if (!live) return;
      let isMatch = () => false;
      try {
        isMatch = engine.matcher(query);
      } catch {
        // no marks, still results
      }
      setAnswer({ query, results, isMatch });
    };
    let pending;
    try {
      pending = engine.query(query, { version });
    } catch {
      pending = Promise.resolve([]);
    }
    pending.then(settle, () => settle([]));
    return () => {
      live = false;
    };
  }, [engine, query, version]);
  const results = answer ? answer.results : [];
  const isMatch = answer ? answer.isMatch : () => false;
  // aria-busy while the list is still the previous query's.
  const busy = !answer || answer.query !== query;
  const rows = [];
  for (const r of results) for (const s of r.sections) rows.push(s.url);
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [query]);
  const current = Math.min(active, rows.length - 1);

  keyRef.current = (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.max(0, Math.min(rows.length - 1, current + step)));
      return true;
    }
    if (event.key === 'Enter' && rows[current]) {
      onPick(hrefFor(rows[current]));
      return true;
    }
    return false;
  };
  useEffect(() => () => (keyRef.current = null), [keyRef]);
  useEffect(() => {
    const el = document.getElementById(`${listId}-${current}`);
    if (el && el.scrollIntoView) el.scrollIntoView({ block: 'nearest' });
  }, [listId, current]);

  if (!answer) {
    return (
      <div className="search-panel" id={listId} aria-busy="true" onMouseDown={(e) => e.preventDefault()}>
        <p className="search-empty" role="status">
          Searching...
        </p>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="search-panel" id={listId} aria-busy={busy} onMouseDown={(e) => e.preventDefault()}>
        <p className="search-empty" role="status">
          No results
        </p>
      </div>
    );
  }
  let n = 0;
  return (
    <div className="search-panel" id={listId} role="listbox" aria-label="Search results" aria-busy={busy} onMouseDown={(e) => e.preventDefault()}>
      {results.map((r) => (
        <section className="search-group" key={r.route}>
          <div className="search-group-title">
            <span>
              <Marked pieces={mark(r.title, isMatch)} />
            </span>
            <span className="search-group-where">{where(r)}</span>
          </div>
          <ul className="search-hits">
            {r.sections.map((s) => {
              const i = n++;
              const href = hrefFor(s.url);
              return (
                <li key={s.url} id={`${listId}-${i}`} role="option" aria-selected={i === current} className={`search-hit${i === current ? ' active' : ''}`}>
                  <a
                    href={href}
                    onMouseMove={() => i !== current && setActive(i)}
                    onClick={(event) => {
                      if (!isPlainClick(event)) return;
                      event.preventDefault();
                      onPick(href);
                    }}
                  >
                    <span className="search-hit-heading">{s.heading ? <Marked pieces={mark(s.heading, isMatch)} /> : r.title}</span>
                    {s.text && (
                      <span className="search-hit-snippet">
                        <Marked pieces={mark(s.text, isMatch, SNIPPET)} />
                      </span>
                    )}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
