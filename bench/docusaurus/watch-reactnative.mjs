// Benchmark of `docsd watch` on a real Docusaurus site of 2,338 pages (react-native-website, as
// census.sh lays it out: run `SHIM=1 bash bench/docusaurus/census.sh reactnative` first), not a
// test: the time from a file write to the change in Chromium's DOM, for the edits a writer makes,
// each several times: an MDX page's body, a Markdown page's body, a partial that a page imports,
// a doc's title (its sidebar label changes on every page of its version), and a label in the
// version's sidebars file. The files are restored at the end.
// `node bench/docusaurus/watch-reactnative.mjs [DIR] [N]` (DIR defaults to /tmp/docsd-census/reactnative,
// N, the edits of each kind, to 5), after `go build -o bin/docsd ./cmd/docsd`.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium, textAppears } from '../lib/browser.mjs';

const root = resolve(import.meta.dirname, '../..');
const project = process.argv[2] || '/tmp/docsd-census/reactnative';
const n = Number(process.argv[3] || 5);
const latest = join(project, 'website/versioned_docs/version-0.86');
const sidebars = join(project, 'website/versioned_sidebars/version-0.86-sidebars.json');
const port = 31000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const loadStart = loadavg()[0].toFixed(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const originals = new Map();
const edit = (f, change) => {
  if (!originals.has(f)) originals.set(f, readFileSync(f, 'utf8'));
  writeFileSync(f, change(originals.get(f)));
};

const started = Date.now();
const proc = spawn(join(root, 'bin', 'docsd'), ['watch', '--root', project, '--addr', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'inherit'] });
// The first build is over when docsd says it watches: edits made before would wait for it.
await new Promise((done, fail) => {
  let out = '';
  proc.stdout.on('data', (b) => {
    out += b;
    if (/watching/.test(out)) done();
  });
  proc.on('exit', () => fail(new Error('docsd watch exited')));
});
console.log(`first build and serving: ${((Date.now() - started) / 1000).toFixed(1)} s`);
try {
  const browser = await launchChromium();
  // measure opens route, then makes n edits of file (change(original text, marker)) and times each
  // until the marker is in the text of selector (the whole page when none).
  async function measure(kind, route, file, change, selector) {
    const tab = await browser.newPage();
    await tab.goto(base + route, { waitUntil: 'networkidle' });
    await textAppears(tab);
    const times = [];
    for (let i = 0; i < n; i++) {
      const marker = `Marker${Date.now()}x${i}`;
      const waiting = tab.evaluate(([m, s]) => window.__appeared(m, s), [marker, selector || null]);
      await sleep(30); // the observer is in place before the write
      const t0 = Date.now();
      edit(file, (text) => change(text, marker));
      const at = await waiting;
      times.push(at < 0 ? Infinity : at - t0);
      await sleep(300);
    }
    await tab.close();
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`${kind}: median ${sorted[Math.floor((n - 1) / 2)]} ms, max ${sorted[n - 1]} ms (${times.join(', ')})`);
  }
  const append = (text, m) => text.replace(/\n*$/, `\n\n${m} paragraph.\n`);
  await measure('MDX page body', '/docs/metro', join(latest, 'metro.mdx'), append);
  await measure('Markdown page body', '/docs/flexbox', join(latest, 'flexbox.md'), append);
  await measure('partial', '/docs/integration-with-existing-apps', join(latest, '_integration-with-existing-apps-kotlin.md'), append);
  await measure('title (sidebar label)', '/docs/flexbox', join(latest, 'flexbox.md'), (t, m) => t.replace(/^title: .*$/m, `title: Layout ${m}`), 'nav');
  await measure('sidebars file label', '/docs/flexbox', sidebars, (t, m) => t.replace('"flexbox",', `{"type": "doc", "id": "flexbox", "label": "Flex ${m}"},`), 'nav');
  await browser.close();
  console.log(`load average ${loadStart} -> ${loadavg()[0].toFixed(2)}`);
} finally {
  for (const [f, t] of originals) writeFileSync(f, t);
  await sleep(1000);
  proc.kill();
}
