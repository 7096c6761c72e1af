// Shared set-up of the browser tests: one fresh build of the site, served by `docsd serve` on a free
// loopback port, and Debian's Chromium driven by playwright-core.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const root = resolve(import.meta.dirname, '../..');
export const shots = join(root, 'test-results', 'screenshots');
export const docsd = process.env.DOCSD_BIN || join(root, 'bin', 'docsd');

// tempDir makes a temporary folder that is removed when the test process ends: each holds a built
// site or a copy of the Vela project (19 MB), and a run of the suite left about 180 of them in /tmp.
const temporary = [];
process.on('exit', () => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

// startSite builds and serves the Vela site; with `project` (a folder of testdata/sites) it builds that
// small site instead, copied into a temporary project whose site/ is this repository's shell, with
// `files` (path in the project → text) written into the copy.
export async function startSite({ project, files = {} } = {}) {
  const tmp = tempDir('docsd-browser-');
  const out = join(tmp, 'build');
  const where = [];
  if (project) {
    const copy = join(tmp, 'project');
    cpSync(join(root, 'testdata', 'sites', project), copy, { recursive: true });
    symlinkSync(join(root, 'site'), join(copy, 'site'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(copy, path)), { recursive: true });
      writeFileSync(join(copy, path), text);
    }
    where.push('--root', copy);
  }
  execFileSync(docsd, ['build', '--once', ...where, '--out', out], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  // Port 0: the system picks a free port, and docsd says which once it listens.
  const server = spawnDocsd(['serve', '--dir', out, ...where, '--addr', '127.0.0.1:0'], { cwd: root });
  const base = await servingAt(server, /serving \S+ at (http:\/\/[^\s/]+)\//);
  mkdirSync(shots, { recursive: true });
  const browser = await launchBrowser();
  return {
    base,
    browser,
    async stop() {
      await browser.close();
      server.kill();
    },
  };
}

// Every docsd process and browser a test file starts is owned here, and whatever is still running
// when the file's tests end is stopped (a root-level `after`, which runs even when a `before` hook
// failed). A process left behind keeps the file's Node process alive with its pipes, and the test
// runner then waits for that file forever: one browser that failed to start once hung a whole CI run.
const owned = new Set();
after(async () => {
  for (const thing of owned) {
    if (typeof thing.kill === 'function') thing.kill();
    else await thing.close().catch(() => {});
  }
  owned.clear();
});

// spawnDocsd starts bin/docsd (or DOCSD_BIN) with args, its output piped for servingAt.
export function spawnDocsd(args, options = {}) {
  const proc = spawn(docsd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  owned.add(proc);
  proc.once('exit', () => owned.delete(proc));
  return proc;
}

// launchBrowser starts Debian's Chromium with WAIT as every page's time-out. A Chromium that dies
// while it starts (it has crashed with SIGSEGV on a loaded CI machine before any page opened) is
// started again, up to three times: a browser that never started tested nothing, and the error of
// the last attempt is what fails the file.
export async function launchBrowser() {
  let failure;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const browser = patient(
        await chromium.launch({
          executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        }),
      );
      owned.add(browser);
      browser.once('disconnected', () => owned.delete(browser));
      return browser;
    } catch (err) {
      failure = err;
      console.error(`Chromium did not start (attempt ${attempt} of 3): ${String(err.message).split('\n')[0]}`);
    }
  }
  throw failure;
}

// servingAt resolves with the address (http://host:port) a docsd process prints once it listens, the
// first match of `pattern`'s group in its standard output, and rejects if the process exits first
// (or, failing, says nothing for WAIT). A test waits for that line: no port is guessed, and no
// request polls until the server answers.
export function servingAt(proc, pattern) {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stderr.on('data', (d) => (err = (err + d).slice(-20000)));
    const bound = setTimeout(() => reject(new Error(`docsd did not say where it serves within ${WAIT} ms:\n${out}${err}`)), WAIT);
    const onExit = (code, signal) => {
      clearTimeout(bound);
      reject(new Error(`docsd exited (${code ?? signal}) before it served:\n${out}${err}`));
    };
    proc.once('exit', onExit);
    proc.stdout.on('data', (d) => {
      if (out === null) return; // said already: the rest is read and dropped, so docsd never blocks on it
      out += d;
      const m = pattern.exec(out);
      if (m) {
        out = null;
        clearTimeout(bound);
        proc.off('exit', onExit);
        resolve(m[1]);
      }
    });
  });
}

// velaProject copies the Vela site's content and docsd.toml into a temporary project whose site/ is
// this repository's shell: a project a test may edit while `docsd watch` serves it.
export function velaProject(prefix) {
  const project = tempDir(prefix);
  cpSync(join(root, 'content'), join(project, 'content'), { recursive: true });
  cpSync(join(root, 'docsd.toml'), join(project, 'docsd.toml'));
  symlinkSync(join(root, 'site'), join(project, 'site'));
  return project;
}

// fillDevSockets opens n more dev-client sockets from page (kept in window.__fill) and resolves once
// each is open: with the page's own dev client, 63 of them fill docsd watch's 64 places.
export function fillDevSockets(page, base, n) {
  const url = `${base.replace(/^http/, 'ws')}/docs/__docsd/ws`;
  return page.evaluate(
    ([u, count]) =>
      Promise.all(
        Array.from({ length: count }, () => {
          const ws = new WebSocket(u);
          (window.__fill ||= []).push(ws);
          return new Promise((resolve, reject) => {
            ws.onopen = resolve;
            ws.onerror = () => reject(new Error('a socket below the limit was refused'));
          });
        }),
      ),
    [url, n],
  );
}

// liveRoute resolves once a dev-client socket the page opens from now on has had a message naming the
// page's route: docsd has then recorded which page the browser shows (it answers the client's
// "route" message with a status), and a rebuild after this point tells the page. Call it before the
// page loads; an edit saved before it resolves may be rebuilt before docsd knew of the page, and
// never shown. (Every socket is heard: one that reconnects only to reload the page says no route.)
export function liveRoute(page) {
  return new Promise((resolve, reject) => {
    const bound = setTimeout(() => reject(new Error(`docsd never answered the page's route message within ${WAIT} ms`)), WAIT);
    const onSocket = (ws) => {
      const onFrame = ({ payload }) => {
        let m;
        try {
          m = JSON.parse(payload);
        } catch {
          return;
        }
        if (m.route) {
          ws.off('framereceived', onFrame);
          page.off('websocket', onSocket);
          clearTimeout(bound);
          resolve();
        }
      };
      ws.on('framereceived', onFrame);
    };
    page.on('websocket', onSocket);
  });
}

// WAIT is how long a Playwright wait may take before it fails the test: the waits are for events (an
// element, a URL, a response), and on a loaded machine (CI keeps both cores busy) a rebuild or a
// navigation may take many seconds, so only a test that is failing ever reaches it.
export const WAIT = 120_000;

// patient sets WAIT as the default time-out of every context and page the browser makes.
export function patient(browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.setDefaultTimeout(WAIT);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    page.context().setDefaultTimeout(WAIT);
    return page;
  };
  return browser;
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

// openPage opens a page and collects console errors and warnings and uncaught exceptions. With
// `live` (a page of docsd watch), it returns once docsd knows the page is open (liveRoute).
export async function openPage(browser, url, { width = 1400, height = 900, colorScheme = 'light', init, live = false } = {}) {
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
  const known = live ? liveRoute(page) : null;
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  await known;
  return { page, context, problems, warnings, response };
}

// frames resolves after n animation frames of the page: what a resize, a scroll or a media change
// set off has run (frames, not milliseconds: a busy machine gives fewer frames a second, not fewer
// frames).
export function frames(page, n) {
  return page.evaluate(
    (count) =>
      new Promise((resolve) => {
        const next = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
        next(count);
      }),
    n,
  );
}

// hydrated resolves once the page's content has hydrated (HydrationMark sets the attribute).
export const hydrated = (page) => page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
