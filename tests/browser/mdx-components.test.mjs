// A site's src/theme/MDXComponents gives components to every MDX page without an import
// (testdata/sites/mdx-components): the component the map gives is server-rendered, hydrates (its
// button counts clicks), and useIsBrowser turns true once the page has hydrated; client navigation
// from a Markdown page reaches the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, useSite } from './harness.mjs';

const site = useSite({ project: 'mdx-components' });

test('a component the site gives through MDXComponents is server-rendered, hydrates, and useIsBrowser turns true', async () => {
  const html = await (await fetch(`${site.base}/docs/guide/widgets`)).text();
  assert.match(html, /<p class="fixture-counter" data-where="server"><button type="button">Taps<!-- -->: <!-- -->0<\/button>/);
  assert.match(html, /class="fixture-shout fixture-shout-loud">2\.0</);
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/docs/guide/widgets`);
  await hydrated(page);
  await page.waitForSelector('.fixture-counter[data-where=browser]');
  const button = page.locator('.fixture-counter button');
  await button.click();
  await button.click();
  assert.equal(await button.textContent(), 'Taps: 2');
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  await context.close();
});

test('client navigation from a Markdown page to a page using the site\'s components', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/intro`);
  await hydrated(page);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('.markdown a', { hasText: 'widgets page' }).click();
  await page.waitForSelector('.fixture-counter[data-where=browser]');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  await page.locator('.fixture-counter button').click();
  assert.equal(await page.locator('.fixture-counter button').textContent(), 'Taps: 1');
  assert.equal(await page.locator('.fixture-shout-loud').textContent(), '2.0');
  assert.deepEqual(problems, []);
  await context.close();
});
