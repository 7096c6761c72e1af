// Why this exists: issue 2 wants docsd's build speed compared with Docusaurus's on the same site
// (target: docsd ≥ 50× faster). run.sh installs Docusaurus 3.8.1 into a temporary folder and calls
// this script, which copies OUR content there (converting at run time the little that Docusaurus reads
// differently), then times cold builds of both tools alternately in the same run, then measures their peak
// memory in separate builds, checks that both wrote the same pages, prints a Markdown table and, with --record, writes it
// into BENCHMARKS.md between <!-- bench:docusaurus --> markers.
//
// Usage (through run.sh): node bench/docusaurus/compare.mjs --site DIR [--record]
//   [--docsd-runs 5] [--docusaurus-runs 3]
// With --project DIR (through realsite.sh: issue #21, a real site with many MDX pages), the
// Docusaurus site in --site is already laid out and DIR is a docsd project over the same files:
// nothing of ours is copied, and the script also checks docsd's build of the MDX pages (every
// .mdx page built, no raw import/export, JSX or ::: text in any page). --record is for our site.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: opts } = parseArgs({
  options: {
    site: { type: 'string' },
    record: { type: 'boolean', default: false },
    'docsd-runs': { type: 'string', default: '5' },
    'docusaurus-runs': { type: 'string', default: '3' },
    project: { type: 'string' },
  },
});
if (!opts.site) fail('--site DIR is required (the folder where run.sh installed Docusaurus)');
const site = path.resolve(opts.site);
const docsdRuns = Number(opts['docsd-runs']);
const docusaurusRuns = Number(opts['docusaurus-runs']);
const docsdBin = process.env.DOCSD ? path.resolve(process.env.DOCSD) : path.join(repo, 'bin/docsd');
const project = opts.project ? path.resolve(opts.project) : null;
if (project && opts.record) fail('--record writes the comparison on our own site; with --project, copy the printed table');
if (!fs.existsSync(docsdBin)) fail('bin/docsd is missing: run `make docsd` first');

// --- 1. Our content, in the layout Docusaurus expects ---------------------------------------------
// Copies, not symlinks: webpack resolves a symlink to its real path, outside the docs and blog plugins'
// folders, so Docusaurus compiles those files with its fallback MDX loader as partials, without their
// `metadata` export, and static generation fails on every page ("Cannot destructure property 'title'
// of 'metadata'", "Cannot read properties of undefined (reading 'id')").
let counts = null;
let linksRewritten = 0;
if (!project) {
  const copies = [
    ['content/docs', 'docs'],
    ['content/blog', 'blog'],
    ['content/pages', 'src/pages'],
    ['content/static', 'static'],
    ['bench/docusaurus/docusaurus.config.js', 'docusaurus.config.js'],
    ['bench/docusaurus/sidebars.js', 'sidebars.js'],
  ];
  for (const [from, to] of copies) {
    fs.rmSync(path.join(site, to), { recursive: true, force: true });
    fs.mkdirSync(path.dirname(path.join(site, to)), { recursive: true });
    fs.cpSync(path.join(repo, from), path.join(site, to), { recursive: true });
  }
  // The one conversion: the blog post and the two pages link to docs by relative file path
  // (../docs/usage/quickstart.md), which docsd resolves across the whole site but Docusaurus's blog and
  // pages plugins do not (they resolve only links to their own files). Rewrite those links to the URLs
  // docsd gives them; nothing is dropped.
  const rewriteLinks = (dir, targets) => {
    for (const file of mdFiles(path.join(site, dir))) {
      const text = fs.readFileSync(file, 'utf8');
      const out = text.replace(new RegExp(String.raw`\]\((${targets}[^)\s:#]*)\.md(#[^)\s]*)?\)`, 'g'), (all, target, hash) => {
        linksRewritten++;
        const route = target.replace(/^(\.\.\/docs\/|\.\.\/pages\/)/, '').replace(/(^|\/)index$/, '');
        return `](/docs/${route}${hash || ''})`;
      });
      if (out !== text) fs.writeFileSync(file, out);
    }
  };
  rewriteLinks('blog', String.raw`(?:\.\.\/docs\/|\.\.\/pages\/)`); // blog → docs and pages
  rewriteLinks('src/pages', String.raw`(?:\.\.\/docs\/|(?![./]))`); // pages → docs, and page → page
  counts = {
    docs: mdFiles(path.join(site, 'docs')).length,
    blog: mdFiles(path.join(site, 'blog')).length,
    pages: mdFiles(path.join(site, 'src/pages')).length,
  };
}

// --- 2. Timed cold builds, alternating -------------------------------------------------------------
const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'docsd-vs-docusaurus-logs-'));
const docsdOut = path.join(site, 'out-docsd');
const docusaurusOut = path.join(site, 'build');
// No token: docsd must not fetch plugin pages from the network into content/ during a benchmark.
const docsdEnv = { ...process.env };
delete docsdEnv.DOCSD_GITHUB_TOKEN;
delete docsdEnv.GITHUB_TOKEN;

const results = { docsd: [], docusaurus: [] };
const loads = [];
const order = []; // d: docsd, D: Docusaurus
const start = new Date();
// The order is d D d D d D d d by default (docsd, Docusaurus): each Docusaurus build has a docsd build just
// before and just after it, so a change of the machine's load during the run hits both sides of
// each pair; the remaining docsd builds come at the end.
const memory = { docsd: [], docusaurus: [] }; // peak RSS of the sampled builds
// What differs between the two tools' builds; runBuild does the rest the same way for both.
const tools = {
  docsd: {
    label: 'docsd', letter: 'd', runs: docsdRuns,
    clean: () => fs.rmSync(docsdOut, { recursive: true, force: true }),
    cmd: docsdBin, args: ['build', '--once', '--out', docsdOut], cwd: project || repo, env: docsdEnv,
  },
  docusaurus: {
    label: 'Docusaurus', letter: 'D', runs: docusaurusRuns,
    // Cold: Docusaurus's generated files, webpack's persistent cache and the output all go.
    clean: () => {
      for (const dir of ['.docusaurus', 'build']) {
        fs.rmSync(path.join(site, dir), { recursive: true, force: true });
      }
      // webpack's persistent cache, in the node_modules Docusaurus runs from.
      fs.rmSync(path.join(modules(), '.cache'), { recursive: true, force: true });
    },
    cmd: path.join(modules(), '.bin/docusaurus'), args: ['build', '--out-dir', docusaurusOut], cwd: site, env: process.env,
  },
};
// runBuild runs one cold build of a tool: timed, or (sample) untimed with its memory sampled.
const runBuild = async (name, { sample = false } = {}) => {
  const tool = tools[name];
  const into = sample ? memory[name] : results[name];
  const i = into.length + 1;
  tool.clean();
  settle();
  if (!sample) loads.push(loadAverage());
  const r = await measure(tool.cmd, tool.args,
    { cwd: tool.cwd, env: tool.env, log: path.join(logs, `${name}-${sample ? 'memory-' : ''}${i}.log`), sample });
  into.push(r);
  if (sample) {
    reportMemory(tool.label, r);
    return;
  }
  order.push(tool.letter);
  report(tool.label, i, tool.runs, r);
};
const runDocsd = (options) => runBuild('docsd', options);
const runDocusaurus = (options) => runBuild('docusaurus', options);
const pairs = []; // per Docusaurus build: its time over the mean of the docsd builds around it
if (docsdRuns < docusaurusRuns + 1) fail('--docsd-runs must be at least --docusaurus-runs + 1');
await runDocsd();
for (let k = 0; k < docusaurusRuns; k++) {
  await runDocusaurus();
  await runDocsd();
  const around = (results.docsd.at(-2).seconds + results.docsd.at(-1).seconds) / 2;
  pairs.push(results.docusaurus.at(-1).seconds / around);
}
while (results.docsd.length < docsdRuns) await runDocsd();
loads.push(loadAverage());
// Memory is sampled in builds of their own, untimed: reading /proc every 20 ms takes CPU from the
// build on a 2-core machine (2% of a docsd build).
// (Not on a real site: its Docusaurus build takes minutes.)
if (!project) {
  await runDocusaurus({ sample: true });
  for (let k = 0; k < 3; k++) await runDocsd({ sample: true });
}

// --- 3. What each side built ---------------------------------------------------------------------
const routesDocsd = routes(docsdOut);
const routesDocusaurus = routes(docusaurusOut);
const onlyDocsd = [...routesDocsd].filter((r) => !routesDocusaurus.has(r));
const onlyDocusaurus = [...routesDocusaurus].filter((r) => !routesDocsd.has(r));
const docsdPages = fs.readFileSync(path.join(logs, `docsd-${docsdRuns}.log`), 'utf8').match(/built (\d+) pages/)?.[1];

const med = (rs, key) => median(rs.map((r) => r[key]));
const range = (rs, key, f) => `${f(Math.min(...rs.map((r) => r[key])))}–${f(Math.max(...rs.map((r) => r[key])))}`;
const sec = (s) => (s >= 10 ? s.toFixed(1) : s.toFixed(2)) + ' s';
const mb = (kb) => (kb / 1024).toFixed(0) + ' MB';
const x = (r) => r.toFixed(1) + '×';
const ratio = med(results.docusaurus, 'seconds') / med(results.docsd, 'seconds');
const ratioCPU = med(results.docusaurus, 'cpu') / med(results.docsd, 'cpu');
const cores = (tool) => (med(results[tool], 'cpu') / med(results[tool], 'seconds')).toFixed(1);
const ratioMem = project ? 0 : med(memory.docusaurus, 'peakKB') / med(memory.docsd, 'peakKB');
const versions = {
  docusaurus: pkgVersion('@docusaurus/core'),
  webpack: pkgVersion('webpack'),
  react: pkgVersion('react'),
};

const table = [
  `| measure | Docusaurus ${versions.docusaurus} (\`docusaurus build\`) | docsd (\`docsd build --once\`) | Docusaurus / docsd |`,
  '|---|---|---|---|',
  `| cold build, wall time, median (min–max) | ${sec(med(results.docusaurus, 'seconds'))} (${range(results.docusaurus, 'seconds', sec)}), ${docusaurusRuns} build${docusaurusRuns === 1 ? '' : 's'}` +
    ` | ${sec(med(results.docsd, 'seconds'))} (${range(results.docsd, 'seconds', sec)}), ${docsdRuns} builds | **${x(ratio)}** (ratio of the medians; target ≥ ${project ? 20 : 50}×) |`,
  `| each Docusaurus build over the mean of the docsd builds just before and after it | | | ${pairs.map(x).join(', ')} (median **${x(median(pairs))}**) |`,
  `| CPU time (user + sys) of the process tree, median | ${sec(med(results.docusaurus, 'cpu'))} | ${sec(med(results.docsd, 'cpu'))} | ${x(ratioCPU)} |`,
  ...(project ? [] : [`| peak RSS of the process tree (separate, untimed builds: ${memory.docusaurus.length} and ${memory.docsd.length}), median | ${mb(med(memory.docusaurus, 'peakKB'))} | ${mb(med(memory.docsd, 'peakKB'))} | ${x(ratioMem)} |`]),
  `| HTML pages written | ${routesDocusaurus.size} | ${routesDocsd.size} ("built ${docsdPages} pages" + the 404 page) | same routes: ${routesDocsd.size - onlyDocsd.length} in common, ${onlyDocsd.length} only docsd, ${onlyDocusaurus.length} only Docusaurus |`,
].join('\n');

const loadText = `load average (1 min) ${loads[0].toFixed(2)} before the first build, ${loads.at(-1).toFixed(2)} after the last, ` +
  `${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} at the start of the builds (these include the ` +
  "benchmark's own builds: a Docusaurus build keeps both cores busy)";
const notes = project ? projectNotes() : `Both built the same content: ${counts.docs} docs, ${counts.blog} blog post${counts.blog === 1 ? '' : 's'} and ${counts.pages} pages ` +
  `(content/), copied into a temporary Docusaurus site in the repository's .bench/ folder, where both tools write their output (bench/docusaurus/docusaurus.config.js: base /docs/, the three ` +
  `folder-generated sidebars, the blog at /docs/blog; the classic preset's defaults, no Docusaurus Faster, ` +
  `no search plugin, while docsd also builds its search index). The only conversion: ${linksRewritten} relative links ` +
  `from the blog post and the pages to docs files, which Docusaurus's blog and pages plugins do not resolve, ` +
  `rewritten to their /docs/… URLs; no page was dropped. Each build is cold: a new process, with Docusaurus's ` +
  '.docusaurus and node_modules/.cache and both output folders removed first, and the file system flushed (sync) before the timer starts. The builds ran in the order ' +
  `${order.join(' ')} (d docsd, D Docusaurus), so each Docusaurus build has a docsd build just before and after it; ` +
  'the per-build ratios compare those neighbours, which the changing load of the machine affects alike. CPU time ' +
  '(GNU time) is the figure that other work on the machine changes least. Peak RSS is the sum over the process ' +
  'tree (docsd and its Node renderer; Docusaurus and its webpack workers), sampled every 20 ms in builds of their own (after the timed ones, not timed: sampling takes CPU from the build).';

console.log('\n' + table + '\n');
if (project) console.log(mdxReport() + '\n');
console.log(`${start.toISOString()} · ${machine()} · Node ${process.version} · webpack ${versions.webpack}, React ${versions.react} · ${loadText}`);
console.log(notes);

if (opts.record) {
  const body = `Measured ${start.toISOString().slice(0, 16).replace('T', ' ')} UTC with \`make bench-docusaurus\` ` +
    `(\`bench/docusaurus/run.sh --record\`) on this machine (${machine()}), Node ${process.version}, ` +
    `Docusaurus ${versions.docusaurus} with webpack ${versions.webpack} and React ${versions.react} from the npm registry. ` +
    `Load average ${loadText.slice('load average '.length)}. Whatever else the machine does slows both sides, which is why the ` +
    'comparison is made of ratios measured in the same run. Over a build Docusaurus keeps ' +
    `${cores('docusaurus')} cores busy on average and docsd ${cores('docsd')} (CPU time over wall time, medians).\n\n` +
    table + '\n\n' + notes + '\n';
  recordSection(path.join(repo, 'BENCHMARKS.md'), body);
  console.log('\nwrote the Docusaurus comparison section of BENCHMARKS.md');
}
fs.rmSync(logs, { recursive: true, force: true });

// --- helpers -------------------------------------------------------------------------------------

// projectNotes says what was built in --project mode.
function projectNotes() {
  const docs = mdFiles(path.join(site, 'docs')).filter((f) => !isPartial(path.relative(site, f)));
  const mdx = docs.filter((f) => f.endsWith('.mdx'));
  return `Both built the same files: ${docs.length} docs (${mdx.length} of them .mdx) and their partials and components, ` +
    `laid out by bench/docusaurus/realsite.sh as a Docusaurus site (${site}, a minimal classic config: one ` +
    'folder-generated sidebar, no blog, no search plugin, no Docusaurus Faster) and as a docsd project (' + project +
    ', while docsd also builds its search index). Each build is cold: a new process, with Docusaurus\'s ' +
    '.docusaurus and node_modules/.cache and both output folders removed first, and the file system flushed (sync) ' +
    `before the timer starts. The builds ran in the order ${order.join(' ')} (d docsd, D Docusaurus).`;
}

// mdxReport checks docsd's last build of a --project site (issue #21): every .mdx page that is not a
// partial has its page (its page data names its doc id), and no page shows MDX source as text.
function mdxReport() {
  const contentDocs = path.join(project, 'content/docs');
  const files = mdFiles(contentDocs).filter((f) => !isPartial(path.relative(contentDocs, f)));
  const mdx = files.filter((f) => f.endsWith('.mdx'));
  const built = new Map(); // doc id -> page data has an MDX chunk
  for (const f of walk(path.join(docsdOut, '__data'))) {
    if (!f.endsWith('.json')) continue;
    const m = /"docId":"([^"]+)"/.exec(fs.readFileSync(f, 'utf8'));
    if (m) built.set(m[1], fs.readFileSync(f, 'utf8').includes('"mdx":{'));
  }
  const missing = mdx.filter((f) => !built.has(docId(contentDocs, f)));
  const chunks = mdx.filter((f) => built.get(docId(contentDocs, f))).length;
  const raw = [];
  for (const f of walk(docsdOut)) {
    if (f.endsWith('.html') && rawMDX(fs.readFileSync(f, 'utf8'))) raw.push(path.relative(docsdOut, f));
  }
  return [
    `docsd: ${mdx.length} .mdx pages (not partials) in ${files.length} docs; ${mdx.length - missing.length} built ` +
      `(${chunks} with a compiled MDX chunk, the rest plain Markdown in an .mdx file, rendered by goldmark)` +
      (missing.length ? `; NOT BUILT: ${missing.map((f) => path.relative(contentDocs, f)).join(', ')}` : ''),
    `docsd: pages whose HTML shows raw import/export lines, JSX tags or ::: outside code: ${raw.length}` +
      (raw.length ? ` (${raw.slice(0, 10).join(', ')}${raw.length > 10 ? ', …' : ''})` : ''),
  ].join('\n');
}

// docId is the doc id Docusaurus and docsd give a docs file: its folder and its front matter's id,
// or its name without extension and number prefix.
function docId(root, file) {
  const rel = path.relative(root, file).split(path.sep);
  const text = fs.readFileSync(file, 'utf8');
  const fm = /^---\n([\s\S]*?)\n---/.exec(text);
  const id = fm && /^id:\s*['"]?([^'"\n]+?)['"]?\s*$/m.exec(fm[1]);
  rel[rel.length - 1] = id ? id[1] : rel.at(-1).replace(/\.mdx?$/, '').replace(/^\d+[-_.]\s*/, '');
  return rel.join('/');
}

// rawMDX is true when a page's text, outside code, has a line that starts with an import or export
// statement or :::, or shows a JSX tag (a capitalised tag name, escaped as text).
function rawMDX(html) {
  const text = html.replace(/<(pre|code|script|style)\b[\s\S]*?<\/\1>/g, '').replace(/<[^>]+>/g, '\n');
  return /^[ \t]*(import [A-Za-z{*].* from |export (const|default|function) |:::[a-z])/m.test(text) ||
    /&lt;\/?[A-Z][A-Za-z.]*(\s|\/?&gt;)/.test(text);
}

function isPartial(rel) {
  return rel.split(path.sep).some((part) => part.startsWith('_'));
}

// settle flushes the file system before a timed build, so neither tool pays for the deletion of the
// previous output (the disk discards freed blocks) or the write-back of the last build's files.
function settle() {
  execFileSync('sync');
}

// measure runs a command to completion, its output into a log file, and returns its wall time, its
// CPU time (user + sys of the command and every descendant, from GNU time's rusage) and (when sample is set) the peak of the
// summed resident memory of its process tree. A failed build stops the benchmark.
function measure(cmd, args, { cwd, env = process.env, log, sample = false }) {
  return new Promise((resolve) => {
    const fd = fs.openSync(log, 'w');
    const times = log + '.time';
    const t0 = process.hrtime.bigint();
    const child = spawn('/usr/bin/time', ['-f', '%U %S', '-o', times, cmd, ...args], { cwd, env, stdio: ['ignore', fd, fd] });
    let peakKB = 0;
    // The tree under GNU time, without time's own ~2 MB.
    const timer = sample ? setInterval(() => { peakKB = Math.max(peakKB, treeRSS(child.pid) - ownRSS(child.pid)); }, 20) : null;
    child.on('exit', (code, signal) => {
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      if (timer) clearInterval(timer);
      fs.closeSync(fd);
      if (code !== 0) {
        const tail = fs.readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
        fail(`${path.basename(cmd)} ${args.join(' ')} failed (${signal || 'exit ' + code}); end of its log:\n${tail}`);
      }
      const [user, sys] = fs.readFileSync(times, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
      resolve({ seconds, cpu: user + sys, peakKB });
    });
  });
}

// treeRSS sums VmRSS (KB) of a process and all its descendants. Children are listed per thread
// (/proc/PID/task/TID/children), so every thread is read: Go and Node start processes from any thread.
function treeRSS(pid) {
  let total = ownRSS(pid);
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      for (const c of children ? children.split(/\s+/) : []) total += treeRSS(Number(c));
    }
  } catch {
    // The process (or a thread) ended while it was being read.
  }
  return total;
}

function ownRSS(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)?.[1] || 0);
  } catch {
    return 0;
  }
}

function report(tool, i, n, r) {
  console.log(`${tool} build ${i}/${n}: ${r.seconds.toFixed(2)} s, CPU ${r.cpu.toFixed(2)} s (load ${loadAverage().toFixed(2)})`);
}

function reportMemory(tool, r) {
  console.log(`${tool} build for memory: peak RSS ${(r.peakKB / 1024).toFixed(0)} MB`);
}

// routes lists the pages of a build as routes: every .html file, without .html and /index.
function routes(dir) {
  const set = new Set();
  for (const f of walk(dir)) {
    if (!f.endsWith('.html')) continue;
    set.add(path.relative(dir, f).replace(/\.html$/, '').replace(/(^|\/)index$/, ''));
  }
  return set;
}

function mdFiles(dir) {
  return walk(dir).filter((f) => /\.mdx?$/.test(f));
}

function walk(dir) {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function loadAverage() {
  return Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

function machine() {
  const cpu = os.cpus();
  return `${cpu.length} cores, ${cpu[0]?.model.trim() || 'unknown CPU'}`;
}

function pkgVersion(name) {
  return JSON.parse(fs.readFileSync(path.join(modules(), name, 'package.json'), 'utf8')).version;
}

// modules is the node_modules folder Docusaurus is installed in: the site's, or (realsite.sh) the
// nearest one above it, where Node finds it too.
function modules() {
  for (let dir = site; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'node_modules/.bin/docusaurus'))) return path.join(dir, 'node_modules');
    if (dir === path.dirname(dir)) fail(`no node_modules with Docusaurus in ${site} or above it`);
  }
}

// recordSection replaces the text between the docusaurus markers of BENCHMARKS.md; without them it adds
// a "Docusaurus comparison" section after the Build section (or at the end). Nothing else is touched.
function recordSection(file, body) {
  const startMark = '<!-- bench:docusaurus -->';
  const endMark = '<!-- /bench:docusaurus -->';
  const block = `${startMark}\n${body}${endMark}`;
  let text = fs.readFileSync(file, 'utf8');
  const i = text.indexOf(startMark);
  const j = text.indexOf(endMark);
  if (i >= 0 && j > i) {
    text = text.slice(0, i) + block + text.slice(j + endMark.length);
  } else {
    const section = `\n## Docusaurus comparison\n\n${block}\n`;
    const after = text.indexOf('<!-- /bench:build -->');
    if (after >= 0) {
      const eol = text.indexOf('\n', after);
      const at = eol < 0 ? text.length : eol + 1;
      text = text.slice(0, at) + section + text.slice(at);
    } else {
      text += section;
    }
  }
  fs.writeFileSync(file, text);
}

function fail(message) {
  console.error('bench/docusaurus: ' + message);
  process.exit(1);
}
