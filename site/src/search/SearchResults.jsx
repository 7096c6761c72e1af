import { useEffect, useLayoutEffect, useState } from 'react';
import { mark } from './snippet.js';
import Marked from './Marked.jsx';
import MoreResults from './MoreResults.jsx';
import SearchHit from './SearchHit.jsx';

const SNIPPET = 110;
// PAGE is how many pages the list shows at first, and how many more each "More results" adds: the
// documents of a query's results are fetched a page of results at a time (issue 18).
const PAGE = 8;
// MORE stands for the "More results" row among the list's rows.
const MORE = Symbol('more');

// where tells pages with the same title apart: the categories above the page, as its breadcrumbs
// read ("Usage › Tour"); an index without them falls back to the route's folders.
function where(r) {
  if (Array.isArray(r.crumbs) && r.crumbs.length > 0) return r.crumbs.join(' › ');
  const parts = r.route.split('/').filter(Boolean).slice(1, -1);
  return parts.join(' › ');
}

// SearchResults lists the pages that match a query, each with its best sections (heading and a
// snippet with the matched words marked). The search box owns the input and hands its keys here
// through keyRef: arrows move, Enter opens; onActive hears the id of the row the arrows are on (the
// input's aria-activedescendant), onStatus what the box's live region says of a settled answer.
// Any query gives results or "No results": the engine is never allowed to throw into the page.
export default function SearchResults({ engine, query, version, keyRef, onPick, onActive, onStatus, hrefFor, listId }) {
  // The engine fetches the chunks a query needs first: until they are in, the list shows the
  // previous query's results (or "Searching...").
  const [answer, setAnswer] = useState(null);
  // How many pages the reader asked to see for this query: a new query starts at PAGE again.
  const [asked, setAsked] = useState({ query, limit: PAGE });
  const limit = asked.query === query ? asked.limit : PAGE;
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
      // "More results" appends: the pages shown stay where they were (ranked among more pages, a
      // page below another may move above it) and the new ones follow.
      setAnswer((prev) => ({
        query,
        limit,
        results: prev && prev.query === query && limit > prev.limit ? appended(prev.results, results) : results,
        more: Boolean(results.more),
        isMatch,
      }));
    };
    let pending;
    try {
      pending = engine.query(query, { version, limit });
    } catch {
      pending = Promise.resolve([]);
    }
    pending.then(settle, () => settle([]));
    return () => {
      live = false;
    };
  }, [engine, query, version, limit]);
  const results = answer ? answer.results : [];
  const isMatch = answer ? answer.isMatch : () => false;
  // aria-busy while the list is still the previous query's, or is getting more results.
  const busy = !answer || answer.query !== query || answer.limit !== limit;
  const rows = [];
  for (const r of results) for (const s of r.sections) rows.push(s.url);
  const hasMore = Boolean(answer && answer.more && answer.query === query);
  if (hasMore) rows.push(MORE);
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [query]);
  const current = Math.min(active, rows.length - 1);
  // The row the arrows are on stays where it is when more results come: on "More results" it is
  // then the first new result.
  const showMore = () => {
    if (!busy) setAsked({ query, limit: limit + PAGE });
  };

  keyRef.current = (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.max(0, Math.min(rows.length - 1, current + step)));
      return true;
    }
    if (event.key === 'Enter' && rows[current] === MORE) {
      showMore();
      return true;
    }
    if (event.key === 'Enter' && rows[current]) {
      onPick(hrefFor(rows[current]));
      return true;
    }
    return false;
  };
  useEffect(() => () => (keyRef.current = null), [keyRef]);
  const activeId = rows.length > 0 ? `${listId}-${current}` : null;
  useEffect(() => {
    const el = activeId && document.getElementById(activeId);
    if (el && el.scrollIntoView) el.scrollIntoView({ block: 'nearest' });
    if (onActive) onActive(activeId);
  }, [activeId, onActive]);
  useEffect(() => () => onActive && onActive(null), [onActive]);
  // Said once an answer has settled; while the next one comes the region keeps the last (a fast
  // typist hears counts, not "Searching..." at every key). A layout effect: the box says it in the
  // same task that shows the answer, never a frame after it.
  const said = !answer || busy ? null : rows.length === 0 ? 'No results' : `${results.length} pages found${hasMore ? ', more results below' : ''}`;
  useLayoutEffect(() => {
    if (said !== null && onStatus) onStatus(said);
  }, [said, onStatus]);
  // A closed list forgets what it said: opened again for another query, the region would say the
  // last one's count before the new answer.
  useEffect(() => () => onStatus && onStatus(''), [onStatus]);

  if (!answer) {
    return (
      <div className="search-panel" id={listId} aria-busy="true" onMouseDown={(e) => e.preventDefault()}>
        <p className="search-empty">Searching...</p>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="search-panel" id={listId} aria-busy={busy} onMouseDown={(e) => e.preventDefault()}>
        <p className="search-empty">No results</p>
      </div>
    );
  }
  let n = 0;
  const moreAt = rows.length - 1;
  // The ARIA listbox pattern of a combobox: the list holds a group per page, labelled by the page's
  // title, and the groups hold the options, which are the links themselves: the input keeps the
  // focus (aria-activedescendant names the option), and an option is a link the browser opens in a
  // new tab on Ctrl/⌘+click or a middle click. tabIndex -1: the options are no tab stops of their own.
  return (
    <div className="search-panel" id={listId} role="listbox" aria-label="Search results" aria-busy={busy} onMouseDown={(e) => e.preventDefault()}>
      {results.map((r, g) => (
        <div className="search-group" role="group" aria-labelledby={`${listId}-g${g}`} key={r.route}>
          <div className="search-group-title" id={`${listId}-g${g}`}>
            <span>
              <Marked pieces={mark(r.title, isMatch)} />
            </span>
            <span className="search-group-where">{where(r)}</span>
          </div>
          {r.sections.map((s) => {
            const i = n++;
            const href = hrefFor(s.url);
            return (
              <SearchHit
                key={s.url}
                id={`${listId}-${i}`}
                href={href}
                active={i === current}
                heading={s.heading ? <Marked pieces={mark(s.heading, isMatch)} /> : r.title}
                snippet={s.text && <Marked pieces={mark(s.text, isMatch, SNIPPET)} />}
                onHover={() => i !== current && setActive(i)}
                onPick={onPick}
              />
            );
          })}
        </div>
      ))}
      {hasMore && <MoreResults id={`${listId}-${moreAt}`} active={moreAt === current} loading={busy} onMore={showMore} onHover={() => moreAt !== current && setActive(moreAt)} />}
    </div>
  );
}

// appended is the list shown with the pages of a longer list that it does not show yet, after it.
function appended(shown, longer) {
  const have = new Set(shown.map((r) => r.route));
  const out = shown.concat(longer.filter((r) => !have.has(r.route)));
  out.more = longer.more;
  return out;
}
