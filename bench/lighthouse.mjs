// Lighthouse scores of the built site: `npm run lighthouse` builds the site, serves it with
// `docsd serve`, runs Lighthouse (mobile and desktop presets) in Debian's Chromium on the landing
// page, the quickstart and the longest API reference page, and prints the scores with the timings
// behind performance (first contentful paint, largest contentful paint, total blocking time, as
// Lighthouse simulates them, and the first paint Chromium actually observed). With --record it also
// writes the scores into BENCHMARKS.md (its own section, between the lighthouse markers).
//
//   npm run lighthouse [-- --record] [-- --runs 3]
//   npm run lighthouse -- --runs 5 --builds old=/tmp/old/build,new=.bench/new
//
// Each score is the median of --runs runs (default 1). --builds serves finished builds instead of
// building, and measures them in turn, run after run, so that the machine's load (other processes
// take the CPU Lighthouse times) weighs on each alike. CHROME_PATH overrides /usr/bin/chromium.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const record = args.includes('--record');
const runs = Number(option('--runs')) || 1;
const pages = process.env.LH_PAGES ? process.env.LH_PAGES.split(',') : ['/docs/', '/docs/usage/quickstart', '/docs/reference/api/build/add'];
const presets = process.env.LH_PRESETS ? process.env.LH_PRESETS.split(',') : ['mobile', 'desktop'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const docsd = join(root, 'bin', 'docsd');

if (!existsSync(docsd)) execFileSync('go', ['build', '-o', docsd, './cmd/docsd'], { cwd: root, stdio: 'inherit' });
// builds: label -> folder. Without --builds, one fresh build of the site.
let builds;
if (option('--builds')) {
  if (record) throw new Error('--record measures a fresh build: leave out --builds');
  builds = option('--builds')
    .split(',')
    .map((pair) => {
      const [label, dir] = pair.split('=');
      if (!dir || !existsSync(join(dir, 'index.html'))) throw new Error(`--builds: "${pair}" is not label=folder of a finished build`);
      return [label, resolve(dir)];
    });
} else {
  const out = join(mkdtempSync(join(tmpdir(), 'docsd-lighthouse-')), 'build');
  execFileSync(docsd, ['build', '--once', '--out', out], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  builds = [['', out]];
}
// targets: label -> base URL of the build's server.
const servers = [];
const targets = [];
for (const [label, dir] of builds) {
  const port = 41000 + Math.floor(Math.random() * 2000);
  servers.push(spawn(docsd, ['serve', '--dir', dir, '--addr', `127.0.0.1:${port}`], { cwd: root, stdio: 'ignore' }));
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

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const metrics = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
];
const results = [];
console.log(`load average at start: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const path of pages) {
    for (const preset of presets) {
      const rows = targets.map(([label]) => ({ label, scores: Object.fromEntries(categories.map((c) => [c, []])), times: {}, failing: new Set() }));
      for (let r = 0; r < runs; r++) {
        for (const [i, [, base]] of targets.entries()) {
          const row = rows[i];
          const config = preset === 'desktop' ? desktopConfig : undefined;
          const { lhr } = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories }, config);
          for (const c of categories) row.scores[c].push(Math.round(lhr.categories[c].score * 100));
          for (const [name, id] of metrics) (row.times[name] ||= []).push(lhr.audits[id].numericValue);
          const observed = lhr.audits.metrics.details && lhr.audits.metrics.details.items[0].observedFirstContentfulPaint;
          (row.times['observed FCP'] ||= []).push(observed);
          if (process.env.LH_SAVE) writeFileSync(join(process.env.LH_SAVE, `${row.label}${path.replace(/\W+/g, '_')}-${preset}-${r}.json`), JSON.stringify(lhr));
          for (const c of categories) {
            for (const ref of lhr.categories[c].auditRefs) {
              const a = lhr.audits[ref.id];
              if (ref.weight > 0 && a.score !== null && a.score < 1) row.failing.add(`${c}: ${a.id} (${a.score})${a.displayValue ? ' ' + a.displayValue : ''}`);
            }
          }
        }
      }
      for (const row of rows) {
        const result = { path, preset, ...Object.fromEntries(categories.map((c) => [c, median(row.scores[c])])) };
        results.push(result);
        const label = row.label ? `[${row.label}] ` : '';
        const times = Object.entries(row.times).map(([name, xs]) => `${name} ${Math.round(median(xs))} ms`);
        console.log(`${label}${path} ${preset}: ${categories.map((c) => `${c} ${result[c]}`).join(', ')}`);
        console.log(`    performance ${row.scores.performance.join(' ')}; medians: ${times.join(', ')}`);
        for (const f of row.failing) console.log(`    ${f}`);
      }
    }
  }
} finally {
  await chrome.kill();
  for (const server of servers) server.kill();
}
console.log(`load average at end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

if (record) {
  const lighthouseVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;
  const chromium = execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const lines = [
    '<!-- lighthouse:start -->',
    '## Lighthouse',
    '',
    `Measured with \`npm run lighthouse -- --record${runs > 1 ? ` --runs ${runs}` : ''}\` (bench/lighthouse.mjs): a fresh \`docsd build --once\` served by`,
    `\`docsd serve\` on loopback, Lighthouse ${lighthouseVersion} in ${chromium} (headless), the default mobile preset`,
    `(simulated slow 4G, 4× CPU slowdown) and the desktop preset; ${runs > 1 ? `the median of ${runs} runs` : 'one run'} per row, on ${new Date().toISOString().slice(0, 10)}.`,
    'Performance depends on how busy the machine is: Lighthouse scales the CPU time it observes, so on a',
    'loaded machine (load average above the core count) total blocking time and the mobile score drop.',
    '',
    '| page | preset | performance | accessibility | best practices | SEO |',
    '|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.path} | ${r.preset} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} |`),
    '<!-- lighthouse:end -->',
  ];
  const file = join(root, 'BENCHMARKS.md');
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const section = lines.join('\n');
  if (/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/.test(text)) text = text.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, section);
  else text = `${text.replace(/\n*$/, '')}\n\n${section}\n`;
  writeFileSync(file, text);
  console.log('recorded in BENCHMARKS.md');
}
