// Features styled by the site's own stylesheets alone (custom.css and extra.scss): it imports no CSS.
export default function Features() {
  return (
    <section className="hero__features">
      <div className="button-group">
        <a className="button button-primary" href="#start">Get started</a>
        <a className="button button-secondary" href="https://example.test">Source</a>
      </div>
      <div className="feature-card">
        <strong>Fast</strong> builds.
      </div>
    </section>
  );
}
