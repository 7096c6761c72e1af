import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useNavigation } from '../navigation.js';
import { forgetSearch, isMac, loadSearch } from '../search/load.js';
import '../styles/search.css';

// SearchBox is the navbar's search: it reads "Loading..." until the query code and both search
// files have loaded, then "Search Ctrl+K" ("Search ⌘+K" on a Mac); Ctrl/⌘+K focuses it from
// anywhere. The result list and the engine come from the lazily loaded chunk. The box that is not
// compact also highlights the searched words on the page a result opened (?highlight=).
export default function SearchBox({ site, page, compact = false }) {
  const [search, setSearch] = useState(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // In docsd watch the files can move (their names follow docsd.toml): dev/client.js says where.
  const [moved, setMoved] = useState(null);
  const docsUrl = moved ? moved.docs : site.searchDocs;
  const indexUrl = moved ? moved.index : site.searchIndex;
  const [mac, setMac] = useState(false);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  // The result (or "More results") row the arrow keys are on, for screen readers.
  const [activeId, setActiveId] = useState(null);
  // What screen readers announce of the list ("8 pages found", "No results"): one live region that
  // is in the page before the list opens, since a region inserted with its text is often not read.
  const [status, setStatus] = useState('');
  const input = useRef(null);
  const keys = useRef(null);
  const nav = useNavigation();
  const location = useLocation();
  const listId = `search-results${useId().replace(/[^a-zA-Z0-9]/g, '')}`;

  useEffect(() => {
    if (!docsUrl || !indexUrl) return undefined;
    let live = true;
    setMac(isMac());
    loadSearch(docsUrl, indexUrl).then(
      (s) => {
        if (!live) return;
        setSearch(s);
        setFailed(false);
      },
      (error) => {
        if (!live) return;
        console.warn(`Search is unavailable: ${error.message}`);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [docsUrl, indexUrl, attempt]);

  // In docsd watch, a rebuild that re-indexed pages says so (dev/client.js), with the files' URLs:
  // load them again.
  useEffect(() => {
    const onReload = (event) => {
      const to = event.detail;
      if (to && to.docs && to.index) setMoved({ docs: to.docs, index: to.index });
      forgetSearch();
      setAttempt((n) => n + 1);
    };
    window.addEventListener('docsd:search-reload', onReload);
    return () => window.removeEventListener('docsd:search-reload', onReload);
  }, []);

  useEffect(() => {
    const onKey = (event) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || (event.key || '').toLowerCase() !== 'k') return;
      const el = input.current;
      if (!el || el.offsetParent === null) return; // the other box (desktop or mobile) is the visible one
      event.preventDefault();
      el.focus();
      el.select();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const words = !compact && new URLSearchParams(location.search).get('highlight');
  useEffect(() => {
    if (!words) return undefined;
    let live = true;
    let undo = null;
    import('../search/highlight.js').then(
      (m) => {
        if (live) undo = m.highlightPage(words.split(/\s+/));
      },
      () => {},
    );
    return () => {
      live = false;
      if (undo) undo();
    };
  }, [words, location.pathname]);

  const label = search ? `Search ${mac ? '⌘' : 'Ctrl'}+K` : failed ? 'Search unavailable' : 'Loading...';
  const Results = search && search.ui.SearchResults;
  const showPanel = Boolean(open && Results && query.trim() !== '');
  // On a [[docs]] set's page (page.instance), the versioned docs are searched in their latest version.
  const version = (page && !page.instance && page.version) || ((site.versions || []).find((v) => v.isLast) || {}).name;

  const hrefFor = (url) => {
    const hw = search ? search.ui.highlightWords(query, search.stopWords) : [];
    const i = url.indexOf('#');
    const path = i < 0 ? url : url.slice(0, i);
    const hash = i < 0 ? '' : url.slice(i);
    return path + (hw.length ? `?highlight=${encodeURIComponent(hw.join(' '))}` : '') + hash;
  };
  const pick = (href) => {
    setOpen(false);
    if (input.current) input.current.blur();
    if (nav) nav.go(href);
    else window.location.assign(href);
  };
  const onKeyDown = (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      event.currentTarget.blur();
      return;
    }
    if (!open) {
      if (event.key === 'ArrowDown') setOpen(true);
      return;
    }
    if (showPanel && keys.current && keys.current(event)) event.preventDefault();
  };

  return (
    <div className={`navbar-search${compact ? ' navbar-search-compact' : ''}`} role="search">
      <svg className="search-icon" width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
        <path d="M14.4 12.9a7.5 7.5 0 1 0-1.5 1.5l4.6 4.6 1.5-1.5zM8.5 14a5.5 5.5 0 1 1 0-11 5.5 5.5 0 0 1 0 11z" fill="currentColor" />
      </svg>
      <input
        ref={input}
        type="search"
        className="search-input"
        placeholder={label}
        aria-label="Search the docs"
        role="combobox"
        aria-expanded={showPanel}
        aria-controls={showPanel ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={showPanel && activeId ? activeId : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          setOpen(true);
          if (failed) setAttempt((n) => n + 1);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {showPanel && <Results engine={search.engine} query={query} version={version} keyRef={keys} onPick={pick} onActive={setActiveId} onStatus={setStatus} hrefFor={hrefFor} listId={listId} />}
      <p className="visually-hidden" role="status">
        {showPanel ? status : ''}
      </p>
    </div>
  );
}
