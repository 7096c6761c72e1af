// Benchmark of `docsd watch` on an MDX page (issue #21: edit → DOM p95 ≤ 150 ms on the 306-page
// site), not a test: on a copy of the whole site with one MDX page added (it imports a theme
// component and renders JSX), the time from a file write to the new text in Chromium's DOM, for N
// body edits of the MDX page (default 30; `node bench/mdx/watch.mjs [N]`, after `go build -o
// bin/docsd ./cmd/docsd`). Each such edit builds that page's two modules only; the shell's bundles
// and the renderers stay (pkg/bundle/mdxpages.go). Prints the median, p95 and max.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium, textAppears, waitUp } from '../lib/browser.mjs';

const n = Number(process.argv[2] || 30);
const root = resolve(import.meta.dirname, '../..');
const loadStart = loadavg()[0].toFixed(2);
const project = mkdtempSync(join(tmpdir(), 'docsd-bench-mdx-watch-'));
cpSync(join(root, 'content'), join(project, 'content'), { recursive: true });
cpSync(join(root, 'docsd.toml'), join(project, 'docsd.toml'));
symlinkSync(join(root, 'site'), join(project, 'site'));
const file = join(project, 'content/docs/usage/mdx-bench.mdx');
const page = (marker) =>
  `---\ntitle: MDX bench\n---\n\nimport Admonition from '@theme/Admonition';\n\n# MDX bench\n\n<Admonition type="tip" title="A component">\nText in a component.\n</Admonition>\n\n## Edited\n\n${marker}\n`;
writeFileSync(file, page('Start'));
const port = 30000 + Math.floor(Math.random() * 10000);
const base = `http://127.0.0.1:${port}`;
const proc = spawn(join(root, 'bin', 'docsd'), ['watch', '--root', project, '--addr', `127.0.0.1:${port}`], { stdio: 'ignore' });
try {
  await waitUp(base, 300);
  const browser = await launchChromium();
  const tab = await browser.newPage();
  await tab.goto(`${base}/docs/usage/mdx-bench`, { waitUntil: 'networkidle' });
  await tab.waitForFunction(() => document.body.textContent.includes('Text in a component.'));
  await textAppears(tab);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const times = [];
  for (let i = 0; i < n; i++) {
    const marker = `Marker ${Date.now()}-${i}`;
    const waiting = tab.evaluate((m) => window.__appeared(m), marker);
    await sleep(20); // the observer is in place before the write
    const t0 = Date.now();
    writeFileSync(file, page(marker));
    const at = await waiting;
    if (at < 0) throw new Error(`the edit ${marker} never reached the page`);
    times.push(at - t0);
    await sleep(200);
  }
  await browser.close();
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(n - 1, Math.ceil(n * q) - 1)];
  console.log(`MDX page body edit → DOM (${n} saves): median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times[n - 1]} ms; load average ${loadStart} → ${loadavg()[0].toFixed(2)}`);
} finally {
  proc.kill();
  rmSync(project, { recursive: true, force: true });
}
