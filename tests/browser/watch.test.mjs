// docsd watch in a real browser: an edit shows without a reload (scroll kept), a broken file shows an
// overlay naming the file and line while the last good page stays, and fixing it clears the overlay;
// a stopped daemon shows a banner, and the page reloads when it is back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, renameSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillDevSockets, launchBrowser, liveRoute, servingAt, shots, spawnDocsd, velaProject, WAIT } from './harness.mjs';

let proc;
let browser;
let base;
let project;

// startWatch starts docsd watch on addr and resolves once it serves (its first build done), with the
// address it serves at.
function startWatch(addr) {
  proc = spawnDocsd(['watch', '--root', project, '--addr', addr]);
  return servingAt(proc, /serving at (http:\/\/[^\s/]+)\//);
}

before(async () => {
  project = velaProject('docsd-watch-');
  base = await startWatch('127.0.0.1:0');
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
  proc.kill();
});

// First in the file: no page of another test holds a place (or is still giving one back).
test('a page refused by the limit of browsers says why, and connects once a place is free', async () => {
  const page = await browser.newPage();
  const live = liveRoute(page);
  await page.goto(`${base}/docs/usage/quickstart`, { waitUntil: 'networkidle' });
  await live;
  // This page's dev client holds one place; 63 more sockets of the same origin fill the 64.
  await fillDevSockets(page, base, 63);
  const refused = await browser.newPage();
  await refused.goto(`${base}/docs/usage/authenticate`, { waitUntil: 'networkidle' });
  const banner = refused.getByRole('status').filter({ hasText: /64 browsers are connected already.*close a tab — retrying…/ });
  await banner.waitFor({ timeout: WAIT });
  assert.equal(await refused.locator('text=docsd stopped').count(), 0, 'not said to have stopped');
  mkdirSync(shots, { recursive: true });
  for (const width of [390, 1280]) {
    await refused.setViewportSize({ width, height: 700 });
    await refused.screenshot({ path: join(shots, `watch-refused-${width}.png`) });
  }
  // One tab closes: the refused page gets in at its next try, and the banner goes.
  const liveRefused = liveRoute(refused);
  await page.evaluate(() => window.__fill.pop().close());
  await liveRefused;
  await refused.locator('#docsd-dev-offline').waitFor({ state: 'detached', timeout: WAIT });
  await page.evaluate(() => window.__fill.forEach((ws) => ws.close()));
  await refused.close();
  await page.close();
});

test('an edit updates the open page in place, and a broken file shows an overlay until it is fixed', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const live = liveRoute(page);
  await page.goto(`${base}/docs/usage/quickstart`, { waitUntil: 'networkidle' });
  await live;
  await page.evaluate(() => {
    window.__sameDocument = true;
    window.scrollTo(0, 500);
  });
  const file = join(project, 'content/docs/usage/quickstart.md');
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, `${original}\n\nA sentence added while the page is open.\n`);
  await page.waitForSelector('text=A sentence added while the page is open.');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  assert.equal(await page.evaluate(() => window.scrollY), 500, 'scroll position kept');

  writeFileSync(file, '---\ntitle: [unclosed\n---\n');
  await page.waitForSelector('#docsd-dev-overlay');
  assert.match(await page.textContent('#docsd-dev-overlay'), /content\/docs\/usage\/quickstart\.md:2:/);
  assert.ok(await page.isVisible('text=A sentence added while the page is open.'), 'the last good page stays');
  const res = await fetch(`${base}/docs/usage/quickstart`);
  assert.equal(res.status, 200, 'the server keeps serving');

  writeFileSync(file, original);
  await page.waitForSelector('#docsd-dev-overlay', { state: 'detached' });
  assert.deepEqual(errors, []);
  await page.close();
});

test('when the daemon stops the page says so, and it reloads once the daemon is back', async () => {
  const page = await browser.newPage();
  // The shell's code loads once the page has painted: the daemon stops only once the dev client
  // has opened its socket (network idle alone does not say the code has been asked for).
  const socket = liveRoute(page);
  await page.goto(`${base}/docs/usage/authenticate`, { waitUntil: 'networkidle' });
  await socket;
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  const stopped = new Promise((r) => proc.once('exit', r));
  proc.kill();
  await stopped;
  const banner = page.getByRole('status').filter({ hasText: 'docsd stopped — reconnecting…' });
  await banner.waitFor();
  const reloaded = page.waitForEvent('load');
  const liveAgain = liveRoute(page);
  // The same address: the page reconnects to where it came from.
  await startWatch(new URL(base).host);
  await reloaded;
  assert.equal(await page.evaluate(() => window.__sameDocument), undefined, 'the page reloaded');
  assert.equal(await page.locator('#docsd-dev-offline').count(), 0, 'no banner after the reload');
  // And it is live again: an edit shows without a reload.
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await page.waitForFunction(() => document.readyState === 'complete');
  await liveAgain;
  const file = join(project, 'content/docs/usage/authenticate.md');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n\nWritten after the restart.\n`);
  await page.waitForSelector('text=Written after the restart.');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload for an edit');
  await page.close();
});

test('an edit re-indexes search: a page open on another route finds the new word without a reload', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const live = liveRoute(page);
  await page.goto(`${base}/docs/installation/install-vela`, { waitUntil: 'networkidle' });
  await live;
  const box = '.navbar-right .search-input';
  await page.waitForFunction((sel) => document.querySelector(sel)?.placeholder.startsWith('Search '), box);
  await page.evaluate(() => (window.__sameDocument = true));
  const file = join(project, 'content/docs/usage/secrets.md');
  const original = readFileSync(file, 'utf8');
  // A word no page has, added to a page this browser does not show.
  writeFileSync(file, `${original}\n\n## Zanzibarquux rotation\n\nRotate zanzibarquux credentials often.\n`);
  // Until the new index arrives, the old index answers (without the new word): search again until
  // the new page is found (the rebuild takes what it takes; WAIT bounds a failure only).
  let first = '';
  for (const give = Date.now() + WAIT; !/Zanzibarquux rotation/i.test(first) && Date.now() < give; ) {
    await page.waitForTimeout(200); // between searches only: the loop ends on the new page found
    await page.fill(box, 'zanzibarquux');
    // The list answers once the query's chunks are in; until then it shows the previous answer.
    await page.waitForFunction(() => document.querySelector('.search-panel')?.getAttribute('aria-busy') !== 'true');
    first = (await page.locator('.search-hit').count()) > 0 ? await page.locator('.search-hit').first().textContent() : '';
  }
  assert.match(first, /Zanzibarquux rotation/i, 'the new word is found');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  writeFileSync(file, original);
  assert.deepEqual(errors, []);
  await page.close();
});

test('search in docsd watch finds a page added after start and no longer finds it once deleted', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const live = liveRoute(page);
  await page.goto(`${base}/docs/usage/quickstart`, { waitUntil: 'networkidle' });
  await live;
  const box = '.navbar-right .search-input';
  await page.waitForFunction((sel) => document.querySelector(sel)?.placeholder.startsWith('Search '), box);
  await page.evaluate(() => (window.__sameDocument = true));
  // The routes of the hits for a query, once the list answers it (not the previous query's).
  const hits = async (q) => {
    await page.fill(box, '');
    await page.fill(box, q);
    await page.waitForFunction(() => {
      const panel = document.querySelector('.search-panel');
      return panel && panel.getAttribute('aria-busy') !== 'true';
    });
    return page.$$eval('a.search-hit', (as) => as.map((a) => new URL(a.href).pathname));
  };
  // Search again until the rebuilt index answers as wanted (WAIT bounds a failure only; the
  // rebuild and the reload of the search files take what they take).
  const until = async (q, ok) => {
    let got = [];
    for (const give = Date.now() + WAIT; Date.now() < give; ) {
      got = await hits(q);
      if (ok(got)) return got;
      await page.waitForTimeout(200); // between searches only
    }
    return got;
  };
  // A new page, whose route sorts among the others: docsd watch numbers it after them all
  // (pkg/search/numbers.go), and its words' chunks are the only term chunks rewritten.
  const file = join(project, 'content/docs/usage/okapiquux-care.md');
  writeFileSync(file, '---\ntitle: Okapiquux care\n---\n\nFeed the okapiquux twice a day.\n');
  const found = await until('okapiquux', (got) => got.some((h) => h.startsWith('/docs/usage/okapiquux-care')));
  assert.ok(found.some((h) => h.startsWith('/docs/usage/okapiquux-care')), `the new page is found: ${found}`);
  // A page that was there at start still finds its words (the other pages kept their numbers).
  const secrets = await until('secrets', (got) => got.length > 0);
  assert.ok(secrets.some((h) => h.includes('/docs/')), `an older page is still found: ${secrets}`);
  unlinkSync(file);
  const gone = await until('okapiquux', (got) => !got.some((h) => h.startsWith('/docs/usage/okapiquux-care')));
  assert.deepEqual(gone.filter((h) => h.startsWith('/docs/usage/okapiquux-care')), [], 'the deleted page is no longer found');
  // The same index (its number now free) still answers for the other pages.
  assert.ok((await hits('secrets')).length > 0, 'search still answers after the deletion');
  assert.notEqual(await page.locator(box).getAttribute('placeholder'), 'Search unavailable');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a docsd.toml edit renames the search files: an open page follows them and keeps searching', async () => {
  const page = await browser.newPage();
  const errors = [];
  const missing = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() === 404 && /search-(docs|index)-/.test(r.url())) missing.push(r.url());
  });
  const live = liveRoute(page);
  await page.goto(`${base}/docs/usage/quickstart`, { waitUntil: 'networkidle' });
  await live;
  const box = '.navbar-right .search-input';
  await page.waitForFunction((sel) => document.querySelector(sel)?.placeholder.startsWith('Search '), box);
  await page.evaluate(() => (window.__sameDocument = true));
  const before = await page.evaluate(() => JSON.parse(document.getElementById('__docsd_data').textContent).site.searchDocs);
  const renamed = page.waitForResponse((r) => /search-docs-/.test(r.url()) && !r.url().endsWith(before) && r.ok(), { timeout: WAIT });
  // The names carry docsd.toml's modification time (to the second): an hour later moves them. The
  // edit replaces the file in one step, as editors do, so that the names move once.
  const toml = join(project, 'docsd.toml');
  const original = readFileSync(toml, 'utf8');
  const edited = join(project, 'docsd.toml.new');
  writeFileSync(edited, `${original}\n# edited while a page is open\n`);
  const later = new Date(Date.now() + 3600 * 1000);
  utimesSync(edited, later, later);
  renameSync(edited, toml);
  await renamed;
  // The page loads the renamed files once told: search until it answers (WAIT bounds a failure).
  let hits = 0;
  for (const give = Date.now() + WAIT; hits === 0 && Date.now() < give; ) {
    await page.fill(box, 'quickstart');
    hits = await page.locator('.search-hit').count();
    if (hits === 0) await page.waitForTimeout(200); // between searches only
  }
  assert.ok(hits > 0, 'search still answers');
  assert.notEqual(await page.locator(box).getAttribute('placeholder'), 'Search unavailable');
  assert.deepEqual(missing, [], 'no search file is asked for by its old name');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  writeFileSync(toml, original);
  assert.deepEqual(errors, []);
  await page.close();
});
