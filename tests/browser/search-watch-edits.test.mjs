// Issue 18 (session 14's audit): "the dev server keeps search current after every kind of edit,
// including a docsd.toml change". watch.test.mjs covers a body edit, a new and a deleted page, and
// a docsd.toml edit that changes nothing search reads (a comment). These edits change what search
// answers while the page stays open, through the real `docsd watch`: the open page's own title, a
// synonym added to docsd.toml as a writer saves it (in place, without touching the file's time), a
// page's file renamed (its route moves) and a category's label (its pages' breadcrumbs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, liveRoute, servingAt, spawnDocsd, velaProject, WAIT } from './harness.mjs';

let proc;
let browser;
let base;
let project;

before(async () => {
  project = velaProject('docsd-search-watch-');
  proc = spawnDocsd(['watch', '--root', project, '--addr', '127.0.0.1:0']);
  base = await servingAt(proc, /serving at (http:\/\/[^\s/]+)\//);
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
  proc.kill();
});

const box = '.navbar-right .search-input';

// openLive opens a page of the dev server and waits until its search box is usable and its socket
// has the route; it notes page errors and search files that answered 404.
async function openLive(path) {
  const page = await browser.newPage();
  const errors = [];
  const missing = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => r.status() === 404 && /search-(docs|index)-/.test(r.url()) && missing.push(r.url()));
  const live = liveRoute(page);
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await live;
  await page.waitForFunction((sel) => document.querySelector(sel)?.placeholder.startsWith('Search '), box);
  await page.evaluate(() => (window.__sameDocument = true));
  return { page, errors, missing };
}

// groups types q into the box and returns the titles of the result groups once the list answers q.
async function groups(page, q) {
  await page.fill(box, '');
  await page.fill(box, q);
  await page.waitForFunction(() => document.querySelector('.search-panel')?.getAttribute('aria-busy') === 'false');
  return page.locator('.search-group-title').allTextContents();
}

// routes types q into the box and returns the pages of the results once the list answers q.
async function routes(page, q) {
  await groups(page, q);
  return page.$$eval('a.search-hit', (as) => [...new Set(as.map((a) => new URL(a.href).pathname))]);
}

// until searches q again until ok holds for its result groups (the rebuild and the reload of the
// search files take what they take; WAIT bounds a failure only).
async function until(page, q, ok, answer = groups) {
  let got = [];
  for (const give = Date.now() + WAIT; Date.now() < give; ) {
    got = await answer(page, q);
    if (ok(got)) return got;
    await page.waitForTimeout(200); // between searches only: the loop ends on the answer wanted
  }
  return got;
}

test("a title edit of the open page: search finds the page by its new title, not its old one", async () => {
  const { page, errors, missing } = await openLive('/docs/usage/secrets');
  const file = join(project, 'content/docs/usage/secrets.md');
  const original = readFileSync(file, 'utf8');
  assert.match(original, /^---\ntitle: Secrets\n/);
  writeFileSync(file, original.replace(/^---\ntitle: Secrets\n/, '---\ntitle: Numbatquux vault\n'));
  const found = await until(page, 'numbatquux', (got) => got.length > 0 && /Numbatquux vault/.test(got[0]));
  assert.match(found[0] || '', /Numbatquux vault/, `the new title is found first: ${found}`);
  await page.waitForFunction(() => /Numbatquux vault/.test(document.querySelector('h1')?.textContent || ''));
  writeFileSync(file, original);
  const back = await until(page, 'numbatquux', (got) => got.length === 0);
  assert.deepEqual(back, [], 'the old title is no longer found once the edit is undone');
  assert.notEqual(await page.getAttribute(box, 'placeholder'), 'Search unavailable');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  assert.deepEqual(missing, [], 'no search file answered 404');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a synonym added to docsd.toml while a page is open: the open page searches with it', async () => {
  const { page, errors, missing } = await openLive('/docs/usage/quickstart');
  // A word no page has finds nothing before the edit.
  assert.deepEqual(await groups(page, 'quollquux'), []);
  const toml = join(project, 'docsd.toml');
  const original = readFileSync(toml, 'utf8');
  assert.match(original, /\nsynonyms = \[\n/);
  writeFileSync(toml, original.replace(/\nsynonyms = \[\n/, '\nsynonyms = [\n  "quollquux, kubernetes",\n'));
  const found = await until(page, 'quollquux', (got) => got.some((g) => /Kubernetes/.test(g)));
  assert.ok(found.some((g) => /Kubernetes/.test(g)), `the new synonym finds the Kubernetes pages: ${found}`);
  writeFileSync(toml, original);
  const back = await until(page, 'quollquux', (got) => got.length === 0);
  assert.deepEqual(back, [], 'the synonym is gone once the edit is undone');
  assert.notEqual(await page.getAttribute(box, 'placeholder'), 'Search unavailable');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  assert.deepEqual(missing, [], 'no search file answered 404');
  assert.deepEqual(errors, []);
  await page.close();
});

test("a page's file renamed while another page is open: search finds it at its new route only", async () => {
  const { page, errors, missing } = await openLive('/docs/usage/quickstart');
  const from = join(project, 'content/docs/usage/secrets.md');
  const to = join(project, 'content/docs/usage/secrets-moved.md');
  const moved = (got) => got.includes('/docs/usage/secrets-moved') && !got.includes('/docs/usage/secrets');
  renameSync(from, to);
  const found = await until(page, 'secret masking', moved, routes);
  assert.ok(moved(found), `the page is found at its new route, not its old one: ${found}`);
  renameSync(to, from);
  const back = await until(page, 'secret masking', (got) => got.includes('/docs/usage/secrets') && !got.includes('/docs/usage/secrets-moved'), routes);
  assert.ok(back.includes('/docs/usage/secrets') && !back.includes('/docs/usage/secrets-moved'), `back at its route: ${back}`);
  assert.notEqual(await page.getAttribute(box, 'placeholder'), 'Search unavailable');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  assert.deepEqual(missing, [], 'no search file answered 404');
  assert.deepEqual(errors, []);
  await page.close();
});

test("a category's label edited while a page is open: search finds its pages by the new breadcrumb", async () => {
  const { page, errors, missing } = await openLive('/docs/usage/quickstart');
  const file = join(project, 'content/docs/usage/tour/_category_.yml');
  const original = readFileSync(file, 'utf8');
  assert.match(original, /^label: Tour\n/);
  assert.deepEqual(await routes(page, 'dugongquux'), []);
  writeFileSync(file, original.replace(/^label: Tour\n/, 'label: Dugongquux tour\n'));
  const inTour = (got) => got.length > 0 && got.every((r) => r.startsWith('/docs/usage/tour'));
  const found = await until(page, 'dugongquux', inTour, routes);
  assert.ok(inTour(found), `the tour's pages are found by their new breadcrumb: ${found}`);
  writeFileSync(file, original);
  const back = await until(page, 'dugongquux', (got) => got.length === 0, routes);
  assert.deepEqual(back, [], 'the old label is no longer found once the edit is undone');
  assert.notEqual(await page.getAttribute(box, 'placeholder'), 'Search unavailable');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  assert.deepEqual(missing, [], 'no search file answered 404');
  assert.deepEqual(errors, []);
  await page.close();
});
