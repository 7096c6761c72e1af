// A site with a [[docs]] set beside its versioned docs (testdata/sites/docs-sets), as a Docusaurus
// site lists its docs plugin again with an id of its own: the set's pages are served at their path
// with their own generated sidebar, the navbar opens them, the version menu shows the latest version
// there, search finds the set's pages from the docs and the docs' latest version from the set, and
// client navigation between the two works without a hydration warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { hydrated, openPage, shots, useSite } from './harness.mjs';

const site = useSite({ project: 'docs-sets' });

const box = '.navbar-right .search-input';

async function search(page, words) {
  await page.waitForFunction((s) => document.querySelector(s)?.placeholder.startsWith('Search '), box);
  await page.fill(box, '');
  await page.type(box, words);
  await page.waitForSelector('.search-panel[aria-busy="false"]');
  return page.$$eval('a.search-hit', (as) => as.map((a) => a.getAttribute('href').replace(/[?#].*$/, '')));
}

test('a docs set has its pages, its sidebar, the navbar and search of the site', async () => {
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/community/intro`);
  await hydrated(page);
  assert.equal(await page.locator('h1').textContent(), 'Community');
  const sidebar = await page.$$eval('.doc-sidebar a', (as) => as.map((a) => a.getAttribute('href')));
  assert.ok(sidebar.includes('/community/intro'), `sidebar: ${sidebar}`);
  // Its folder is a category of the generated sidebar.
  await page.locator('.doc-sidebar button', { hasText: 'Events' }).click();
  assert.equal(await page.locator('.doc-sidebar a', { hasText: 'Meetups' }).getAttribute('href'), '/community/events/meetups');
  assert.ok(!sidebar.some((h) => h.startsWith('/docs')), `the set's sidebar holds docs pages: ${sidebar}`);
  assert.equal(await page.locator('.navbar a', { hasText: 'Community' }).getAttribute('href'), '/community/intro');
  // The version menu is the versioned docs': on a set's page it shows their latest.
  assert.equal((await page.locator('.navbar-right .dropdown-toggle').first().textContent()).trim(), '1.0');
  await page.screenshot({ path: join(shots, 'docs-set-desktop-light.png') });

  // From the set, search finds the docs in their latest version only.
  const fromSet = await search(page, 'caching layers');
  assert.ok(fromSet.includes('/docs/pipelines'), `results: ${fromSet}`);
  assert.ok(!fromSet.includes('/docs/next/pipelines'), `another version's page: ${fromSet}`);
  await page.keyboard.press('Escape');

  // Client navigation to the docs and back; from the docs, search finds the set's pages.
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('.navbar a', { hasText: 'Guide' }).click();
  await page.waitForFunction(() => location.pathname === '/docs/intro');
  const fromDocs = await search(page, 'quarterly meetups');
  assert.deepEqual(fromDocs.slice(0, 1), ['/community/events/meetups']);
  await page.keyboard.press('Escape');
  await page.locator('.navbar a', { hasText: 'Community' }).click();
  await page.waitForFunction(() => location.pathname === '/community/intro');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  await context.close();
});

test('a docs set on a phone in dark mode', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/community/events/meetups`, { width: 390, height: 844, colorScheme: 'dark' });
  await hydrated(page);
  assert.equal(await page.locator('h1').textContent(), 'Meetups');
  await page.screenshot({ path: join(shots, 'docs-set-mobile-dark.png') });
  assert.deepEqual(problems, []);
  await context.close();
});
