// MoreResults is the last row of the result list when more pages match than it shows: the box lists
// a page of results (8 pages) and fetches the documents of the next page only when a reader asks.
// It is an option of the list like a result (arrows reach it, Enter takes it) and a button for a
// click or a tap; the list keeps the focus in the search box while it is used.
export default function MoreResults({ id, active, loading, onMore, onHover }) {
  return (
    <div id={id} role="option" aria-selected={active} className={`search-more${active ? ' active' : ''}`}>
      <button type="button" tabIndex={-1} aria-disabled={loading} onClick={() => !loading && onMore()} onMouseMove={onHover}>
        {loading ? 'Loading more results...' : 'More results'}
      </button>
    </div>
  );
}
