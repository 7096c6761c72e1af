// A Docusaurus-shaped project whose site is in website/ (testdata/sites/mdx-website): a component
// imported as @site/src/components/Hello and one that website/src/theme/MDXComponents gives a .md
// page hydrate, and <DocCardList /> on a category's own page lists the category's items with their
// descriptions (front matter's, else the first line), on the server, after hydration and after
// client navigation; a component reading useDocusaurusContext() and drawing an .svg component
// renders and hydrates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, useSite } from './harness.mjs';

const site = useSite({ project: 'mdx-website' });

const cards = (page) => page.locator('.doc-card-list .doc-card a').evaluateAll((as) => as.map((a) => `${a.getAttribute('href')} ${a.textContent}`));

test('DocCardList on a category page lists its items and hydrates without a mismatch', async () => {
  const html = await (await fetch(`${site.base}/docs/more`)).text();
  assert.match(html, /<ul class="doc-card-list"><li class="doc-card"><a href="\/docs\/more\/alpha"[^>]*><strong>Alpha<\/strong><span class="doc-card-description">Text of alpha.<\/span><\/a><\/li>/);
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/docs/more`);
  await hydrated(page);
  assert.deepEqual(await cards(page), ['/docs/more/alpha AlphaText of alpha.', '/docs/more/beta BetaBeta, described']);
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  await context.close();
});

test('client navigation to the category page shows its cards; site components of website/ render', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/intro`);
  await hydrated(page);
  assert.equal(await page.locator('.fixture-wave').textContent(), 'wave to readers');
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('.doc-sidebar a[href="/docs/hello"]').click();
  await page.waitForSelector('.fixture-hello');
  assert.equal(await page.locator('.fixture-hello').textContent(), 'Hello from website');
  // useDocusaurusContext's custom fields and an .svg component come with the page's chunk.
  assert.equal(await page.locator('.fixture-motto').textContent(), 'Website fixture: Docs beside the site');
  assert.equal(await page.locator('.fixture-motto svg.fixture-logo circle').count(), 1);
  await page.locator('.doc-sidebar a[href="/docs/more"]').click();
  await page.waitForSelector('.doc-card-list');
  assert.deepEqual(await cards(page), ['/docs/more/alpha AlphaText of alpha.', '/docs/more/beta BetaBeta, described']);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  assert.deepEqual(problems, []);
  await context.close();
});

test('useDocusaurusContext and an .svg component render on the server and hydrate without a mismatch', async () => {
  const html = await (await fetch(`${site.base}/docs/hello`)).text();
  assert.match(html, /<p class="fixture-motto"><svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 16 16" class="fixture-logo" width="16" height="16" aria-hidden="true"><circle cx="8" cy="8" r="7" fill="#7a3"\/><\/svg>Website fixture<!-- -->: <!-- -->Docs beside the site<\/p>/);
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/docs/hello`);
  await hydrated(page);
  assert.equal(await page.locator('.fixture-motto').textContent(), 'Website fixture: Docs beside the site');
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  await context.close();
});
