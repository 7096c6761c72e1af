// Renders the docs sidebar (CachedSidebar) on every page of the sidebars in argv[2] in the
// orders given, through the server's part cache (server-parts.js) as a build does, and once
// without it, and prints what the test (sidebarparts_test.go) checks, as JSON: per sidebar and
// order, the routes whose HTML differs, how many pages rendered the sidebar through the cache,
// and on how many of them it came from HTML learnt on an earlier page.
import { renderToString } from 'react-dom/server';
import CachedSidebar from '../../../site/src/components/CachedSidebar.jsx';
import { NavigationContext } from '../../../site/src/navigation.js';
import { PartCacheContext } from '../../../site/src/parts.js';
import { isInternal } from '../../../site/src/routes.js';
import { renderWithParts } from '../../../site/src/server-parts.js';

const { basePath, sidebars } = JSON.parse(process.argv[2]);
const nav = { basePath, isInternal: (h) => isInternal(basePath, h), go() {}, prefetch() {} };

const page = (items, current, parts) =>
  renderToString(
    <NavigationContext.Provider value={nav}>
      <PartCacheContext.Provider value={parts}>
        <div className="doc-layout">
          <CachedSidebar items={items} current={current} />
          <main>{current}</main>
        </div>
      </PartCacheContext.Provider>
    </NavigationContext.Provider>,
  );

const out = [];
for (const { name, items, orders } of sidebars) {
  for (const routes of orders) {
    // A copy per order: the cache keeps parts per sidebar object, so each order learns anew.
    const copy = structuredClone(items);
    const result = { sidebar: name, first: routes[0], differs: [], cached: 0, reused: 0 };
    for (const route of routes) {
      let cached = false;
      let reused = false;
      const html = renderWithParts((parts) => {
        if (!parts) return page(copy, route, null);
        // Watch what the cache answers for the sidebar (owner: its items): null renders it in
        // full, a string is a placeholder for HTML learnt earlier.
        const marker = parts.marker;
        const watched = {
          ...parts,
          marker(owner, ...rest) {
            const m = marker.call(parts, owner, ...rest);
            if (owner === copy) {
              cached = cached || m !== null;
              reused = reused || typeof m === 'string';
            }
            return m;
          },
        };
        return page(copy, route, watched);
      });
      if (html !== page(copy, route, null)) result.differs.push(route);
      if (cached) result.cached++;
      if (reused) result.reused++;
    }
    out.push(result);
  }
}
process.stdout.write(JSON.stringify(out));
