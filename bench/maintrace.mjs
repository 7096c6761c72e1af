// Main-thread work of a page load, from a Chromium trace: what Lighthouse's total blocking time is
// made of, measured as thread CPU time (which other processes on a busy machine inflate far less than
// the wall time Lighthouse scales). For each finished build and page it loads the page in Debian's
// Chromium (a phone-sized window, no throttling) until the shell has hydrated, and prints the
// main thread's tasks over 4 ms of CPU, marked * after the first contentful paint, with what they
// hold; then the CPU of the tasks after the paint, and the blocking time those tasks would add under
// Lighthouse's 4x CPU slowdown (the sum of 4 x CPU - 50 ms). Builds are measured in turn, run after run.
//
//   node bench/maintrace.mjs --builds old=/tmp/old,new=/tmp/new [--runs 3] [--quiet] [/docs/ /docs/usage/quickstart ...]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option('--runs')) || 1;
const quiet = args.includes('--quiet');
const paths = args.filter((a, i) => a.startsWith('/') && !['--builds', '--runs'].includes(args[i - 1]));
if (paths.length === 0) paths.push('/docs/', '/docs/usage/quickstart', '/docs/reference/api/build/add');
if (!option('--builds')) throw new Error('--builds label=folder,... of finished builds is required');
const docsd = join(root, 'bin', 'docsd');
// What a task holds: the trace events worth naming, summed by name (and script for calls).
const named = new Set(['EvaluateScript', 'v8.evaluateModule', 'v8.compile', 'v8.compileModule', 'FunctionCall', 'V8.ParseFunction', 'V8.CompileCode',
  'V8.ParseProgram', 'V8.PreParse', 'Layout', 'UpdateLayoutTree', 'ParseHTML', 'Paint', 'PrePaint', 'MinorGC', 'MajorGC', 'RunMicrotasks']);

const servers = [];
const targets = [];
for (const pair of option('--builds').split(',')) {
  const [label, dir] = pair.split('=');
  if (!dir || !existsSync(join(dir, 'index.html'))) throw new Error(`--builds: "${pair}" is not label=folder of a finished build`);
  const port = 43000 + Math.floor(Math.random() * 2000);
  servers.push(spawn(docsd, ['serve', '--dir', resolve(dir), '--addr', `127.0.0.1:${port}`], { stdio: 'ignore' }));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/docs/`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  targets.push([label, base]);
}

async function trace(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'disabled-by-default-v8.compile'] });
  // No script of Playwright's runs in the page until the trace stops: its own evaluation would
  // show as tasks of the page.
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  if (!(await page.$('html[data-hydrated="true"]'))) throw new Error(`${url} did not hydrate within the trace`);
  await context.close();
  // The page's renderer is the one whose main frame navigated to the page.
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith('http'));
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid);
  const thread = events.find((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain' && e.pid === nav.pid);
  const main = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.ts >= nav.ts);
  const tasks = main.filter((e) => e.name === 'RunTask' && (e.tdur || 0) > 4000);
  const lines = [];
  let cpu = 0;
  let blocking = 0;
  for (const t of tasks) {
    const after = t.ts >= fcp.ts;
    if (after) {
      cpu += t.tdur / 1000;
      blocking += Math.max(0, (4 * t.tdur) / 1000 - 50);
    }
    const by = {};
    for (const e of main) {
      if (e === t || e.ts < t.ts || e.ts + e.dur > t.ts + t.dur || !named.has(e.name)) continue;
      const key = e.name + (e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : '');
      by[key] = (by[key] || 0) + (e.tdur || 0) / 1000;
    }
    const holds = Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 6).filter(([, ms]) => ms >= 0.5);
    lines.push(`  ${after ? '*' : ' '} at ${((t.ts - nav.ts) / 1000).toFixed(0)} ms: ${(t.tdur / 1000).toFixed(1)} ms CPU (${(t.dur / 1000).toFixed(0)} ms wall) ${holds.map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ')}`);
  }
  return { fcp: (fcp.ts - nav.ts) / 1000, cpu, blocking, lines };
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
console.log(`load average at start: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
try {
  for (const path of paths) {
    const rows = Object.fromEntries(targets.map(([label]) => [label, []]));
    for (let r = 0; r < runs; r++) {
      for (const [label, base] of targets) {
        const t = await trace(browser, base + path);
        rows[label].push(t);
        console.log(`[${label}] ${path} run ${r + 1}: first contentful paint ${t.fcp.toFixed(0)} ms; after it ${t.cpu.toFixed(1)} ms CPU in long tasks, blocking at 4x ${t.blocking.toFixed(0)} ms`);
        if (!quiet) console.log(t.lines.join('\n'));
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    for (const [label, ts] of Object.entries(rows)) {
      console.log(`[${label}] ${path} medians: ${median(ts.map((t) => t.cpu)).toFixed(1)} ms CPU after the first paint, blocking at 4x ${median(ts.map((t) => t.blocking)).toFixed(0)} ms`);
    }
  }
} finally {
  await browser.close();
  for (const s of servers) s.kill();
}
console.log(`load average at end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
