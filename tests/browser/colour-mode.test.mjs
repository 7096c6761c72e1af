// Colour mode when the system preference is not respected (SPEC §4): a small site built with
// respect_prefers_color_scheme = false (testdata/sites/light-dark). The toggle flips between light
// and dark, a dark system changes nothing, and no page ever shows the wrong theme, not even for one
// frame. The Vela site itself respects the system preference (behaviours.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { frames, hydrated, useSite } from './harness.mjs';

const site = useSite({ project: 'light-dark' });

const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(18, 22, 28)';

// recordThemes runs before any script of the page: it records every value <html data-theme> takes
// from the head script on, that is every theme the page could have painted.
function recordThemes() {
  window.__themes = [];
  new MutationObserver((records) => {
    for (const r of records) if (r.target === document.documentElement) window.__themes.push(r.target.getAttribute('data-theme'));
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-theme'] });
}

async function openIn(colorScheme, { stored, blockScripts = false } = {}) {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 }, colorScheme });
  if (stored) await context.addInitScript((value) => localStorage.setItem('theme', value), stored);
  await context.addInitScript(recordThemes);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  if (blockScripts) await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`${site.base}/docs/guide/intro`, { waitUntil: blockScripts ? 'load' : 'networkidle' });
  if (!blockScripts) await hydrated(page);
  return { page, context, problems };
}

const state = (page) =>
  page.evaluate(() => {
    const toggle = document.querySelector('.navbar-right .color-mode-toggle');
    const icon = toggle && [...toggle.querySelectorAll('svg')].find((svg) => getComputedStyle(svg).display !== 'none');
    return {
      theme: document.documentElement.dataset.theme,
      choice: document.documentElement.dataset.themeChoice,
      stored: localStorage.getItem('theme'),
      background: getComputedStyle(document.body).backgroundColor,
      icon: icon ? icon.getAttribute('class') : null,
      themes: window.__themes,
    };
  });

test('a dark system still gets the light mode, from the first paint on, and the toggle flips light and dark only', async () => {
  const { page, context, problems } = await openIn('dark');
  assert.equal(await page.getAttribute('html', 'data-respect-system'), null, 'the build says the system preference is not respected');
  const first = await state(page);
  assert.deepEqual(first.themes.length > 0 && [...new Set(first.themes)], ['light'], `themes painted: ${first.themes}`);
  assert.equal(first.choice, 'light');
  assert.equal(first.background, LIGHT_BG);
  assert.equal(first.icon, 'icon-light');
  const toggle = page.locator('.navbar-right .color-mode-toggle');
  assert.equal(await toggle.getAttribute('data-choice'), 'light');
  const seen = [];
  for (let i = 0; i < 4; i++) {
    await toggle.click();
    const s = await state(page);
    seen.push([s.theme, s.choice, s.stored, await toggle.getAttribute('data-choice'), s.icon]);
    assert.doesNotMatch(await toggle.getAttribute('aria-label'), /system/);
    assert.equal(s.background, s.theme === 'dark' ? DARK_BG : LIGHT_BG);
  }
  assert.deepEqual(seen, [
    ['dark', 'dark', 'dark', 'dark', 'icon-dark'],
    ['light', 'light', 'light', 'light', 'icon-light'],
    ['dark', 'dark', 'dark', 'dark', 'icon-dark'],
    ['light', 'light', 'light', 'light', 'icon-light'],
  ]);
  // The system switching between light and dark changes nothing either.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => matchMedia('(prefers-color-scheme: dark)').matches);
  await frames(page, 5); // the page has had the change and frames to act on it
  assert.equal((await state(page)).theme, 'light');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the stored choice, else light, is the theme of the first paint whatever the system prefers, with or without the shell', async () => {
  for (const [stored, system] of [
    ['dark', 'light'],
    ['light', 'dark'],
    [null, 'dark'],
  ]) {
    const expected = stored || 'light';
    // Before any script of the shell: the head script alone.
    let { page, context } = await openIn(system, { stored, blockScripts: true });
    let s = await state(page);
    assert.deepEqual([...new Set(s.themes)], [expected], `${stored} on a ${system} system, before the shell: ${s.themes}`);
    assert.equal(s.background, expected === 'dark' ? DARK_BG : LIGHT_BG);
    assert.equal(s.icon, `icon-${expected}`, 'the toggle shows the choice before hydration');
    // Without a stored choice the server already renders the toggle in its default state, light.
    if (!stored) assert.match(await page.getAttribute('.navbar-right .color-mode-toggle', 'aria-label'), /currently light mode/);
    await context.close();
    // With the shell: hydration keeps it, never showing the other theme in between.
    ({ page, context } = await openIn(system, { stored }));
    await frames(page, 5); // hydrated (openIn), and the effects after it have had frames to run
    s = await state(page);
    assert.deepEqual([...new Set(s.themes)], [expected], `${stored} on a ${system} system, after hydration: ${s.themes}`);
    assert.equal(await page.getAttribute('.navbar-right .color-mode-toggle', 'data-choice'), expected);
    await context.close();
  }
});

test('another tab clearing the choice brings back light, not the system’s dark', async () => {
  const { page, context } = await openIn('dark');
  const toggle = page.locator('.navbar-right .color-mode-toggle');
  await toggle.click();
  assert.equal((await state(page)).theme, 'dark');
  const other = await context.newPage();
  await other.goto(`${site.base}/docs/guide/more`, { waitUntil: 'networkidle' });
  await other.evaluate(() => localStorage.removeItem('theme'));
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  const s = await state(page);
  assert.equal(s.choice, 'light');
  assert.equal(await toggle.getAttribute('data-choice'), 'light');
  await frames(page, 5);
  assert.equal((await state(page)).theme, 'light', 'and it stays light on the dark system');
  await context.close();
});
