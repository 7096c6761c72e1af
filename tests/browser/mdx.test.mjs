// MDX pages (issue #21) on a small site of them (testdata/sites/mdx): the page is server-rendered
// (tabs, partial, site component and admonitions already in the HTML), hydrates without a console
// error, its tabs switch with the mouse and the keyboard and tabs of one groupId switch together
// and are remembered; client navigation from a Markdown page loads the MDX page's chunk; under
// docsd watch an edit to an MDX page shows in place, also one that uses a theme component no page
// used before (the shell's registry of shared modules is then made again).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hydrated, openPage, root, servingAt, spawnDocsd, useSite } from './harness.mjs';

const site = useSite({ project: 'mdx' });

const panels = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.tabs-container')].map((c) => ({
      selected: c.querySelector('[role=tab][aria-selected=true]').textContent,
      visible: [...c.querySelectorAll('[role=tabpanel]')].filter((p) => !p.hidden).map((p) => p.textContent.trim()),
    })),
  );

test('an MDX page is server-rendered: tabs, partial, site component, admonitions, heading ids', async () => {
  const res = await fetch(`${site.base}/docs/guide/install`);
  assert.equal(res.status, 200);
  const html = await res.text();
  const article = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
  assert.match(article, /role="tablist"/);
  assert.match(article, /<button[^>]*role="tab"[^>]*>Linux<\/button>/);
  assert.match(article, /The shared step: run <code>fixture-setup<\/code>/, 'the partial is rendered inline');
  assert.match(article, /class="fixture-badge fixture-badge-success">2\.1</, 'the site component is rendered');
  assert.match(article, /admonition admonition-warning[^>]*><p class="admonition-title">Check the version/);
  assert.match(article, /admonition admonition-note[^>]*><p class="admonition-title">Written as Markdown/);
  assert.match(article, /admonition admonition-tip[^>]*><p class="admonition-title">Run <code>fixture-setup<\/code> <em>once<\/em><\/p>/, 'a title keeps its markup');
  assert.match(article, /<h2 id="pick-a-platform" class="anchor">Pick a platform<a class="hash-link" href="#pick-a-platform" aria-label="Link to Pick a platform">#<\/a><\/h2>/, 'Markdown headings have their anchor');
  assert.match(article, /class="code-block language-bash"><div class="code-title">install.sh/, 'code is highlighted as in Markdown pages');
  assert.doesNotMatch(article, /import |&lt;Tabs|<Tabs|<p>:::/, 'no MDX source shows as text');
});

test('an MDX page hydrates without errors and its tabs switch, by group, remembered', async () => {
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/docs/guide/install`);
  await hydrated(page);
  const before = await panels(page);
  assert.deepEqual(before.map((p) => p.selected), ['Linux', 'Linux']);
  assert.equal(before[0].visible.length, 1);
  assert.match(before[0].visible[0], /curl -fsSL/);
  assert.deepEqual(before[1].visible, ['Linux again.']);
  await page.locator('.tabs-container').first().getByRole('tab', { name: 'macOS' }).click();
  const after = await panels(page);
  assert.deepEqual(after.map((p) => p.selected), ['macOS', 'macOS'], 'tabs of the same groupId switch together');
  assert.deepEqual(after[1].visible, ['macOS again.']);
  // The keyboard: arrow right from the focused tab selects the next one.
  await page.locator('.tabs-container').nth(1).getByRole('tab', { name: 'macOS' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.deepEqual((await panels(page)).map((p) => p.selected), ['Windows', 'Windows']);
  assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os')), 'windows');
  // Remembered: a new load shows the chosen tab.
  await page.reload({ waitUntil: 'networkidle' });
  await hydrated(page);
  await page.waitForFunction(() => document.querySelector('[role=tab][aria-selected=true]').textContent === 'Windows');
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  // The page's Markdown runs reach React partly as HTML (pkg/mdx/runhtml.go: the fixture's site
  // overrides no element), which is what hydrated here without a warning.
  const chunk = await page.evaluate(async (base) => {
    const data = await (await fetch(`${base}/docs/__data/guide/install.json`)).json();
    return (await fetch(data.mdx.js)).text();
  }, site.base);
  assert.match(chunk, /dangerouslySetInnerHTML:\{__html:/);
  await context.close();
});

test('client navigation to an MDX page loads its chunk with the page data', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/intro`);
  await hydrated(page);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('.markdown a', { hasText: 'platform section' }).click();
  await page.waitForSelector('.tabs-container [role=tab]');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  assert.match(page.url(), /\/docs\/guide\/install#pick-a-platform$/);
  await page.locator('.tabs-container').first().getByRole('tab', { name: 'Windows' }).click();
  assert.deepEqual((await panels(page)).map((p) => p.selected), ['Windows', 'Windows']);
  // And back to a Markdown page, then again to the MDX page (its chunk is loaded once).
  await page.locator('.markdown a', { hasText: 'introduction' }).click();
  await page.waitForSelector('.markdown a:has-text("platform section")');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the classic theme components hydrate: Details, BrowserOnly, Link, TOCInline', async () => {
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/docs/guide/reference`);
  await hydrated(page);
  await page.waitForSelector('.browser-only');
  assert.equal(await page.locator('.browser-only').textContent(), 'Shown in the browser');
  assert.equal(await page.locator('details.details').evaluate((d) => d.open), false);
  await page.locator('details.details summary').click();
  assert.equal(await page.locator('details.details').evaluate((d) => d.open), true);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('details.details a', { hasText: 'install page' }).click();
  await page.waitForSelector('.tabs-container');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'Link navigates inside the site');
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  await context.close();
});

test('docsd watch: an MDX page edit shows in place, also one using a theme component no page used; a page built without the bundler hydrates', async () => {
  const project = mkdtempSync(join(tmpdir(), 'docsd-mdx-watch-'));
  cpSync(join(root, 'testdata/sites/mdx'), project, { recursive: true });
  symlinkSync(join(root, 'site'), join(project, 'site'));
  // A page importing only theme components, which docsd builds without the bundler.
  writeFileSync(
    join(project, 'content/docs/guide/quick.mdx'),
    "---\ntitle: Quick\n---\n\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n" +
      '<Tabs>\n  <TabItem value="a" label="First" default>First panel.</TabItem>\n  <TabItem value="b" label="Second">Second panel.</TabItem>\n</Tabs>\n',
  );
  const proc = spawnDocsd(['watch', '--root', project, '--addr', '127.0.0.1:0']);
  try {
    const base = await servingAt(proc, /serving at (http:\/\/[^\s/]+)\//);
    const { page, context, problems } = await openPage(site.browser, `${base}/docs/guide/install`, { live: true });
    await hydrated(page);
    await page.evaluate(() => (window.__sameDocument = true));
    const file = join(project, 'content/docs/guide/install.mdx');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('is the current one.', 'is the edited one.'));
    await page.waitForSelector('text=is the edited one.');
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
    assert.equal(await page.locator('.tabs-container').count(), 2, 'the components still render');
    // A component no page used: the registry is built again, and the page loads the new one.
    const withDetails = original
      .replace("import Tabs from '@theme/Tabs';", "import Tabs from '@theme/Tabs';\nimport DocCardList from '@theme/DocCardList';")
      .concat('\n<DocCardList />\n\nA paragraph after the cards.\n');
    writeFileSync(file, withDetails);
    await page.waitForSelector('text=A paragraph after the cards.');
    await page.locator('.tabs-container').first().getByRole('tab', { name: 'macOS' }).click();
    await page.waitForSelector('text=brew install fixture');
    // The page built without the bundler hydrates and its tabs switch.
    await page.goto(`${base}/docs/guide/quick`);
    await hydrated(page);
    await page.getByRole('tab', { name: 'Second' }).click();
    await page.waitForSelector('text=Second panel.', { state: 'visible' });
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    proc.kill();
    rmSync(project, { recursive: true, force: true });
  }
});
