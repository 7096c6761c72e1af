// Runs the browser's ranking code (site/src/search/engine.js) over the files docsd wrote, for the
// relevance test in relevance_test.go: argv are the documents entry file, the index entry file (their
// chunks beside them) and a file of queries (one a line); it prints, as JSON, the top routes of each
// query. In "stem" mode the lines are words and it prints their terms; in "fetched" mode it asks
// each query of a fresh engine and prints how many deletion chunks (pkg/search/typokeys.go) and
// term chunks in all it fetched; in "fresh" mode it asks each query of a fresh engine (what a
// reader's first query finds, with only the chunks that query fetched) and prints its top routes; in
// "warm" mode one engine first fetches every term chunk of words, then answers each query.
import { readFileSync } from 'node:fs';
import { chunkUrl, createEngine, termOf } from '../../site/src/search/engine.js';

const [docsPath, indexPath, queriesPath, mode] = process.argv.slice(2);
const index = JSON.parse(readFileSync(indexPath, 'utf8'));
const docs = JSON.parse(readFileSync(docsPath, 'utf8'));
const load = (of, n) => JSON.parse(readFileSync(chunkUrl(of === 'docs' ? docsPath : indexPath, n), 'utf8'));
const engine = createEngine(index, docs, { load });
const lines = readFileSync(queriesPath, 'utf8').split('\n').filter((l) => l !== '');
if (mode === 'fetched') {
  const typoChunks = new Set(index.chunkIds.filter((_, i) => index.chunks[i].startsWith('!')));
  const out = [];
  for (const q of lines) {
    const got = [0, 0];
    const counting = (of, n) => {
      if (of === 'index') {
        got[1]++;
        if (typoChunks.has(n)) got[0]++;
      }
      return load(of, n);
    };
    await createEngine(index, docs, { load: counting }).query(q, { limit: 5 });
    out.push(got);
  }
  process.stdout.write(JSON.stringify(out));
} else if (mode === 'fresh') {
  const out = [];
  for (const q of lines) out.push((await createEngine(index, docs, { load }).query(q, { limit: 5 })).map((r) => r.route));
  process.stdout.write(JSON.stringify(out));
} else if (mode === 'warm') {
  // Each chunk of words holds its first key: asking for it fetches the chunk (freshwarm.mjs).
  for (const start of index.chunks) if (!start.startsWith('!')) await engine.query(start, { limit: 1 });
  const out = [];
  for (const q of lines) out.push((await engine.query(q, { limit: 5 })).map((r) => r.route));
  process.stdout.write(JSON.stringify(out));
} else if (mode === 'stem') {
  // Stems every word, so the test can compare the browser's stemmer with docsd's.
  const stop = new Set(index.stopWords);
  process.stdout.write(JSON.stringify(lines.map((w) => termOf(w, stop))));
} else {
  const out = [];
  for (const q of lines) out.push((await engine.query(q, { limit: 5 })).map((r) => r.route));
  process.stdout.write(JSON.stringify(out));
}
