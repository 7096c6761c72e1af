import { Component } from 'react';

// errorChain lists an error and its causes, outermost first.
export function errorChain(error) {
  const out = [];
  let e = error;
  while (e && out.length < 10) {
    out.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return out;
}

// ErrorBoundary catches a page that throws while rendering (React needs a class for this) and offers
// to render it again.
export default class ErrorBoundary extends Component {
  constructor(props) {
    super(props);
    this.state = { error: null };
  }

  static getDerivedStateFromError(error) {
    return { error };
  }

  componentDidCatch() {
    document.title = 'Page Error';
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main id="main-content" className="page-main" tabIndex={-1}>
        <div className="page-container crash" role="alert">
          <h1>This page crashed.</h1>
          <button type="button" className="button button-primary" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
          <ol className="error-chain">
            {errorChain(error).map((line, i) => (
              <li key={i}>
                {i > 0 && <span className="error-cause">Cause: </span>}
                <code>{line}</code>
              </li>
            ))}
          </ol>
        </div>
      </main>
    );
  }
}
