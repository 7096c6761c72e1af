// Tuning aid (not a test): scores the browser's ranking on a query file for a grid of weights, so
// the weights in weights.js can be chosen on relevance.tsv. Never run it on heldout.tsv.
// Usage: node tests/search/tune.mjs DOCS INDEX testdata/relevance.tsv '{"title":[4,6,8]}'
// MISSES=1 lists the best row's misses; CHANGES=1 the queries whose page moved between the engine's
// own weights and the best row's (what a rule wins and what it costs, query by query).
import { readFileSync } from 'node:fs';
import { chunkUrl, createEngine } from '../../site/src/search/engine.js';

const [docsPath, indexPath, queriesPath, gridJSON = '{}'] = process.argv.slice(2);
if (/heldout/.test(queriesPath)) throw new Error('heldout.tsv is never used for tuning');
const docs = JSON.parse(readFileSync(docsPath, 'utf8'));
const index = JSON.parse(readFileSync(indexPath, 'utf8'));
const qs = readFileSync(queriesPath, 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t'));
const grid = JSON.parse(gridJSON);
let combos = [{}];
for (const [k, vs] of Object.entries(grid)) combos = combos.flatMap((c) => vs.map((v) => ({ ...c, [k]: v })));
const rows = [];
const load = (of, n) => JSON.parse(readFileSync(chunkUrl(of === 'docs' ? docsPath : indexPath, n), 'utf8'));
for (const weights of combos) {
  const engine = createEngine(index, docs, { weights, load });
  let first = 0;
  let top3 = 0;
  const misses = [];
  const places = [];
  for (const [q, want] of qs) {
    const got = (await engine.query(q, { limit: 5 })).map((r) => r.route);
    const pos = got.indexOf(want);
    places.push(pos);
    if (pos === 0) first++;
    if (pos >= 0 && pos < 3) top3++;
    if (pos !== 0) misses.push(`${q} -> ${want} #${pos + 1} (${got[0]})`);
  }
  rows.push({ weights, first, top3, misses, places });
}
// The engine's own weights, for CHANGES.
const own = [];
if (process.env.CHANGES) {
  const engine = createEngine(index, docs, { load });
  for (const [q, want] of qs) own.push((await engine.query(q, { limit: 5 })).map((r) => r.route).indexOf(want));
}
rows.sort((a, b) => b.first - a.first || b.top3 - a.top3);
for (const r of rows.slice(0, 10)) console.log(r.first, r.top3, '/', qs.length, JSON.stringify(r.weights));
if (process.env.MISSES) for (const m of rows[0].misses) console.log('  ' + m);
// A place is #1 … #5, or #0 when the page is not among the first five.
if (process.env.CHANGES) rows[0].places.forEach((pos, i) => {
  if (pos !== own[i]) console.log(`  #${own[i] + 1} -> #${pos + 1}\t${qs[i][0]}\t${qs[i][1]}`);
});
