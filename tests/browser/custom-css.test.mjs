// A site's own stylesheets (docsd.toml's custom_css, a Docusaurus site's theme.customCss;
// testdata/sites/custom-css): the classes its component uses, defined only in custom.css and in
// Sass (extra.scss), style it; Infima's brand colours the site sets (a green, light and dark) are
// docsd's brand: links, the active sidebar item and the primary button take them. Screenshots of
// the features page, light and dark, desktop and phone, go to test-results/screenshots. Under
// docsd watch an edit of custom.css, or of a Sass partial extra.scss @uses, restyles the open page
// without a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { hydrated, openPage, root, servingAt, shots, spawnDocsd, tempDir, useSite } from './harness.mjs';

const site = useSite({ project: 'custom-css' });

// Infima's shades custom.css sets, as the browser gives them.
const light = { primary: 'rgb(46, 133, 85)', darker: 'rgb(39, 113, 72)' };
const dark = { primary: 'rgb(37, 194, 160)', button: 'rgb(22, 116, 95)' }; // the darkest shade, 85% (infima.css)

// asRGB writes a colour color-mix() made (which Chromium gives as color(srgb r g b)) as rgb().
const asRGB = (c) => {
  const m = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)\)$/.exec(c);
  return m ? `rgb(${m.slice(1).map((v) => Math.round(v * 255)).join(', ')})` : c;
};

const styles = async (page) =>
  Object.fromEntries(Object.entries(await computed(page)).map(([k, v]) => [k, asRGB(v)]));

const computed = (page) =>
  page.evaluate(() => {
    const css = (sel) => getComputedStyle(document.querySelector(sel));
    return {
      groupDisplay: css('.button-group').display,
      groupGap: css('.button-group').columnGap,
      heroBorder: css('.hero__features').borderTopColor,
      heroPadding: css('.hero__features').paddingTop,
      cardPadding: css('.feature-card').paddingLeft,
      cardBorder: css('.feature-card').borderTopColor,
      cardStrong: css('.feature-card strong').color,
      button: css('.button-group .button-primary').backgroundColor,
      activeItem: css('.menu-link.active').color,
    };
  });

for (const [mode, want] of [
  ['light', { heroBorder: light.primary, button: light.darker, activeItem: light.darker }],
  ['dark', { heroBorder: dark.primary, button: dark.button, activeItem: dark.primary }],
]) {
  test(`custom.css and Sass style the component, and the brand colour is the site's (${mode})`, async () => {
    for (const [device, width, height] of [['desktop', 1400, 900], ['phone', 390, 844]]) {
      const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/features`, { width, height, colorScheme: mode });
      await hydrated(page);
      assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), mode);
      const got = await styles(page);
      if (device === 'phone') delete got.activeItem; // the sidebar is a drawer, closed
      const expected = { groupDisplay: 'flex', groupGap: '13px', heroPadding: '11px', cardPadding: '9px', cardBorder: 'rgb(12, 34, 56)', cardStrong: 'rgb(12, 34, 56)', ...want };
      if (device === 'phone') delete expected.activeItem;
      assert.deepEqual(got, expected, `${device}`);
      await page.screenshot({ path: join(shots, `custom-css-${mode}-${device}.png`), fullPage: true });
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
}

test('a Markdown page: links take the brand colour, docsd\'s other colours stay', async () => {
  for (const [mode, link] of [['light', light.darker], ['dark', dark.primary]]) {
    const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/intro`, { colorScheme: mode });
    await hydrated(page);
    const got = await page.evaluate(() => ({
      link: getComputedStyle(document.querySelector('.markdown a')).color,
      tip: getComputedStyle(document.documentElement).getPropertyValue('--tip').trim(),
    }));
    assert.deepEqual(got, { link, tip: mode === 'light' ? '#146c2e' : '#7fd99a' }, mode);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

// save writes a file whole through a rename, as editors do.
function save(file, text) {
  const tmp = join(dirname(file), `.${basename(file)}.saving`);
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

function edit(file, from, to) {
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `${file} does not contain ${from}`);
  save(file, text.replace(from, to));
}

test('docsd watch: an edit of custom.css or of a Sass partial restyles the open page without a reload', async () => {
  const project = tempDir('docsd-custom-css-');
  cpSync(join(root, 'testdata', 'sites', 'custom-css'), project, { recursive: true });
  symlinkSync(join(root, 'site'), join(project, 'site'));
  const proc = spawnDocsd(['watch', '--root', project, '--addr', '127.0.0.1:0']);
  const base = await servingAt(proc, /serving at (http:\/\/[^\s/]+)\//);
  const { page, context, problems } = await openPage(site.browser, `${base}/docs/guide/features`, { live: true });
  await hydrated(page);
  await page.evaluate(() => (window.__sameDocument = true));
  assert.equal((await styles(page)).groupGap, '13px');

  edit(join(project, 'src/css/custom.css'), 'gap: 13px;', 'gap: 21px;');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.button-group')).columnGap === '21px');
  edit(join(project, 'src/css/custom.css'), '--ifm-color-primary-darker: #277148;', '--ifm-color-primary-darker: #6a1b9a;');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.menu-link.active')).color === 'rgb(106, 27, 154)');
  edit(join(project, 'src/css/_tokens.scss'), '$pad: 9px;', '$pad: 5px;');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.feature-card')).paddingLeft === '5px');

  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  assert.deepEqual(problems, []);
  await context.close();
  proc.kill();
});
