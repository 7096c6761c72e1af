// The landing page's buttons and cards come from docsd.toml ([[landing.actions]], [[landing.cards]]),
// not from the shell's code: a small site with its own (testdata/sites/landing) shows exactly those.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, useSite } from './harness.mjs';

const site = useSite({ project: 'landing' });

test('the landing page shows the buttons and cards of docsd.toml, in order, and they navigate', async () => {
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/docs/`);
  await hydrated(page);
  const buttons = page.locator('.hero-actions a');
  assert.deepEqual(await buttons.allTextContents(), ['Read the guide', 'More']);
  assert.deepEqual(await buttons.evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.className])), [
    ['/docs/guide/intro', 'button button-primary'],
    ['/docs/guide/more', 'button button-secondary'],
  ]);
  const cards = page.locator('.landing-ways .card');
  assert.deepEqual(await cards.locator('.card-title').allTextContents(), ['Start', 'Go further']);
  assert.deepEqual(await cards.locator('.card-description').allTextContents(), ['The first page of the guide.', 'The second page.']);
  assert.deepEqual(await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href'))), ['/docs/guide/intro', '/docs/guide/more']);
  assert.equal(await page.locator('text=Install Vela').count(), 0, 'nothing of the Vela site');
  await page.evaluate(() => (window.__sameDocument = true));
  await cards.nth(1).click();
  await page.waitForURL(`${site.base}/docs/guide/more`);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'client-side navigation');
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings, []);
  await context.close();
});
