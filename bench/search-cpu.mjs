// CPU per query of the browser's search engine in Node (not a test): the working tree's
// site/src/search/engine.js against the one of an older commit, alternately on the same search files,
// once every query's chunks are in. The ranking code's own cost, without Chromium or the network.
// Run: node bench/search-cpu.mjs BUILD_DIR [--old REV]   (BUILD_DIR: a `docsd build --once` output
// holding search-index-*.json; REV defaults to HEAD~1; queries: tests/search/testdata/relevance.tsv
// and the first half of each, as typed)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const dir = resolve(process.argv[2] || 'build');
const oldAt = process.argv.indexOf('--old');
const rev = oldAt > 0 ? process.argv[oldAt + 1] : 'HEAD~1';

// Both engines as modules in a temporary folder, importing porter2 from this checkout.
const porter2 = pathToFileURL(join(root, 'node_modules/porter2/dist/index.js')).href;
const tmp = mkdtempSync(join(tmpdir(), 'search-cpu-'));
// engine.js imports the modules beside it (session 17 split it): each engine's folder holds them all.
const searchDir = 'site/src/search';
const sources = {
  old: Object.fromEntries(
    execFileSync('git', ['ls-tree', '--name-only', `${rev}:${searchDir}`], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, execFileSync('git', ['show', `${rev}:${searchDir}/${f}`], { cwd: root, encoding: 'utf8' })]),
  ),
  new: Object.fromEntries(
    readdirSync(join(root, searchDir))
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, readFileSync(join(root, searchDir, f), 'utf8')]),
  ),
};
const files = readdirSync(dir);
const docsPath = join(dir, files.find((f) => /^search-docs-\d+\.json$/.test(f)));
const indexPath = join(dir, files.find((f) => /^search-index-\d+\.json$/.test(f)));
const queries = [];
for (const line of readFileSync(join(root, 'tests/search/testdata/relevance.tsv'), 'utf8').split('\n')) {
  if (!line || line.startsWith('#')) continue;
  const q = line.split('\t')[0];
  queries.push(q);
  if (q.length > 4) queries.push(q.slice(0, Math.ceil(q.length / 2)));
}
const engines = {};
for (const [name, srcs] of Object.entries(sources)) {
  mkdirSync(join(tmp, name));
  writeFileSync(join(tmp, name, 'package.json'), '{"type":"module"}');
  for (const [f, src] of Object.entries(srcs)) writeFileSync(join(tmp, name, f), src.replace("from 'porter2'", `from '${porter2}'`));
  const m = await import(pathToFileURL(join(tmp, name, 'engine.js')).href);
  const load = (of, n) => JSON.parse(readFileSync(m.chunkUrl(of === 'docs' ? docsPath : indexPath, n), 'utf8'));
  const e = m.createEngine(JSON.parse(readFileSync(indexPath, 'utf8')), JSON.parse(readFileSync(docsPath, 'utf8')), { load });
  for (const q of queries) {
    await e.query(q, { limit: 8 });
    await e.query(`${q} `, { limit: 8 });
  }
  engines[name] = e;
}
const times = { old: [], new: [] };
const load0 = loadavg()[0];
for (let round = 0; round < 6; round++) {
  for (const name of round % 2 ? ['new', 'old'] : ['old', 'new']) {
    for (const q of queries) {
      const t0 = process.hrtime.bigint();
      engines[name].search(`${q} `, { limit: 8 }); // another string each time: no parse cache
      engines[name].search(q, { limit: 8 });
      times[name].push(Number(process.hrtime.bigint() - t0) / 2e6);
    }
  }
}
console.log(`${queries.length} queries × 6 rounds, old = ${rev}, load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`);
for (const [name, a] of Object.entries(times)) {
  a.sort((x, y) => x - y);
  const at = (p) => a[Math.floor(p * (a.length - 1))].toFixed(2);
  console.log(`${name}: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
}
