// Runs the browser's ranking code (site/src/search/engine.js) over the files docsd wrote, for the
// relevance test in relevance_test.go: argv are the documents file, the index file and a file of
// queries (one a line); it prints, as JSON, the top routes of each query.
import { readFileSync } from 'node:fs';
import { createEngine, termOf } from '../../site/src/search/engine.js';

const [docsPath, indexPath, queriesPath, mode] = process.argv.slice(2);
const index = JSON.parse(readFileSync(indexPath, 'utf8'));
const engine = createEngine(JSON.parse(readFileSync(docsPath, 'utf8')), index);
const lines = readFileSync(queriesPath, 'utf8').split('\n').filter((l) => l !== '');
if (mode === 'stem') {
  // Stems every word, so the test can compare the browser's stemmer with docsd's.
  const stop = new Set(index.stopWords);
  process.stdout.write(JSON.stringify(lines.map((w) => termOf(w, stop))));
} else {
  process.stdout.write(JSON.stringify(lines.map((q) => engine.search(q, { limit: 5 }).map((r) => r.route))));
}
