// PageLoading shows an animated spinner while a page's code or data loads, and the error with a
// Retry button when loading fails.
export default function PageLoading({ error, onRetry }) {
  if (error) {
    return (
      <main id="main-content" className="page-main" tabIndex={-1}>
        <div className="page-container">
          <div className="load-error" role="alert">
            <p>{String(error.message || error)}</p>
            <button type="button" className="button button-secondary" onClick={onRetry}>
              Retry
            </button>
          </div>
        </div>
      </main>
    );
  }
  return (
    <main id="main-content" className="page-main" tabIndex={-1}>
      <div className="page-loading" role="status" aria-live="polite">
        <svg className="spinner" viewBox="0 0 50 50" width="48" height="48" aria-hidden="true">
          <circle cx="25" cy="25" r="20" fill="none" strokeWidth="5" />
        </svg>
        <span className="visually-hidden">Loading…</span>
      </div>
    </main>
  );
}
