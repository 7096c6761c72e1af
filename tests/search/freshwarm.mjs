// Checking aid (not a test): asks each query of a file twice, of a fresh engine (what a reader's
// first query finds, with only the chunks that query fetched) and of one engine that has first
// fetched every term chunk of words, and prints the queries whose answers differ: a difference is
// a chunk the ranking reads that the query's fetch rounds (need.js, need/ensure) did not name.
// Never run it on heldout.tsv.
// Usage: node tests/search/freshwarm.mjs DOCS INDEX FILE... (tsv or one query a line)
import { readFileSync } from 'node:fs';
import { chunkUrl, createEngine } from '../../site/src/search/engine.js';

const [docsPath, indexPath, ...files] = process.argv.slice(2);
const docs = JSON.parse(readFileSync(docsPath, 'utf8'));
const index = JSON.parse(readFileSync(indexPath, 'utf8'));
const load = (of, n) => JSON.parse(readFileSync(chunkUrl(of === 'docs' ? docsPath : indexPath, n), 'utf8'));
const qs = [];
for (const f of files) {
  if (/heldout/.test(f)) throw new Error('heldout.tsv is never used for tuning');
  for (const l of readFileSync(f, 'utf8').split('\n')) if (l && !l.startsWith('#')) qs.push(l.split('\t')[0]);
}
const warm = createEngine(index, docs, { load });
// Each chunk of words holds its first key: asking for it fetches the chunk.
for (const start of index.chunks) if (!start.startsWith('!')) await warm.query(start, { limit: 1 });
const show = (rs) => rs.map((r) => `${r.route} ${r.score.toFixed(3)}`).join(' ');
let differ = 0;
for (const q of qs) {
  const a = show(await createEngine(index, docs, { load }).query(q, { limit: 5 }));
  const b = show(await warm.query(q, { limit: 5 }));
  if (a === b) continue;
  differ++;
  console.log(`${JSON.stringify(q)}\n  fresh: ${a}\n  warm:  ${b}`);
}
console.log(`${differ} of ${qs.length} queries answered differently`);
