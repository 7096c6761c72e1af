// MoreResults is the last row of the result list when more pages match than it shows: the box lists
// a page of results (8 pages) and fetches the documents of the next page only when a reader asks.
// It is an option of the list like a result: the arrows reach it and Enter takes it (the search box
// keeps the focus and names it in aria-activedescendant), and a click or a tap takes it. No button
// inside: an option holds no control of its own (axe, nested-interactive).
export default function MoreResults({ id, active, loading, onMore, onHover }) {
  return (
    <div id={id} role="option" aria-selected={active} aria-disabled={loading} className={`search-more${active ? ' active' : ''}`} onClick={() => !loading && onMore()} onMouseMove={onHover}>
      {loading ? 'Loading more results...' : 'More results'}
    </div>
  );
}
