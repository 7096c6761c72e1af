// Benchmark of docsd watch (not a test): on a copy of the whole site, the time from a file write to
// the changed text in Chromium's DOM, for 50 body edits and 50 title edits that change a sidebar, and
// the resident memory of docsd and its renderers after 500 edits. Prints a Markdown table; with
// --record it writes the table into BENCHMARKS.md.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { recordSection } from './lib/record.mjs';

const root = resolve(import.meta.dirname, '..');
const project = mkdtempSync(join(tmpdir(), 'docsd-bench-watch-'));
cpSync(join(root, 'content'), join(project, 'content'), { recursive: true });
cpSync(join(root, 'docsd.toml'), join(project, 'docsd.toml'));
symlinkSync(join(root, 'site'), join(project, 'site'));
const port = 30000 + Math.floor(Math.random() * 10000);
const base = `http://127.0.0.1:${port}`;
const proc = spawn(join(root, 'bin', 'docsd'), ['watch', '--root', project, '--addr', `127.0.0.1:${port}`], { stdio: 'ignore' });
for (let i = 0; i < 300; i++) {
  try {
    if ((await fetch(`${base}/docs/`)).ok) break;
  } catch {
    await new Promise((r) => setTimeout(r, 100));
  }
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage();
await page.goto(`${base}/docs/usage/quickstart`, { waitUntil: 'networkidle' });
// The page reports, by wall clock, when a text first appears in the DOM.
await page.evaluate(() => {
  window.__appeared = (text) =>
    new Promise((resolveAppeared) => {
      const check = () => document.body.innerText.includes(text);
      if (check()) return resolveAppeared(Date.now());
      const obs = new MutationObserver(() => {
        if (check()) {
          obs.disconnect();
          resolveAppeared(Date.now());
        }
      });
      obs.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
});

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
    times.push(t1 - t0);
    await sleep(60); // a writer does not save every few milliseconds
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)], p95: times[Math.ceil(n * 0.95) - 1], max: times[n - 1] };
}

const body = await measure(50, (m) => `${original}\n\n${m}\n`);
const title = await measure(50, (m) => original.replace(/^title: .*$/m, `title: ${m}`));
writeFileSync(file, original);

function treeRSS(pid) {
  let kb = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    kb += Number((status.match(/VmRSS:\s+(\d+)/) || [0, 0])[1]);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const kids = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const c of kids ? kids.split(/\s+/) : []) kb += treeRSS(Number(c));
    }
  } catch {}
  return kb;
}

await sleep(500);
const rssStart = treeRSS(proc.pid);
for (let i = 0; i < 500; i++) {
  writeFileSync(file, `${original}\n\nEdit ${i}\n`);
  await sleep(40);
}
await sleep(1500);
const rss500 = treeRSS(proc.pid);
writeFileSync(file, original);
await browser.close();
proc.kill();

const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const table = [
  '| measure | median | p95 | max | target |',
  '|---|---|---|---|---|',
  `| body edit: file write → DOM updated (50 saves) | ${body.median} ms | ${body.p95} ms | ${body.max} ms | p95 ≤ 50 ms |`,
  `| title edit changing the sidebar (50 saves) | ${title.median} ms | ${title.p95} ms | ${title.max} ms | p95 ≤ 150 ms |`,
  `| RSS of docsd + renderers after the first build → after 500 more edits | ${mb(rssStart)} → ${mb(rss500)} | | | ≤ 150 MB, no growth |`,
].join('\n');
console.log(table);

if (process.argv.includes('--record')) {
  recordSection(join(root, 'BENCHMARKS.md'), 'watch', 'Watch', `Measured ${new Date().toISOString().slice(0, 10)} with \`make bench-watch\` (\`node bench/watch.mjs --record\`), the whole site, Chromium on loopback. The 25 ms batching window of the watcher is included.\n\n${table}`);
}
