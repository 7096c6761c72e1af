// Shared set-up of the browser tests: one fresh build of the site, served by `docsd serve` on a free
// loopback port, and Debian's Chromium driven by playwright-core.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const root = resolve(import.meta.dirname, '../..');
export const shots = join(root, 'test-results', 'screenshots');
const docsd = process.env.DOCSD_BIN || join(root, 'bin', 'docsd');

// startSite builds and serves the Vela site; with `project` (a folder of testdata/sites) it builds that
// small site instead, copied into a temporary project whose site/ is this repository's shell.
export async function startSite({ project } = {}) {
  const tmp = mkdtempSync(join(tmpdir(), 'docsd-browser-'));
  const out = join(tmp, 'build');
  const where = [];
  if (project) {
    const copy = join(tmp, 'project');
    cpSync(join(root, 'testdata', 'sites', project), copy, { recursive: true });
    symlinkSync(join(root, 'site'), join(copy, 'site'));
    where.push('--root', copy);
  }
  execFileSync(docsd, ['build', '--once', ...where, '--out', out], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = spawn(docsd, ['serve', '--dir', out, ...where, '--addr', `127.0.0.1:${port}`], { cwd: root, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`${base}/docs/`);
      if (res.ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  mkdirSync(shots, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return {
    base,
    browser,
    async stop() {
      await browser.close();
      server.kill();
    },
  };
}

// useSite starts a site before the file's tests and stops it after them: the returned object gets
// startSite's base, browser and stop once the tests run.
export function useSite(options) {
  const site = {};
  before(async () => Object.assign(site, await startSite(options)));
  after(async () => {
    if (site.stop) await site.stop();
  });
  return site;
}

// openPage opens a page and collects console errors and warnings and uncaught exceptions.
export async function openPage(browser, url, { width = 1400, height = 900, colorScheme = 'light', init } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const problems = [];
  const warnings = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
    if (m.type() === 'warning') warnings.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  return { page, context, problems, warnings, response };
}

// hydrated resolves once the page's content has hydrated (HydrationMark sets the attribute).
export const hydrated = (page) => page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
