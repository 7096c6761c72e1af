import { Component } from 'react';
import DocumentTitle from './DocumentTitle.jsx';

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
// to render it again. The error it shows names the page, with what the page threw as its cause.
export default class ErrorBoundary extends Component {
  constructor(props) {
    super(props);
    this.state = { error: null };
  }

  static getDerivedStateFromError(error) {
    return { error };
  }

  tryAgain = () => {
    if (this.props.onReset) this.props.onReset();
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const what = this.props.what ? new Error(`The page ${this.props.what} failed to render.`, { cause: error }) : error;
    return <Crash error={what} onTryAgain={this.tryAgain} />;
  }
}

function Crash({ error, onTryAgain }) {
  return (
    <main id="main-content" className="page-main" tabIndex={-1}>
      <DocumentTitle title="Page Error" />
      <div className="page-container crash" role="alert">
        <h1>This page crashed.</h1>
        <button type="button" className="button button-primary" onClick={onTryAgain}>
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
