// Benchmark of docsd watch (not a test): on a copy of the whole site, the time from a file write to
// the changed text in Chromium's DOM, for 50 body edits and 50 title edits that change a sidebar, and
// the resident memory of docsd and its renderers after 500 edits. Prints a Markdown table; with
// --record it writes the table into BENCHMARKS.md.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium, textAppears, waitUp } from './lib/browser.mjs';
import { recordSection } from './lib/record.mjs';
import { treeRSS } from './lib/memory.mjs';

const root = resolve(import.meta.dirname, '..');
const loadStart = loadavg()[0].toFixed(2);
const project = mkdtempSync(join(tmpdir(), 'docsd-bench-watch-'));
cpSync(join(root, 'content'), join(project, 'content'), { recursive: true });
cpSync(join(root, 'docsd.toml'), join(project, 'docsd.toml'));
symlinkSync(join(root, 'site'), join(project, 'site'));
const port = 30000 + Math.floor(Math.random() * 10000);
const base = `http://127.0.0.1:${port}`;
const proc = spawn(join(root, 'bin', 'docsd'), ['watch', '--root', project, '--addr', `127.0.0.1:${port}`], { stdio: 'ignore' });
await waitUp(base, 300);
const browser = await launchChromium();
const page = await browser.newPage();
await page.goto(`${base}/docs/usage/quickstart`, { waitUntil: 'networkidle' });
// The page reports, by wall clock, when a text first appears in the DOM.
await textAppears(page);

const file = join(project, 'content/docs/usage/quickstart.md');
const original = readFileSync(file, 'utf8');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function measure(n, edit) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const marker = `Marker ${Date.now()}-${i}`;
    const waiting = page.evaluate((m) => window.__appeared(m), marker);
    await sleep(20); // the observer is in place before the write
    const t0 = Date.now();
    writeFileSync(file, edit(marker));
    const t1 = await waiting;
    if (t1 < 0) throw new Error(`the edit ${marker} never reached the page`);
    times.push(t1 - t0);
    await sleep(60); // a writer does not save every few milliseconds
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)], p95: times[Math.ceil(n * 0.95) - 1], max: times[n - 1] };
}

const body = await measure(50, (m) => `${original}\n\n${m}\n`);
const title = await measure(50, (m) => original.replace(/^title: .*$/m, `title: ${m}`));
writeFileSync(file, original);

// Memory is read once the writer has paused (docsd returns freed memory a second after the last
// rebuild), after the measured edits and again after 500 more.
await sleep(2000);
const rssStart = treeRSS(proc.pid);
const ownStart = ownRSS(proc.pid);
for (let i = 0; i < 500; i++) {
  writeFileSync(file, `${original}\n\nEdit ${i}\n`);
  await sleep(40);
}
await sleep(2000);
const rss500 = treeRSS(proc.pid);
const own500 = ownRSS(proc.pid);
writeFileSync(file, original);
await browser.close();
proc.kill();

const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const table = [
  '| measure | median | p95 | max | target |',
  '|---|---|---|---|---|',
  `| body edit: file write → DOM updated (50 saves) | ${body.median} ms | ${body.p95} ms | ${body.max} ms | p95 ≤ 50 ms |`,
  `| title edit changing the sidebar (50 saves) | ${title.median} ms | ${title.p95} ms | ${title.max} ms | p95 ≤ 150 ms |`,
  `| RSS of docsd + its renderer after the measured edits → after 500 more | ${mb(rssStart)} → ${mb(rss500)} | | | ≤ 150 MB, no growth |`,
  `| of which docsd itself | ${mb(ownStart)} → ${mb(own500)} | | | |`,
].join('\n');
console.log(table);

if (process.argv.includes('--record')) {
  const load = loadavg()[0].toFixed(2);
  recordSection(join(root, 'BENCHMARKS.md'), 'watch', 'Watch', `Measured ${new Date().toISOString().slice(0, 10)} with \`make bench-watch\` (\`node bench/watch.mjs --record\`) on the whole site, Chromium on loopback, ${cpus().length} cores, load average ${loadStart} at the start and ${load} at the end. From the write of the file to the new text in the page's DOM: the watcher's 5 ms batching window, the rebuild, the websocket message (it carries the page's data) and React's re-render. A save comes every 60 ms or so after the last one appeared.\n\n${table}`);
}
