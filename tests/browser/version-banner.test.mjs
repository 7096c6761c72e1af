// The version notice and badge (testdata/sites/versions): a page of a version other than the latest
// says which version it is and links the same page in the latest version (or that version's first
// page when the page is not there); a version listed before the latest is "not released yet", one
// after it "no longer maintained"; a version whose banner and badge are turned off shows neither.
// Following the link is client navigation and makes the latest version the preferred one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { hydrated, openPage, root, shots, useSite } from './harness.mjs';

const site = useSite({ project: 'versions' });
const axePath = join(root, 'node_modules', 'axe-core', 'axe.min.js');

async function notice(page) {
  const banner = page.locator('.version-banner');
  return (await banner.count()) === 0 ? null : (await banner.innerText()).replace(/\s+/g, ' ').trim();
}

// axeBanner is what axe-core finds wrong in the notice and the badge (contrast in the page's theme).
async function axeBanner(page) {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const r = await window.axe.run({ include: [['.version-banner'], ['.version-badge']] }, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.help}`);
  });
}

async function badge(page) {
  const b = page.locator('.version-badge');
  return (await b.count()) === 0 ? null : (await b.textContent()).trim();
}

test('an older version says so and links the latest, which becomes the preferred version', async () => {
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/docs/1.0/legacy-runner`);
  await hydrated(page);
  assert.equal(await notice(page), 'You are reading 1.0, no longer maintained. Go to 2.0, the latest');
  assert.equal(await badge(page), 'Version: 1.0');
  assert.equal(await page.getAttribute('.version-banner', 'role'), 'note');
  assert.deepEqual(await axeBanner(page), []);
  await page.screenshot({ path: join(shots, 'version-banner-desktop-light.png') });

  // The page is not in 2.0: the link opens 2.0's first page, without a full page load.
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('.version-banner a').click();
  await page.waitForFunction(() => location.pathname === '/docs/intro');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  assert.equal(await notice(page), null, 'the latest version has no notice');
  assert.equal(await badge(page), 'Version: 2.0');
  assert.equal(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')), '2.0');
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  await context.close();
});

test('a version listed before the latest is unreleased; its link is the same page in the latest', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/next/intro`);
  await hydrated(page);
  assert.equal(await notice(page), 'You are reading Next, not released yet. Go to 2.0, the latest');
  assert.equal(await page.getAttribute('.version-banner a', 'href'), '/docs/intro');
  assert.equal(await badge(page), 'Version: Next');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a version whose banner and badge are off shows neither', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/0.9/intro`);
  await hydrated(page);
  assert.equal(await page.locator('h1').textContent(), 'Introduction');
  assert.equal(await notice(page), null);
  assert.equal(await badge(page), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the version notice on a phone in dark mode', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/next/intro`, { width: 390, height: 844, colorScheme: 'dark' });
  await hydrated(page);
  assert.ok(await notice(page));
  const box = await page.locator('.version-banner').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the notice overflows the screen: ${JSON.stringify(box)}`);
  assert.deepEqual(await axeBanner(page), []);
  await page.screenshot({ path: join(shots, 'version-banner-mobile-dark.png') });
  assert.deepEqual(problems, []);
  await context.close();
});
