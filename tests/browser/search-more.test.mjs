// Issue 18, "documents are fetched in pages of results": the box lists the first 8 pages that match
// and, when more match, ends with "More results", which fetches the documents of the next pages and
// appends them. Reached with the arrow keys and Enter (the search box keeps the focus), announced to
// screen readers (the input's aria-activedescendant and a status line), tapped on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openPage, root, shots, useSite } from './harness.mjs';

const site = useSite();

const box = '.navbar-right .search-input';
const ready = (page, sel = box) => page.waitForFunction((s) => document.querySelector(s)?.placeholder.startsWith('Search '), sel);
const settled = (page) => page.waitForSelector('.search-panel[aria-busy="false"]');
const titles = (page) => page.$$eval('.search-group', (gs) => gs.map((g) => g.querySelector('.search-group-title span').textContent));
const status = (page) => page.$eval('.navbar-right .navbar-search p[role="status"]', (p) => p.textContent);
// A word most pages of the Vela docs hold: far more than 16 pages match.
const QUERY = 'build';

// docsChunks records the documents chunks the page fetches (search-docs-<time>-N.json).
function docsChunks(page) {
  const seen = [];
  page.on('request', (r) => /search-docs-\d+-\d+\.json$/.test(r.url()) && seen.push(r.url()));
  return seen;
}

test('"More results" at the end of the list appends the next pages, by keyboard, fetching their documents then', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`);
  const fetched = docsChunks(page);
  await ready(page);
  // One query (typing would ask for "b", "bu", ... and fetch their results' documents too).
  await page.fill(box, QUERY);
  await settled(page);
  const first = await titles(page);
  assert.equal(first.length, 8, `the box shows a page of results: ${first}`);
  const more = page.locator('.search-more');
  assert.equal(await more.count(), 1, 'more pages match: the list ends with "More results"');
  assert.equal(await more.textContent(), 'More results');
  assert.equal(await more.getAttribute('role'), 'option');
  assert.equal(await status(page), '8 pages found, more results below');
  const firstChunks = new Set(fetched);
  assert.ok(firstChunks.size > 0 && firstChunks.size <= 8, `${firstChunks.size} documents chunks for the first page of results`);

  // The arrow keys walk the results down to "More results"; the input names the row it is on.
  const rows = await page.locator('.search-panel [role="option"]').count();
  for (let i = 1; i < rows; i++) await page.keyboard.press('ArrowDown');
  const moreId = await more.getAttribute('id');
  // The box hears the row from the list's effect, after the list has drawn it: wait for it.
  await page.waitForFunction(([b, id]) => document.querySelector(b).getAttribute('aria-activedescendant') === id, [box, moreId]);
  assert.equal(await more.getAttribute('aria-selected'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement.matches('.navbar-right .search-input')), true);
  await page.screenshot({ path: join(shots, 'search-more-desktop-light.png') });
  // axe finds nothing wrong with the row (search-a11y.test.mjs runs axe on the whole open panel).
  await page.addScriptTag({ path: join(root, 'node_modules', 'axe-core', 'axe.min.js') });
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
  const found = await page.evaluate(async ([id, values]) => (await window.axe.run(document.getElementById(id), { runOnly: { type: 'tag', values }, resultTypes: ['violations'] })).violations.map((v) => v.id), [moreId, tags]);
  assert.deepEqual(found, [], '"More results" passes axe');

  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.search-group').length > 8);
  await settled(page);
  const after = await titles(page);
  assert.deepEqual(after.slice(0, 8), first, 'the pages shown stay where they were');
  assert.ok(after.length > 8 && after.length <= 16, `${after.length} pages after "More results"`);
  const pages = await page.$$eval('.search-group-title + a.search-hit', (as) => as.map((a) => a.getAttribute('href').split(/[?#]/)[0]));
  assert.equal(new Set(pages).size, pages.length, `no page is listed twice: ${pages}`);
  // The next pages' documents were fetched only now.
  const newChunks = fetched.filter((u) => !firstChunks.has(u));
  assert.ok(newChunks.length > 0, `"More results" fetches the next pages' documents: ${fetched}`);
  // The row the keys were on is now the first new result, which Enter would open; still in the box.
  const active = await page.getAttribute(box, 'aria-activedescendant');
  const activeTitle = await page.$eval(`#${active}`, (li) => li.closest('.search-group').querySelector('.search-group-title span').textContent);
  assert.equal(activeTitle, after[8]);
  assert.match(await status(page), /^\d+ pages found/);
  // Every new result has its heading and a link.
  const hrefs = await page.$$eval('.search-group', (gs) => gs.slice(8).map((g) => g.querySelector('a.search-hit').getAttribute('href')));
  assert.ok(hrefs.every((h) => h.startsWith('/docs/')), hrefs.join(' '));
  // A new query starts again at a page of results.
  await page.fill(box, '');
  await page.keyboard.type('secrets');
  await settled(page);
  assert.ok((await titles(page)).length <= 8);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a query with fewer matches than a page has no "More results"', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`);
  await ready(page);
  await page.click(box);
  await page.keyboard.type('kotlin');
  await settled(page);
  const shown = await titles(page);
  assert.ok(shown.length > 0 && shown.length < 8, `${shown}`);
  assert.equal(await page.locator('.search-more').count(), 0);
  assert.doesNotMatch(await status(page), /more/);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const scheme of ['light', 'dark']) {
  test(`on a phone "More results" is tapped (${scheme} theme); on a desktop it is clicked`, async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const problems = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${site.base}/docs/usage/quickstart`, { waitUntil: 'networkidle' });
    const compact = '.navbar-mobile-tools .search-input';
    await ready(page, compact);
    await page.tap(compact);
    await page.keyboard.type(QUERY);
    await settled(page);
    const more = page.locator('.search-more');
    await more.scrollIntoViewIfNeeded();
    const b = await more.boundingBox();
    assert.ok(b.x >= 0 && b.x + b.width <= 390 && b.height >= 40, `"More results" fits the phone and a finger: ${JSON.stringify(b)}`);
    await page.screenshot({ path: join(shots, `search-more-phone-${scheme}.png`) });
    await more.tap();
    await page.waitForFunction(() => document.querySelectorAll('.search-group').length > 8);
    await settled(page);
    // The tap kept the box focused (the list stays open).
    assert.equal(await page.evaluate((s) => document.activeElement.matches(s), compact), true);
    assert.deepEqual(problems, []);
    await context.close();

    const desk = await openPage(site.browser, `${site.base}/docs/usage/quickstart`, { colorScheme: scheme });
    await ready(desk.page);
    await desk.page.click(box);
    await desk.page.keyboard.type(QUERY);
    await settled(desk.page);
    await desk.page.locator('.search-more').scrollIntoViewIfNeeded();
    await desk.page.locator('.search-more').hover();
    await desk.page.screenshot({ path: join(shots, `search-more-desktop-${scheme}-hover.png`) });
    await desk.page.click('.search-more');
    await desk.page.waitForFunction(() => document.querySelectorAll('.search-group').length > 8);
    assert.equal(await desk.page.evaluate(() => document.activeElement.matches('.navbar-right .search-input')), true);
    assert.deepEqual(desk.problems, []);
    await desk.context.close();
  });
}
