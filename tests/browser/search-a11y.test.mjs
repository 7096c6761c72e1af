// The open search panel, as assistive tech and the browser see it (issue 18): axe finds nothing with
// results shown, one of them active and "More results" at the end, on a desktop and a phone, in both
// themes; the list is a combobox's listbox whose options are the result links themselves (grouped
// by page), the input names the active one; and a result is still a link: Ctrl+click and a middle
// click open it in a new tab and leave the page and its list as they were.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { frames, openPage, root, shots, useSite } from './harness.mjs';

const site = useSite();

const desktopBox = '.navbar-right .search-input';
const phoneBox = '.navbar-mobile-tools .search-input';
const ready = (page, sel) => page.waitForFunction((s) => document.querySelector(s)?.placeholder.startsWith('Search '), sel);
const settled = (page) => page.waitForSelector('.search-panel[aria-busy="false"] .search-hit');
// A word most pages hold: more pages match than the list shows, so "More results" is there.
const QUERY = 'build';

async function axe(page) {
  await frames(page, 2);
  await page.addScriptTag({ path: join(root, 'node_modules', 'axe-core', 'axe.min.js') });
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] }),
  );
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`).join('\n    ')}`);
}

// openPanel opens the page, types QUERY into the visible box and moves the active row down once, so
// that the active row is not the first; it resolves once the input names that row.
async function openPanel(width, height, scheme) {
  const opened = await openPage(site.browser, `${site.base}/docs/usage/quickstart`, { width, height, colorScheme: scheme });
  const { page } = opened;
  const box = width < 997 ? phoneBox : desktopBox;
  await ready(page, box);
  await page.click(box);
  await page.fill(box, QUERY);
  await settled(page);
  await page.keyboard.press('ArrowDown');
  const second = await page.$$eval('.search-panel [role="option"]', (os) => os[1].id);
  await page.waitForFunction(([b, id]) => document.querySelector(b).getAttribute('aria-activedescendant') === id, [box, second]);
  return { ...opened, box, active: second };
}

for (const [name, width, height] of [
  ['desktop', 1400, 900],
  ['phone', 390, 844],
]) {
  for (const scheme of ['light', 'dark']) {
    test(`axe finds nothing with the search panel open, a result active and "More results" shown (${name}, ${scheme})`, async () => {
      const { page, context, problems, box, active } = await openPanel(width, height, scheme);
      assert.equal(await page.getAttribute('html', 'data-theme'), scheme);
      assert.equal(await page.locator('.search-more').count(), 1, '"More results" is shown');
      // The pattern: a combobox that controls a listbox, options grouped by page, each option a link.
      const shape = await page.evaluate((b) => {
        const input = document.querySelector(b);
        const list = document.getElementById(input.getAttribute('aria-controls'));
        const options = [...list.querySelectorAll('[role="option"]')];
        return {
          combobox: input.getAttribute('role'),
          expanded: input.getAttribute('aria-expanded'),
          list: list.getAttribute('role'),
          groups: [...list.children].filter((c) => c.getAttribute('role') === 'group').map((g) => document.getElementById(g.getAttribute('aria-labelledby'))?.textContent || ''),
          options: options.map((o) => ({ tag: o.tagName, href: o.getAttribute('href'), selected: o.getAttribute('aria-selected'), parent: o.parentElement.getAttribute('role') })),
          lists: list.querySelectorAll('ul, li').length,
        };
      }, box);
      assert.equal(shape.combobox, 'combobox');
      assert.equal(shape.expanded, 'true');
      assert.equal(shape.list, 'listbox');
      assert.equal(shape.groups.length, 8, `a group per page, each labelled by its title: ${shape.groups}`);
      assert.ok(shape.groups.every((g) => g.length > 0));
      assert.equal(shape.lists, 0, 'no list items inside the listbox');
      const results = shape.options.slice(0, -1);
      assert.ok(results.every((o) => o.tag === 'A' && o.href.startsWith('/docs/') && o.parent === 'group'), JSON.stringify(results.slice(0, 3)));
      assert.deepEqual(shape.options.at(-1), { tag: 'DIV', href: null, selected: 'false', parent: 'listbox' }, '"More results" ends the list');
      assert.deepEqual(
        shape.options.map((o) => o.selected),
        shape.options.map((_, i) => String(i === 1)),
        'the second option, where the arrow key moved, is the one selected',
      );
      assert.equal(await page.getAttribute(`#${active}`, 'aria-selected'), 'true');
      assert.equal(await page.evaluate((b) => document.activeElement.matches(b), box), true, 'the input keeps the focus');
      await page.screenshot({ path: join(shots, `search-panel-${name}-${scheme}.png`) });
      assert.deepEqual(await axe(page), []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}

for (const [how, click] of [
  ['Ctrl+click', { modifiers: ['Control'] }],
  ['a middle click', { button: 'middle' }],
]) {
  test(`${how} on a result opens its page in a new tab; the page and its list stay`, async () => {
    const { page, context, problems, box } = await openPanel(1400, 900, 'light');
    const before = page.url();
    const option = page.locator('a.search-hit').nth(2);
    const href = await option.getAttribute('href');
    assert.match(href, /^\/docs\/.+\?highlight=build/);
    const [tab] = await Promise.all([context.waitForEvent('page'), option.click(click)]);
    await tab.waitForLoadState('domcontentloaded');
    const opened = new URL(tab.url());
    assert.equal(opened.pathname + opened.search + opened.hash, href, 'the new tab opens the result');
    assert.equal(page.url(), before, 'the page itself did not move');
    assert.equal(await page.locator('.search-panel[role="listbox"]').count(), 1, 'the list is still open');
    assert.equal(await page.evaluate((b) => document.activeElement.matches(b), box), true, 'the input keeps the focus');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

// A live region inserted with its text is often not read: the count is said by one region of the
// box that is in the page, empty, before the list opens, and that only its text changes.
test('the result count is announced from one live region that is there before the list opens', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`);
  await ready(page, desktopBox);
  const regions = '.navbar-right .navbar-search [role="status"]';
  assert.equal(await page.locator(regions).count(), 1, 'one live region in the box');
  const region = await page.$(regions);
  assert.equal(await region.textContent(), '');
  const said = () => region.evaluate((p) => (p.isConnected ? p.textContent : 'removed from the page'));
  await page.click(desktopBox);
  await page.fill(desktopBox, QUERY);
  await settled(page);
  assert.equal(await said(), '8 pages found, more results below');
  await page.fill(desktopBox, 'kotlin');
  await settled(page);
  assert.match(await said(), /^[1-7] pages found$/);
  await page.fill(desktopBox, 'qqzzxxqq');
  await page.waitForSelector('.search-panel[aria-busy="false"] .search-empty');
  assert.equal(await said(), 'No results');
  assert.equal(await page.locator(`${regions}`).count(), 1, 'the list holds no live region of its own');
  await page.fill(desktopBox, 'kotlin');
  await settled(page);
  const kotlin = await said();
  await page.keyboard.press('Escape');
  assert.equal(await said(), '', 'a closed list says nothing');
  // Opened again for another query, the list says nothing of the last one's answer. The box is
  // emptied first (focus reopens the list for the query still in it, which says its own count);
  // then every text the region shows is recorded (a MutationObserver's callback runs before the
  // engine's answer can render, which takes a task).
  await page.fill(desktopBox, '');
  await page.waitForSelector('.navbar-right .search-panel', { state: 'detached' });
  await region.evaluate((p) => {
    window.__said = [];
    new MutationObserver(() => window.__said.push(p.textContent)).observe(p, { childList: true, characterData: true, subtree: true });
  });
  await page.fill(desktopBox, 'qqzzxxqq');
  await page.waitForSelector('.search-panel[aria-busy="false"] .search-empty');
  await page.waitForFunction(() => window.__said.includes('No results'));
  assert.ok(!(await page.evaluate(() => window.__said)).includes(kotlin), `the reopened list said the last query's "${kotlin}"`);
  assert.deepEqual(problems, []);
  await context.close();
});
