// For stale_test.go: answers one query with the browser's engine (site/src/search/engine.js) over
// the entry files and chunks in a folder, as a page open during a rebuild would. argv: the
// documents entry file, the index entry file, the query. It prints {"routes": [...]} or, when the
// engine finds that the chunks belong to other entry files, {"stale": true, "reloads": N}.
import { readFileSync } from 'node:fs';
import { chunkUrl, createEngine } from '../../site/src/search/engine.js';

const [docsPath, indexPath, q] = process.argv.slice(2);
// A file that is not there answers as the server would: 404 (site/src/search/load.js).
const load = (of, n) => {
  const path = chunkUrl(of === 'docs' ? docsPath : indexPath, n);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
    throw Object.assign(new Error(`${path}: HTTP 404`), { status: 404 });
  }
};
let reloads = 0;
const engine = createEngine(JSON.parse(readFileSync(indexPath, 'utf8')), JSON.parse(readFileSync(docsPath, 'utf8')), {
  load,
  onStale: () => reloads++,
});
try {
  const results = await engine.query(q, { limit: 5 });
  process.stdout.write(JSON.stringify({ routes: results.map((r) => r.route) }));
} catch (e) {
  if (!e.stale) throw e;
  process.stdout.write(JSON.stringify({ stale: true, reloads }));
}
