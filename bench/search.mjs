// Benchmark of search (not a test; issue 5's and issue 18's targets): on a fresh build of the whole
// site (or of --root DIR, e.g. bench/scale's 10k-page site) served by `docsd serve` on loopback, in
// Chromium,
//   - the gzip size of all search files (the two entry files and their chunks),
//   - bytes transferred for search (entry files and the chunks fetched) from a cold page load to the
//     first query's results, for a few queries (targets: ≤ 100 KB on the 306-page site, ≤ 300 KB
//     at 10k pages),
//   - the time from the page's load event to a usable search box, the box reading "Search Ctrl+K"
//     (target ≤ 300 ms), median of 7 cold page loads,
//   - query latency of the engine the box runs, median and p95 over 100 typical queries (the
//     relevance queries and prefixes of them as typed) once their chunks have arrived (target p95
//     ≤ 10 ms).
// Run: make docsd && node bench/search.mjs [--root DIR --page PATH] [--record]   (--record writes the table into BENCHMARKS.md;
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
const at = process.argv.indexOf('--root');
const project = at > 0 ? resolve(process.argv[at + 1]) : root;
// The page the box is used on: --page PATH (bench/scale's sites have /docs/p001/usage/quickstart).
const pageAt = process.argv.indexOf('--page');
const pagePath = pageAt > 0 ? process.argv[pageAt + 1] : '/docs/usage/quickstart';
const out = join(mkdtempSync(join(tmpdir(), 'docsd-bench-search-')), 'build');
execFileSync(docsd, ['build', '--once', '--out', out], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });

const files = readdirSync(out).filter((f) => /^search-(docs|index)-\d+(-p?\d+)?\.json$/.test(f));
const pageCount = JSON.parse(readFileSync(join(out, files.find((f) => /^search-index-\d+\.json$/.test(f))), 'utf8')).pages;
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
  await page.goto(`${base}${pagePath}`);
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
// Transfer to the first query's results: a cold context, the box typed into once the page is
// usable, every search file's transferSize (compressed body and headers) summed.
const firstQueries = ['secret', 'kubernetes worker', 'vela add secret', 'env vars', 'docker'];
const transfers = [];
for (const q of firstQueries) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}${pagePath}`);
  const box = '.navbar-right .search-input';
  await page.waitForFunction((sel) => document.querySelector(sel).placeholder.startsWith('Search '), box);
  await page.fill(box, q);
  await page.waitForSelector('.search-hit, .search-empty:not(:empty)');
  await page.waitForFunction(() => !document.querySelector('.search-panel')?.textContent.includes('Searching...'));
  transfers.push(
    await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /search-(docs|index)-/.test(e.name))
        .reduce((sum, e) => sum + e.transferSize, 0),
    ),
  );
  await context.close();
}

const context = await browser.newContext();
const page = await context.newPage();
await page.goto(`${base}${pagePath}`);
await page.waitForFunction(() => document.querySelector('.navbar-right .search-input').placeholder.startsWith('Search '));
const site = await page.evaluate(() => JSON.parse(document.getElementById('__docsd_data').textContent).site);
// The engine of the box's chunk, on the same files; each query's chunks are fetched first (its
// first answer), then the query is timed.
const latencies = await page.evaluate(
  async ({ typical, docsUrl, indexUrl }) => {
    let ui = null;
    for (const e of performance.getEntriesByType('resource')) {
      if (!/\/assets\/chunk-[^/]+\.js$/.test(e.name)) continue;
      const m = await import(e.name);
      if (m.createEngine) ui = m;
    }
    const json = (u) => fetch(u).then((r) => r.json());
    const [docs, index] = await Promise.all([json(docsUrl), json(indexUrl)]);
    const load = (of, n) => json(ui.chunkUrl(of === 'docs' ? docsUrl : indexUrl, n));
    const engine = ui.createEngine(index, docs, { load });
    for (const q of typical) await engine.query(q); // the chunks, the JIT and the posting cache
    const warm = [];
    for (const q of typical) {
      const reps = 20;
      const t = performance.now();
      for (let i = 0; i < reps; i++) {
        engine.search(q);
        engine.matcher(q);
      }
      warm.push((performance.now() - t) / reps);
    }
    // The first ranking of each query on a fresh engine whose chunks are in (postings not decoded).
    const fresh = ui.createEngine(index, docs, { load });
    for (const q of typical) await fresh.ensure(q);
    const cold = typical.map((q) => {
      const t = performance.now();
      fresh.search(q, { limit: 0 });
      return performance.now() - t;
    });
    return { warm, cold };
  },
  { typical, docsUrl: site.searchDocs, indexUrl: site.searchIndex },
);
await browser.close();
server.kill();

const f = (x) => x.toFixed(2);
const table = `| measure | figure | target |
|---|---|---|
| pages indexed | ${pageCount} | |
| all search files, gzip (raw) | ${(gz / 1024).toFixed(1)} KiB (${(raw / 1024).toFixed(0)} KiB), ${files.length} files | |
| transferred from page load to the first query's results, median (max) of ${firstQueries.length} queries | ${(median(transfers) / 1024).toFixed(1)} KiB (${(Math.max(...transfers) / 1024).toFixed(1)}) | ≤ 100 KB (306 pages), ≤ 300 KB (10k) |
| load event → usable box, median of 7 (min–max) | ${f(median(usable))} ms (${f(Math.min(...usable))}–${f(Math.max(...usable))}) | ≤ 300 ms |
| load event → engine ready (chunk, files, index built), median | ${f(median(engineReady))} ms | |
| query latency once its chunks are in, ${typical.length} queries, median / p95 | ${f(median(latencies.warm))} / ${f(pct(latencies.warm, 95))} ms | p95 ≤ 10 ms |
| first ranking of each, fresh engine (chunks in), median / p95 | ${f(median(latencies.cold))} / ${f(pct(latencies.cold, 95))} ms | |`;
console.log(table);

if (process.argv.includes('--record')) {
  const load = loadavg()[0].toFixed(1);
  recordSection(join(root, 'BENCHMARKS.md'), 'search', 'Search', `Measured ${new Date().toISOString().slice(0, 10)} with \`node bench/search.mjs --record\` (after \`make docsd\`): a fresh build of the whole site served by \`docsd serve\` on loopback, Debian's Chromium, on the 2-core machine with a load average of ${load} at the time. "Usable" is the box reading "Search Ctrl+K": search's chunk and both files loaded, and the navbar hydrated (the page's content hydrates after it); "engine ready" is search's own part.\n\n${table}`);
  console.log('recorded in BENCHMARKS.md');
}
