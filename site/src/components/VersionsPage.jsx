import Markdown from './Markdown.jsx';
import SiteLink from './SiteLink.jsx';

export default function VersionsPage({ site, page }) {
  return (
    <main id="main-content" className="page-main" tabIndex={-1}>
      <div className="page-container">
        <h1>{page.title}</h1>
        <table className="versions-table">
          <caption>Documented versions</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Documentation</th>
            </tr>
          </thead>
          <tbody>
            {(page.versions || site.versions).map((v) => (
              <tr key={v.name}>
                <th scope="row">
                  {v.label}
                  {/* <wbr>: the badge may go under the label in a narrow column (a 320 px phone) */}
                  {v.isLast && (
                    <>
                      <wbr />
                      <span className="badge">current</span>
                    </>
                  )}
                </th>
                <td>
                  <SiteLink href={(site.versionRoutes && site.versionRoutes[v.name]) || site.basePath}>Documentation</SiteLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Markdown html={page.html} pageContent />
      </div>
    </main>
  );
}
