// Benchmark of docsd watch on large generated sites (issue #16), not a test. For each size it
// generates the site (go run ./bench/scale -gen: the docs copied as products), starts
// `docsd watch` on a free loopback port, and measures: the time until it answers (it serves while its
// first build renders) and until that build is done, then, after it, in Chromium
// the time from a file write to the new text in the DOM for body edits, title edits (the sidebar
// label changes), a new page (served, and listed in the open page's sidebar) and a deleted page
// (404, and gone from the sidebar), and the resident memory of docsd and its renderer after the
// edits and after 500 more. Every wait is bounded; it stops by itself and kills what it started.
// Prints Markdown tables; with --record writes them into BENCHMARKS.md. With --trace, docsd runs
// with --trace and GODEBUG=gctrace=1 and each body or title edit slower than --trace-ms gets a line
// saying where its time went (trace.mjs): write → rebuild start → update sent → message in the
// page → DOM, the rebuild's steps, the collections in its window, and the CPU docsd and its
// renderer used.
//
//   node bench/scale/watch.mjs --pages vela,1000,10000 [--edits 50] [--structural 5] [--more 500] [--trace [--trace-ms 100]]
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../lib/browser.mjs';
import { recordSection } from '../lib/record.mjs';
import { ownRSS, treeRSS } from '../lib/memory.mjs';
import { Tracer, cpuMS, wsRecorder } from './trace.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const { values: opts } = parseArgs({
  options: {
    pages: { type: 'string', default: 'vela,1000,10000' },
    edits: { type: 'string', default: '50' }, // body edits, and as many title edits
    structural: { type: 'string', default: '5' }, // new pages, and as many deletions
    more: { type: 'string', default: '500' }, // edits between the two memory readings
    'wait-ms': { type: 'string', default: '120000' }, // longest wait for one change to show
    'start-ms': { type: 'string', default: '1800000' }, // longest wait for docsd watch to answer
    'max-minutes': { type: 'string', default: '60' }, // a size's measurements stop after this
    docsd: { type: 'string', default: join(root, 'bin', 'docsd') },
    record: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
    'trace-ms': { type: 'string', default: '100' }, // edits slower than this get a trace line (0: every edit)
  },
});
const edits = Number(opts.edits);
const structural = Number(opts.structural);
const more = Number(opts.more);
const waitMs = Number(opts['wait-ms']);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

// stats of a list of milliseconds; a null (timed out) counts as longer than anything.
function stats(times) {
  const done = times.filter((t) => t !== null).sort((a, b) => a - b);
  const n = times.length;
  const all = [...done, ...Array(n - done.length).fill(Infinity)];
  const at = (q) => all[Math.min(n - 1, Math.ceil(n * q) - 1)];
  return { n, timeouts: n - done.length, median: all[Math.floor((n - 1) / 2)], p95: at(0.95), max: all[n - 1] };
}

function generate(label) {
  const res = spawnSync('go', ['run', './bench/scale', '-gen', '-pages', label], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`generating the ${label} site: ${res.stderr}`);
  const [dir, products, docs] = res.stdout.trim().split('\t');
  return { dir, products: parseInt(products, 10), docs: parseInt(docs, 10), name: basename(dir).replace(/^scale-/, '') };
}

// The page helpers: when a text appears in (or leaves) the element a selector names, by the page's
// clock; null after ms.
const helpers = () => {
  const watchFor = (text, selector, present, ms) =>
    new Promise((done) => {
      const check = () => {
        // textContent, not innerText: the DOM update is what is measured, and innerText would
        // force a layout on every mutation.
        const el = document.querySelector(selector);
        return (el ? el.textContent.includes(text) : false) === present;
      };
      if (check()) return done(Date.now());
      const obs = new MutationObserver(() => {
        if (check()) {
          obs.disconnect();
          clearTimeout(timer);
          done(Date.now());
        }
      });
      const timer = setTimeout(() => {
        obs.disconnect();
        done(null);
      }, ms);
      obs.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  window.__watchFor = watchFor;
};

async function measureSize(label) {
  const site = generate(label);
  const deadline = Date.now() + Number(opts['max-minutes']) * 60000;
  const product = site.products > 0 ? `p${String(Math.ceil(site.products / 2)).padStart(3, '0')}/` : '';
  const route = `/docs/${product}usage/quickstart`;
  const file = join(site.dir, 'content/docs', product, 'usage/quickstart.md');
  const original = readFileSync(file, 'utf8');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let stderr = '';
  const t0 = Date.now();
  const tracer = opts.trace ? new Tracer() : null;
  // A docsd from before --trace (an A/B against an older binary) still gets the collector's lines
  // and the page's message times.
  const traceFlag = tracer && (({ stdout, stderr }) => `${stdout}${stderr}`.includes('--trace'))(spawnSync(opts.docsd, ['watch', '--help'], { encoding: 'utf8' }));
  const args = ['watch', '--root', site.dir, '--addr', `127.0.0.1:${port}`, ...(traceFlag ? ['--trace'] : [])];
  const env = tracer ? { ...process.env, GODEBUG: [process.env.GODEBUG, 'gctrace=1'].filter(Boolean).join(',') } : process.env;
  const proc = spawn(opts.docsd, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  proc.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
    tracer?.feed(String(d));
  });
  // docsd watch answers while its first build renders (the page asked for goes first) and prints
  // "docsd: built N pages" once every page is: the edits are timed after that, so they measure
  // editing, not the first build (an edit during it waits for it).
  let built = null;
  let stdoutTail = '';
  proc.stdout.on('data', (d) => {
    stdoutTail = (stdoutTail + d).slice(-4000);
    if (built === null && /docsd: built /.test(stdoutTail)) built = Date.now() - t0;
  });
  let exited = null;
  proc.on('exit', (code, signal) => (exited = `exit ${code ?? signal}`));
  const kill = () => {
    if (exited === null) proc.kill('SIGKILL');
  };
  process.on('exit', kill);
  let browser;
  const row = { label: site.name, site, route, notes: [] };
  try {
    // Answering: the first HTTP answer of any kind, and the doc page answering 200.
    let firstAnswer = null;
    for (;;) {
      if (exited !== null) throw new Error(`docsd watch ended (${exited}) before answering: ${stderr}`);
      if (Date.now() - t0 > Number(opts['start-ms'])) throw new Error(`docsd watch did not answer within ${opts['start-ms']} ms`);
      try {
        const res = await fetch(base + route);
        firstAnswer ??= Date.now() - t0;
        if (res.ok) break;
      } catch {}
      await sleep(20);
    }
    row.answer = Date.now() - t0;
    row.firstAnswer = firstAnswer;
    console.error(`bench/scale/watch: ${site.name}: answering after ${row.answer} ms`);
    while (built === null) {
      if (exited !== null) throw new Error(`docsd watch ended (${exited}) during its first build: ${stderr}`);
      if (Date.now() - t0 > Number(opts['start-ms'])) throw new Error(`docsd watch did not finish its first build within ${opts['start-ms']} ms`);
      await sleep(20);
    }
    row.built = built;
    console.error(`bench/scale/watch: ${site.name}: first build done after ${row.built} ms`);

    browser = await launchChromium();
    const page = await browser.newPage();
    if (tracer) await page.addInitScript(wsRecorder);
    await page.goto(base + route, { waitUntil: 'networkidle', timeout: waitMs });
    await page.evaluate(helpers);
    let reloads = 0;
    page.on('load', () => reloads++);

    // waitChange writes, then resolves with the milliseconds until the text is present (or gone)
    // in selector, or null. If the page reloads meanwhile, the observer is gone: the wait goes on
    // by polling from here, less precise by a round trip, and the reload is counted.
    // CPU of docsd itself and of its renderers, for the trace.
    const cpuNow = () => {
      const docsd = cpuMS(proc.pid);
      return { docsd, renderer: cpuMS(proc.pid, true) - docsd };
    };
    const waitChange = async (text, selector, present, write, traced) => {
      const inPage = page.evaluate(([t, s, p, ms]) => window.__watchFor(t, s, p, ms), [text, selector, present, waitMs]);
      await sleep(20); // the observer is in place before the write
      const cpuBefore = traced && tracer ? cpuNow() : null;
      const start = Date.now();
      write();
      let end;
      try {
        end = await inPage;
      } catch {
        end = null;
        while (Date.now() - start < waitMs) {
          try {
            await page.evaluate(helpers);
            const ok = await page.evaluate(([t, s, p]) => {
              const el = document.querySelector(s);
              return (el ? el.textContent.includes(t) : false) === p;
            }, [text, selector, present]);
            if (ok) {
              end = Date.now();
              break;
            }
          } catch {}
          await sleep(10);
        }
      }
      if (cpuBefore) tracer.record(traced[0], traced[1], start, end, cpuBefore, cpuNow());
      return end === null ? null : end - start;
    };
    // servedWithin polls a route until it answers with status, from start.
    const servedWithin = async (path, status, start) => {
      while (Date.now() - start < waitMs) {
        try {
          const res = await fetch(base + path);
          await res.arrayBuffer();
          if (res.status === status) return Date.now() - start;
        } catch {}
        await sleep(5);
      }
      return null;
    };

    // A series stops at its first time-out: the server is then behind, and the next waits would
    // measure the backlog.
    const series = async (n, one) => {
      const times = [];
      for (let i = 0; i < n && Date.now() < deadline; i++) {
        const t = await one(i);
        times.push(t);
        if (t === null || (Array.isArray(t) && t.includes(null))) break;
        await sleep(60); // a writer does not save every few milliseconds
      }
      return times;
    };
    const stamp = (i) => `Marker${Date.now()}x${i}`;

    row.body = stats(await series(edits, (i) => {
      const m = stamp(i);
      return waitChange(m, 'body', true, () => writeFileSync(file, `${original}\n\n${m}\n`), ['body', i]);
    }));
    console.error(`bench/scale/watch: ${site.name}: body ${JSON.stringify(row.body)}`);
    // The title shows in the sidebar (no sidebar_label); the sidebar is what is waited for.
    row.title = stats(await series(edits, (i) => {
      const m = stamp(i);
      return waitChange(m, 'nav.sidebar-nav', true, () => writeFileSync(file, original.replace(/^title: .*$/m, `title: ${m}`)), ['title', i]);
    }));
    console.error(`bench/scale/watch: ${site.name}: title ${JSON.stringify(row.title)}`);
    if (tracer) {
      await sleep(3000); // the last rebuild's trace line comes at its end
      const wsTimes = await page.evaluate(() => window.__wsTimes ?? []).catch(() => []);
      tracer.report(wsTimes, Number(opts['trace-ms']), (l) => console.error(`bench/scale/watch: ${site.name}: ${l}`));
    }
    writeFileSync(file, original);
    await sleep(500);

    // A new page in the open page's folder, then its deletion: served (200, then 404) and listed
    // in (then gone from) the open page's sidebar; the later of the two is the figure.
    const added = [];
    const deleted = [];
    for (let i = 0; i < structural && Date.now() < deadline; i++) {
      const name = `zz-bench-${Date.now()}-${i}`;
      const m = `Added${Date.now()}x${i}`;
      const newFile = join(site.dir, 'content/docs', product, `usage/${name}.md`);
      const newRoute = `/docs/${product}usage/${name}`;
      let start; // set by the write, inside waitChange
      const listed = waitChange(m, 'nav.sidebar-nav', true, () => {
        start = Date.now();
        writeFileSync(newFile, `---\ntitle: ${m}\n---\n\nA page the benchmark adds: ${m}.\n`);
      });
      while (start === undefined) await sleep(1);
      const served = await servedWithin(newRoute, 200, start);
      const l = await listed;
      added.push({ served, listed: l, both: served === null || l === null ? null : Math.max(served, l) });
      await sleep(500);
      start = undefined;
      const gone = waitChange(m, 'nav.sidebar-nav', false, () => {
        start = Date.now();
        unlinkSync(newFile);
      });
      while (start === undefined) await sleep(1);
      const notServed = await servedWithin(newRoute, 404, start);
      const g = await gone;
      deleted.push({ served: notServed, listed: g, both: notServed === null || g === null ? null : Math.max(notServed, g) });
      console.error(`bench/scale/watch: ${site.name}: new page ${JSON.stringify(added.at(-1))}, deleted ${JSON.stringify(deleted.at(-1))}`);
      if (added.at(-1).both === null || deleted.at(-1).both === null) break;
      await sleep(500);
    }
    if (added.length > 0) {
      row.added = { both: stats(added.map((x) => x.both)), served: stats(added.map((x) => x.served)), listed: stats(added.map((x) => x.listed)) };
      row.deleted = { both: stats(deleted.map((x) => x.both)), served: stats(deleted.map((x) => x.served)), listed: stats(deleted.map((x) => x.listed)) };
    }

    // Memory once the writer has paused (docsd returns freed memory a second after the last
    // rebuild), then after `more` edits, once the last one shows.
    await sleep(2000);
    row.rssStart = treeRSS(proc.pid);
    row.ownStart = ownRSS(proc.pid);
    if (Date.now() < deadline) {
      let last = '';
      for (let i = 0; i < more && Date.now() < deadline; i++) {
        last = `Edit${Date.now()}x${i}`;
        writeFileSync(file, `${original}\n\n${last}\n`);
        await sleep(40);
        row.moreDone = i + 1;
      }
      const caughtUp = await waitChange(last, 'body', true, () => {});
      if (caughtUp === null) row.notes.push(`the last of the ${row.moreDone} edits did not show within ${waitMs} ms`);
      await sleep(2000);
      row.rssMore = treeRSS(proc.pid);
      row.ownMore = ownRSS(proc.pid);
      // Again once the daemon has been idle a while: on a busy machine the last rebuild's site-wide
      // steps and the return of freed memory (a second after it) can come after the reading above,
      // which then measures garbage, not what the daemon keeps.
      await sleep(8000);
      row.rssIdle = treeRSS(proc.pid);
      row.ownIdle = ownRSS(proc.pid);
    }
    writeFileSync(file, original);
    row.reloads = reloads;
    if (Date.now() >= deadline) row.notes.push(`stopped at the ${opts['max-minutes']}-minute bound`);
  } finally {
    if (browser) await browser.close().catch(() => {});
    if (exited === null) {
      proc.kill('SIGTERM');
      for (let i = 0; i < 50 && exited === null; i++) await sleep(100);
      kill();
    }
    process.off('exit', kill);
  }
  return row;
}

const ms = (x) => (x === Infinity ? 'timed out' : `${x} ms`);
const mb = (kb) => (kb ? `${(kb / 1024).toFixed(0)} MB` : '');
function line(what, s, target) {
  if (!s) return `| ${what} | not measured | | | |${target}|`;
  const to = s.timeouts ? `, ${s.timeouts} timed out (${waitMs / 1000} s)` : '';
  return `| ${what} (${s.n}${to}) | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.max)} | ${target} |`;
}

function table(r) {
  const docs = r.site.products > 0 ? `${r.site.docs} docs in ${r.site.products} products` : `the repository's site, ${r.site.docs} docs`;
  const lines = [
    `**${r.label}** (${docs}; the open page ${r.route})`,
    '',
    '| measure | median | p95 | max | target at 10k |',
    '|---|---|---|---|---|',
    `| \`docsd watch\` answering: first HTTP answer / the doc page 200 | ${ms(r.firstAnswer)} / ${ms(r.answer)} | | | ≤ 6 s |`,
    `| first build done (every page rendered; the edits below come after it) | ${ms(r.built)} | | | |`,
    line('body edit: file write → DOM updated', r.body, 'p95 ≤ 50 ms'),
    line('title edit: write → new label in the sidebar', r.title, 'p95 ≤ 150 ms'),
    line('new page: write → served (200) and listed in the sidebar', r.added?.both, '≤ 500 ms'),
    line('&nbsp;&nbsp;of which served (200)', r.added?.served, ''),
    line('&nbsp;&nbsp;of which listed', r.added?.listed, ''),
    line('deleted page: unlink → 404 and gone from the sidebar', r.deleted?.both, '≤ 500 ms'),
    line('&nbsp;&nbsp;of which 404', r.deleted?.served, ''),
    line('&nbsp;&nbsp;of which gone from the sidebar', r.deleted?.listed, ''),
    `| RSS of docsd + its renderer after the measured edits → after ${r.moreDone ?? 0} more | ${mb(r.rssStart)} → ${mb(r.rssMore)} | | | ≤ 500 MB, flat |`,
    `| of which docsd itself | ${mb(r.ownStart)} → ${mb(r.ownMore)} | | | |`,
    `| RSS of docsd + its renderer (of which docsd) 10 s after the last of those edits showed | ${mb(r.rssIdle)} (${mb(r.ownIdle)}) | | | ≤ 500 MB |`,
  ];
  if (r.reloads) r.notes.push(`the page reloaded ${r.reloads} times (those waits were polled)`);
  if (r.notes.length) lines.push('', `Notes: ${r.notes.join('; ')}.`);
  return lines.join('\n');
}

// growth compares each size's medians with the smallest size measured.
function growth(rows) {
  if (rows.length < 2) return '';
  const pick = [
    ['answering', (r) => r.answer],
    ['body edit', (r) => r.body?.median],
    ['title edit', (r) => r.title?.median],
    ['new page', (r) => r.added?.both.median],
    ['deleted page', (r) => r.deleted?.both.median],
    ['RSS after the edits', (r) => r.rssStart && Math.round(r.rssStart / 1024)],
  ];
  const head = `| median | ${rows.map((r) => `${r.label} (${r.site.docs} docs)`).join(' | ')} |`;
  const sep = `|---|${rows.map(() => '---|').join('')}`;
  const body = pick.map(([name, f]) => {
    const b = f(rows[0]);
    const cells = rows.map((r) => {
      const v = f(r);
      if (v === undefined || v === null) return '';
      const unit = name.startsWith('RSS') ? 'MB' : 'ms';
      const val = v === Infinity ? 'timed out' : `${v} ${unit}`;
      return r === rows[0] || !b || v === Infinity ? val : `${val} (${(v / b).toFixed(1)}×)`;
    });
    return `| ${name} | ${cells.join(' | ')} |`;
  });
  return ['How each step grows with the site (× the smallest size):', '', head, sep, ...body].join('\n');
}

const loadStart = loadavg()[0].toFixed(2);
const rows = [];
for (const label of opts.pages.split(',').map((s) => s.trim()).filter(Boolean)) {
  const row = await measureSize(label);
  rows.push(row);
  console.log(table(row) + '\n');
}
const text = [...rows.map(table), growth(rows)].filter(Boolean).join('\n\n');
console.log(growth(rows));
if (opts.record) {
  const load = loadavg()[0].toFixed(2);
  const cmd = `node bench/scale/watch.mjs --record --pages ${opts.pages} --edits ${edits} --structural ${structural} --more ${more}`;
  recordSection(join(root, 'BENCHMARKS.md'), 'scale-watch', 'Watch at scale', `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`make bench-scale\` (\`${cmd}\`) on sites generated by bench/scale/gen, Chromium on loopback, ${cpus().length} cores, load average ${loadStart} at the start and ${load} at the end. From the write of the file to the new text in the page's DOM (the sidebar for titles and new or deleted pages); a save comes 60 ms or so after the last one showed. A series stops at its first wait over ${waitMs / 1000} s.\n\n${text}`);
}
process.exit(0);
