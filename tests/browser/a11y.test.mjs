// Accessibility: axe-core in both colour themes on every kind of page, keyboard use of every control,
// visible focus, and lang and dir from the locale record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { frames, hydrated, openPage, root, useSite } from './harness.mjs';

const site = useSite();

const axePath = join(root, 'node_modules', 'axe-core', 'axe.min.js');

async function axe(page) {
  await frames(page, 2); // what the page's ResizeObservers mark (a table that scrolls is focusable) is in
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] }),
  );
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`).join('\n    ')}`);
}

const pages = [
  '/docs/',
  '/docs/usage/quickstart',
  '/docs/reference/api/build/add',
  '/docs/reference/yaml/steps',
  '/docs/category/go',
  '/docs/blog',
  '/docs/blog/first-blog-post',
  '/docs/blog/tags',
  '/docs/versions',
  '/docs/no/such/page',
];

for (const scheme of ['light', 'dark']) {
  test(`axe finds nothing on ${pages.length} pages in the ${scheme} theme (desktop)`, async () => {
    const { page, context } = await openPage(site.browser, site.base + pages[0], { colorScheme: scheme });
    const found = [];
    for (const path of pages) {
      await page.goto(site.base + path, { waitUntil: 'networkidle' });
      await hydrated(page);
      assert.equal(await page.getAttribute('html', 'data-theme'), scheme);
      for (const v of await axe(page)) found.push(`${path}: ${v}`);
    }
    assert.deepEqual(found, []);
    await context.close();
  });

  test(`axe finds nothing on mobile with the menu open (${scheme} theme)`, async () => {
    const { page, context } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`, { width: 390, height: 844, colorScheme: scheme });
    await hydrated(page);
    const found = [...(await axe(page)).map((v) => `page: ${v}`)];
    await page.click('button[aria-label="Toggle navigation bar"]');
    await page.waitForSelector('.mobile-menu');
    found.push(...(await axe(page)).map((v) => `menu: ${v}`));
    assert.deepEqual(found, []);
    await context.close();
  });
}

test('html lang and dir come from the locale record', async () => {
  const { page, context } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`);
  const locale = await page.evaluate(() => {
    const { site: s } = JSON.parse(document.getElementById('__docsd_data').textContent);
    return s.locales.find((l) => l.code === s.locale);
  });
  assert.equal(await page.getAttribute('html', 'lang'), locale.htmlLang);
  assert.equal(await page.getAttribute('html', 'dir'), locale.direction);
  assert.equal(locale.htmlLang, 'en-US');
  await context.close();
});

// focusInfo describes the focused element and whether its focus indicator can be seen.
function focusInfo(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const s = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none';
    return {
      text: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40),
      tag: el.tagName,
      outline: ring,
      visible: box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight,
    };
  });
}

test('keyboard: Tab reaches every navbar control in order, each with a visible focus ring', async () => {
  const { page, context } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`);
  await hydrated(page);
  const expected = ['Skip to main content', 'Close announcement', 'Vela', 'Installation', 'Usage', 'Reference', 'Announcements', 'v0.26', 'English', 'Vela on GitHub'];
  const seen = [];
  for (let i = 0; i < expected.length + 1; i++) {
    await page.keyboard.press('Tab');
    const f = await focusInfo(page);
    seen.push(f.text);
    assert.ok(f.outline, `visible focus ring on "${f.text}"`);
    assert.ok(f.visible, `"${f.text}" is on screen when focused`);
  }
  assert.deepEqual(seen.slice(0, expected.length), expected);
  assert.match(seen[expected.length], /^Switch between dark and light mode/);
  // The colour toggle works with the keyboard.
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.themeChoice), 'light');
  await page.keyboard.press(' ');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.themeChoice), 'dark');
  // Then the sidebar, the content, the TOC and the footer, all reachable.
  const reached = new Set();
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const f = await focusInfo(page);
    assert.ok(f.outline, `visible focus ring on "${f.text}"`);
    reached.add(f.text);
    if (f.text.startsWith('go-vela on GitHub')) break;
  }
  for (const name of ['Collapse sidebar', "Expand sidebar category 'Tour'", 'Authenticate', 'Next', 'API reference', 'go-vela on GitHub']) {
    assert.ok([...reached].some((t) => t.startsWith(name)), `Tab reaches "${name}"`);
  }
  await context.close();
});

test('keyboard: dropdowns open with Enter, their links are next in the tab order, Escape closes and keeps focus', async () => {
  const { page, context } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`);
  await hydrated(page);
  const toggle = page.locator('.navbar-right .dropdown-toggle', { hasText: 'v0.26' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Tab');
  assert.equal((await focusInfo(page)).text, 'v0.26');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('dropdown-link')), true);
  await page.keyboard.press('Tab');
  assert.equal((await focusInfo(page)).text, 'All versions');
  await page.keyboard.press('Escape');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('dropdown-toggle')), true, 'focus returns to the toggle');
  // Tabbing out of an open dropdown closes it.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  // Enter on a link follows it.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${site.base}/docs/versions`);
  await context.close();
});

test('keyboard: sidebar categories expand and collapse with Enter', async () => {
  const { page, context } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`);
  await hydrated(page);
  const caret = page.locator(".doc-sidebar button.menu-caret[aria-label$=\"'Examples'\"]");
  await caret.focus();
  await page.keyboard.press('Enter');
  assert.equal(await caret.getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.closest('.menu-list') !== null), true, 'the first page of the category is next');
  await caret.focus();
  await page.keyboard.press('Enter');
  assert.equal(await caret.getAttribute('aria-expanded'), 'false');
  await page.keyboard.press('Tab');
  const next = await focusInfo(page);
  assert.notEqual(next.text, '', 'collapsed links are out of the tab order');
  assert.equal(await page.evaluate(() => document.activeElement.closest('[aria-hidden="true"]')), null);
  await context.close();
});

test('keyboard: the mobile menu opens, takes focus, closes with Escape and gives focus back', async () => {
  const { page, context } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`, { width: 390, height: 844 });
  await hydrated(page);
  for (const name of ['Skip to main content', 'Close announcement', 'Toggle navigation bar']) {
    await page.keyboard.press('Tab');
    assert.equal((await focusInfo(page)).text, name);
  }
  await page.keyboard.press('Enter');
  await page.waitForSelector('.mobile-menu');
  assert.equal((await focusInfo(page)).text, 'Close navigation bar');
  await page.keyboard.press('Tab');
  assert.equal((await focusInfo(page)).text, '← Back to main menu');
  await page.keyboard.press('Enter');
  assert.equal((await focusInfo(page)).text, 'Installation', 'focus moves to the main menu');
  await page.keyboard.press('Escape');
  await page.waitForSelector('.mobile-menu', { state: 'detached' });
  assert.equal((await focusInfo(page)).text, 'Toggle navigation bar');
  await context.close();
});

// followWithKeyboard focuses the first link matching `selector`, presses Enter and resolves once the
// shell has switched to the new route ("docsd:navigated" fires after the new page's effects ran).
async function followWithKeyboard(page, selector) {
  await page.locator(selector).first().focus();
  await page.evaluate(() => {
    window.__navigated = new Promise((resolve) => window.addEventListener('docsd:navigated', resolve, { once: true }));
  });
  await page.keyboard.press('Enter');
  await page.evaluate(() => window.__navigated);
}

test('keyboard: after following a link to another page, Tab starts again at the skip link; a hash link keeps its place', async () => {
  const { page, context } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`);
  await hydrated(page);
  // A link in the text, whose element goes away with the old page.
  await followWithKeyboard(page, '.doc-article .markdown a[href$="/docs/installation/server"]');
  assert.equal(new URL(page.url()).pathname, '/docs/installation/server');
  await page.keyboard.press('Tab');
  assert.equal((await focusInfo(page)).text, 'Skip to main content', 'after a link in the text');
  // The pagination at the foot of the page.
  await followWithKeyboard(page, '.pagination-nav a');
  await page.keyboard.press('Tab');
  assert.equal((await focusInfo(page)).text, 'Skip to main content', 'after the pagination');
  // A navbar link, which stays on screen.
  await followWithKeyboard(page, '.navbar-items a.navbar-link:text-is("Reference")');
  assert.equal(new URL(page.url()).pathname, '/docs/reference/api');
  await page.keyboard.press('Tab');
  assert.equal((await focusInfo(page)).text, 'Skip to main content', 'after a navbar link');
  // The page does not scroll for it, and the skip link still takes the reader to the content.
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'main-content');
  // A link to a heading of the same page is the browser's fragment navigation: Tab goes on from
  // the heading (its anchor link), not from the top.
  const toc = page.locator('.toc a').nth(1);
  const href = await toc.getAttribute('href');
  await toc.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.hash === href);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('href')), href);
  await context.close();
});
