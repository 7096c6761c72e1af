// For topical_test.go: answers one query with the browser's engine (site/src/search/engine.js) over
// the entry files and chunks in a folder and prints {"routes": [...], "scores": [...]}, the scores
// as JSON writes them (a score that is not a number prints null). A fourth argument is the version
// to search.
import { readFileSync } from 'node:fs';
import { chunkUrl, createEngine } from '../../site/src/search/engine.js';

const [docsPath, indexPath, q, version] = process.argv.slice(2);
const load = (of, n) => JSON.parse(readFileSync(chunkUrl(of === 'docs' ? docsPath : indexPath, n), 'utf8'));
const engine = createEngine(JSON.parse(readFileSync(indexPath, 'utf8')), JSON.parse(readFileSync(docsPath, 'utf8')), { load });
const results = await engine.query(q, { limit: 5, version: version || undefined });
process.stdout.write(JSON.stringify({ routes: results.map((r) => r.route), scores: results.map((r) => r.score) }));
