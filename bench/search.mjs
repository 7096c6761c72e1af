// Benchmark of search (not a test; issue 5's targets): on a fresh build of the whole site served by
// `docsd serve` on loopback, in Chromium,
//   - the gzip size of the two search files together (target ≤ 250 KB),
//   - the time from the page's load event to a usable search box, the box reading "Search Ctrl+K"
//     (target ≤ 300 ms), median of 7 cold page loads,
//   - query latency of the engine the box runs, median and p95 over 100 typical queries (the
//     relevance queries and prefixes of them as typed) after load (target p95 ≤ 5 ms).
// Run: make docsd && node bench/search.mjs [--record]   (--record writes the table into BENCHMARKS.md;
// figures move with the machine's load, so the recorded text gives the load average)
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium, waitUp } from './lib/browser.mjs';
import { recordSection } from './lib/record.mjs';

const root = resolve(import.meta.dirname, '..');
const docsd = process.env.DOCSD_BIN || join(root, 'bin', 'docsd');
const out = join(mkdtempSync(join(tmpdir(), 'docsd-bench-search-')), 'build');
execFileSync(docsd, ['build', '--once', '--out', out], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

const files = readdirSync(out).filter((f) => /^search-(docs|index)-\d+\.json$/.test(f));
let raw = 0;
let gz = 0;
for (const f of files) {
  const b = readFileSync(join(out, f));
  raw += b.length;
  gz += gzipSync(b, { level: 9 }).length;
}

const port = 40000 + Math.floor(Math.random() * 10000);
const base = `http://127.0.0.1:${port}`;
const server = spawn(docsd, ['serve', '--dir', out, '--addr', `127.0.0.1:${port}`], { stdio: 'ignore' });
await waitUp(base, 100);
const browser = await launchChromium();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

// Time to a usable box: a fresh context each time (nothing cached), measured in the page from the
// load event to the frame where the placeholder changes.
const usable = [];
// The box is a React component: it can read "Search Ctrl+K" only once the page has hydrated, so
// search's own part is shown too: when the chunk and both files were in and the engine built
// (load.js marks it; negative when before the load event).
const engineReady = [];
for (let run = 0; run < 7; run++) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.addEventListener('load', () => {
      window.__loadAt = performance.now();
      const tick = () => {
        const box = document.querySelector('.navbar-right .search-input');
        if (box && box.placeholder.startsWith('Search ')) window.__usableAt = performance.now();
        else requestAnimationFrame(tick);
      };
      tick();
    });
  });
  const page = await context.newPage();
  await page.goto(`${base}/docs/usage/quickstart`);
  await page.waitForFunction(() => window.__usableAt !== undefined, null, { timeout: 10000 });
  usable.push(await page.evaluate(() => Math.max(0, window.__usableAt - window.__loadAt)));
  engineReady.push(await page.evaluate(() => performance.getEntriesByName('docsd-search-ready')[0].startTime - window.__loadAt));
  await context.close();
}

// Query latency: the engine of the lazily loaded chunk the box uses, on the same two files.
const queries = readFileSync(join(root, 'tests/search/testdata/queries.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t')[0]);
const typical = [...queries];
for (let i = 0; typical.length < 100; i++) {
  const q = queries[i % queries.length];
  typical.push(q.slice(0, Math.max(2, Math.ceil(q.length * (0.4 + 0.2 * (i % 3))))));
}
const context = await browser.newContext();
const page = await context.newPage();
await page.goto(`${base}/docs/usage/quickstart`);
await page.waitForFunction(() => document.querySelector('.navbar-right .search-input').placeholder.startsWith('Search '));
const site = await page.evaluate(() => JSON.parse(document.getElementById('__docsd_data').textContent).site);
const latencies = await page.evaluate(
  async ({ typical, docsUrl, indexUrl }) => {
    let ui = null;
    for (const e of performance.getEntriesByType('resource')) {
      if (!/\/assets\/chunk-[^/]+\.js$/.test(e.name)) continue;
      const m = await import(e.name);
      if (m.createEngine) ui = m;
    }
    const [docs, index] = await Promise.all([fetch(docsUrl).then((r) => r.json()), fetch(indexUrl).then((r) => r.json())]);
    const engine = ui.createEngine(docs, index);
    for (const q of typical) engine.search(q); // warm up the JIT and the posting cache once
    const out = [];
    for (const q of typical) {
      const reps = 20;
      const t = performance.now();
      for (let i = 0; i < reps; i++) {
        engine.search(q);
        engine.matcher(q);
      }
      out.push((performance.now() - t) / reps);
    }
    return out;
  },
  { typical, docsUrl: site.searchDocs, indexUrl: site.searchIndex },
);
// The first query of a word also decodes its postings: measure cold queries on a fresh engine too.
const cold = await page.evaluate(
  async ({ typical, docsUrl, indexUrl }) => {
    let ui = null;
    for (const e of performance.getEntriesByType('resource')) {
      if (!/\/assets\/chunk-[^/]+\.js$/.test(e.name)) continue;
      const m = await import(e.name);
      if (m.createEngine) ui = m;
    }
    const [docs, index] = await Promise.all([fetch(docsUrl).then((r) => r.json()), fetch(indexUrl).then((r) => r.json())]);
    const engine = ui.createEngine(docs, index);
    return typical.map((q) => {
      const t = performance.now();
      engine.search(q);
      return performance.now() - t;
    });
  },
  { typical, docsUrl: site.searchDocs, indexUrl: site.searchIndex },
);
await browser.close();
server.kill();

const f = (x) => x.toFixed(2);
const table = `| measure | figure | target |
|---|---|---|
| search files, gzip (raw) | ${(gz / 1024).toFixed(1)} KiB (${(raw / 1024).toFixed(0)} KiB), ${files.length} files | ≤ 250 KB |
| load event → usable box, median of 7 (min–max) | ${f(median(usable))} ms (${f(Math.min(...usable))}–${f(Math.max(...usable))}) | ≤ 300 ms |
| load event → engine ready (chunk, files, index built), median | ${f(median(engineReady))} ms | |
| query latency, ${typical.length} queries, median / p95 | ${f(median(latencies))} / ${f(pct(latencies, 95))} ms | p95 ≤ 5 ms |
| first query of each, fresh engine, median / p95 | ${f(median(cold))} / ${f(pct(cold, 95))} ms | |`;
console.log(table);

if (process.argv.includes('--record')) {
  const load = loadavg()[0].toFixed(1);
  recordSection(join(root, 'BENCHMARKS.md'), 'search', 'Search', `Measured ${new Date().toISOString().slice(0, 10)} with \`node bench/search.mjs --record\` (after \`make docsd\`): a fresh build of the whole site served by \`docsd serve\` on loopback, Debian's Chromium, on the 2-core machine with a load average of ${load} at the time. "Usable" is the box reading "Search Ctrl+K": search's chunk and both files loaded, and the navbar hydrated (the page's content hydrates after it); "engine ready" is search's own part.\n\n${table}`);
  console.log('recorded in BENCHMARKS.md');
}
