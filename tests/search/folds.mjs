// Tuning aid (not a test): estimates whether a weight or rule would carry over to queries it was not
// fitted on, before a held-out read is spent on it. The queries of a file are dealt into k folds
// (query i to fold i mod k); for each fold, the grid's best weights on the other folds (most first
// hits, then most in the top 3, then the highest mean reciprocal rank; the engine's own weights win
// a tie) are scored on that fold. It prints, per fold and summed, the fold's first hits and top 3
// with the engine's weights and with the weights fitted without it. Never run it on heldout.tsv.
// Usage: node tests/search/folds.mjs DOCS INDEX testdata/relevance.tsv '{"together":[6,10,14]}' [k]
import { readFileSync } from 'node:fs';
import { chunkUrl, createEngine } from '../../site/src/search/engine.js';

const [docsPath, indexPath, queriesPath, gridJSON = '{}', kArg = '2'] = process.argv.slice(2);
if (/heldout/.test(queriesPath)) throw new Error('heldout.tsv is never used for tuning');
const k = Number(kArg);
if (!(Number.isInteger(k) && k >= 2)) throw new Error(`folds: k must be an integer of 2 or more, not ${kArg}`);
const docs = JSON.parse(readFileSync(docsPath, 'utf8'));
const index = JSON.parse(readFileSync(indexPath, 'utf8'));
const qs = readFileSync(queriesPath, 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t'));
const load = (of, n) => JSON.parse(readFileSync(chunkUrl(of === 'docs' ? docsPath : indexPath, n), 'utf8'));

// The grid's combinations, the engine's own weights ({}) first so that they win a tie.
let combos = [{}];
for (const [key, vs] of Object.entries(JSON.parse(gridJSON))) combos = combos.flatMap((c) => vs.map((v) => ({ ...c, [key]: v })));
combos.unshift({});

// ranks[c][i] is the place (0 first, -1 not in the top 5) of query i's page with combination c.
const ranks = [];
for (const weights of combos) {
  const engine = createEngine(index, docs, { weights, load });
  const r = [];
  for (const [q, want] of qs) r.push((await engine.query(q, { limit: 5 })).map((x) => x.route).indexOf(want));
  ranks.push(r);
}

// score sums a combination's figures over the queries of one set.
function score(c, inSet) {
  const s = { first: 0, top3: 0, mrr: 0 };
  ranks[c].forEach((pos, i) => {
    if (!inSet(i)) return;
    if (pos === 0) s.first++;
    if (pos >= 0 && pos < 3) s.top3++;
    if (pos >= 0) s.mrr += 1 / (pos + 1);
  });
  return s;
}
const better = (a, b) => a.first - b.first || a.top3 - b.top3 || a.mrr - b.mrr;

const total = { own: { first: 0, top3: 0 }, fitted: { first: 0, top3: 0 } };
for (let f = 0; f < k; f++) {
  const train = (i) => i % k !== f;
  const test = (i) => i % k === f;
  let best = 0;
  for (let c = 1; c < combos.length; c++) if (better(score(c, train), score(best, train)) > 0) best = c;
  const own = score(0, test);
  const fitted = score(best, test);
  const n = qs.filter((_, i) => test(i)).length;
  console.log(`fold ${f + 1}/${k} (${n} queries): own ${own.first} / ${own.top3}, fitted ${fitted.first} / ${fitted.top3} with ${JSON.stringify(combos[best])}`);
  for (const key of ['first', 'top3']) {
    total.own[key] += own[key];
    total.fitted[key] += fitted[key];
  }
}
console.log(`all ${qs.length}: own ${total.own.first} / ${total.own.top3}, fitted on the other folds ${total.fitted.first} / ${total.fitted.top3}`);
