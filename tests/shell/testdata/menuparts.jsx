// Renders the navbar (Navbar) on every page of argv[2] in the orders given, through the server's
// part cache (server-parts.js) as a build does, and once without it, and prints what the test
// (menuparts_test.go) checks, as JSON: per order, the URLs whose HTML differs, and per page the
// names of the navbar's parts it asked the cache for and of those that came from HTML learnt on
// an earlier page.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import Navbar from '../../../site/src/components/Navbar.jsx';
import { NavigationContext } from '../../../site/src/navigation.js';
import { PartCacheContext } from '../../../site/src/parts.js';
import { isInternal } from '../../../site/src/routes.js';
import { renderWithParts } from '../../../site/src/server-parts.js';

const { site, pages, orders } = JSON.parse(process.argv[2]);
const nav = { basePath: site.basePath, isInternal: (h) => isInternal(site.basePath, h), go() {}, prefetch() {} };

const render = (owner, { url, page }, parts) =>
  renderToString(
    <StaticRouter location={url}>
      <NavigationContext.Provider value={nav}>
        <PartCacheContext.Provider value={parts}>
          <Navbar site={owner} page={page} sidebar={null} />
        </PartCacheContext.Provider>
      </NavigationContext.Provider>
    </StaticRouter>,
  );

const out = [];
for (const order of orders) {
  // A copy per order: the cache keeps parts per site object, so each order learns anew.
  const owner = structuredClone(site);
  const result = { differs: [], asked: {}, reused: {} };
  for (const i of order) {
    const p = pages[i];
    const asked = [];
    const reused = [];
    const html = renderWithParts((parts) => {
      if (!parts) return render(owner, p, null);
      const marker = parts.marker;
      return render(owner, p, {
        ...parts,
        marker(o, name, ...rest) {
          const m = marker.call(parts, o, name, ...rest);
          if (o === owner) {
            asked.push(name);
            if (typeof m === 'string') reused.push(name);
          }
          return m;
        },
      });
    });
    result.asked[p.url] = [...new Set(asked)];
    result.reused[p.url] = [...new Set(reused)];
    if (html !== render(owner, p, null)) result.differs.push(p.url);
  }
  out.push(result);
}
process.stdout.write(JSON.stringify(out));
