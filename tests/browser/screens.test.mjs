// Screenshots of every kind of page, desktop and mobile, light and dark, into
// test-results/screenshots/screen-*.png, to look at. Each also checks that nothing overflows the
// window sideways (the page itself never scrolls horizontally; wide code and tables scroll inside).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { shots, useSite } from './harness.mjs';

const site = useSite();

const pages = [
  ['landing', '/docs/'],
  ['doc', '/docs/usage/quickstart'],
  ['admonitions', '/docs/usage/secrets'],
  ['api', '/docs/reference/api/build/add'],
  ['category', '/docs/category/registry'],
  ['blog', '/docs/blog'],
  ['blog-post', '/docs/blog/first-blog-post'],
  ['not-found', '/docs/no/such/page'],
];

for (const [device, viewport] of [
  ['desktop', { width: 1400, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
]) {
  for (const scheme of ['light', 'dark']) {
    test(`screenshots: ${device} ${scheme}`, async () => {
      const context = await site.browser.newContext({ viewport, colorScheme: scheme, deviceScaleFactor: 1 });
      const page = await context.newPage();
      for (const [name, path] of pages) {
        await page.goto(site.base + path, { waitUntil: 'networkidle' });
        await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${path} overflows the ${device} window by ${overflow}px`);
        await page.screenshot({ path: join(shots, `screen-${name}-${device}-${scheme}.png`) });
      }
      // Scrolled into the content: headings, code blocks, tables.
      await page.goto(`${site.base}/docs/reference/api/build/add`, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.querySelector('.markdown table, .code-block')?.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: join(shots, `screen-api-content-${device}-${scheme}.png`) });
      if (device === 'mobile') {
        await page.goto(`${site.base}/docs/usage/quickstart`, { waitUntil: 'networkidle' });
        await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
        await page.click('button[aria-label="Toggle navigation bar"]');
        await page.waitForSelector('.mobile-menu');
        await page.screenshot({ path: join(shots, `screen-menu-sidebar-${device}-${scheme}.png`) });
        await page.click('text=← Back to main menu');
        await page.screenshot({ path: join(shots, `screen-menu-main-${device}-${scheme}.png`) });
      }
      await context.close();
    });
  }
}
