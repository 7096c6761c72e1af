// Theme components of MDX pages (issue #21) that no other browser test exercised: <Tabs queryString>
// (the address picks the tab and a click writes the choice back into it, with and without a
// groupId), <TOCInline> (its entries are the headings, and they jump to them; given the page's toc), and screenshots of an
// MDX page with tabs on a phone and a desktop, light and dark, in test-results/screenshots/.
// The fixture is testdata/sites/mdx with one page added, built in a temporary project.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { hydrated, openPage, shots, useSite } from './harness.mjs';


// Tabs that keep their choice in the address: one keyed by its groupId (queryString alone), one by
// its own key ("pm"), and one of neither, which must leave the address alone.
const querying = `---
title: Query tabs
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import TOCInline from '@theme/TOCInline';

<TOCInline />

## Operating system

<Tabs groupId="os" queryString>
  <TabItem value="linux" label="Linux" default>Linux panel.</TabItem>
  <TabItem value="mac" label="macOS">macOS panel.</TabItem>
  <TabItem value="windows" label="Windows">Windows panel.</TabItem>
</Tabs>

## Package manager

<Tabs queryString="pm">
  <TabItem value="npm" label="npm" default>npm panel.</TabItem>
  <TabItem value="yarn" label="Yarn">Yarn panel.</TabItem>
</Tabs>

### Plain tabs

<Tabs>
  <TabItem value="one" label="One" default>One panel.</TabItem>
  <TabItem value="two" label="Two">Two panel.</TabItem>
</Tabs>
`;

// The page's own toc (Docusaurus's exported \`toc\`, jest's docs' pattern), sliced: entries in HTML.
const withToc = `---
title: Own toc
---

import TOCInline from '@theme/TOCInline';

<TOCInline toc={toc.slice(1)} />

## Skipped first

## Fish & chips

### Vinegar

## Last one
`;

// Code known only when the page renders (<CodeBlock>{config}</CodeBlock>, not a written-out {`…`},
// which the compiler hands to docsd's highlighter), beside a fence; and a <Heading> with markup.
const jsxCode = `---
title: JSX code
---

import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';

export const config = ['workers: 4', 'cache: ~/.cache/fixture', 'name: "jsx"'].join('\\n');

<Heading as="h2" id="by-hand">Made <code>by</code> hand</Heading>

<CodeBlock language="yaml" title="config.yml">{config}</CodeBlock>

\`\`\`yaml
fenced: true
\`\`\`
`;

const site = useSite({
  project: 'mdx',
  files: {
    'content/docs/guide/query.mdx': querying,
    'content/docs/guide/own-toc.mdx': withToc,
    'content/docs/guide/jsx-code.mdx': jsxCode,
  },
});

const selected = (page) =>
  page.evaluate(() => [...document.querySelectorAll('.tabs-container')].map((c) => c.querySelector('[role=tab][aria-selected=true]').textContent));

test('Tabs queryString: the address chooses the tab, and a click writes the choice into the address', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/query?os=windows&pm=yarn`);
  await hydrated(page);
  // The server rendered the defaults; after hydration the address wins.
  await page.waitForFunction(() => document.querySelector('.tabs-container [aria-selected=true]').textContent === 'Windows');
  assert.deepEqual(await selected(page), ['Windows', 'Yarn', 'One']);
  assert.equal(await page.locator('text=Windows panel.').isVisible(), true);
  // A click keeps the other keys and the plain tabs out of the address.
  await page.locator('.tabs-container').first().getByRole('tab', { name: 'macOS' }).click();
  await page.locator('.tabs-container').nth(2).getByRole('tab', { name: 'Two' }).click();
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('os'), 'mac');
  assert.equal(url.searchParams.get('pm'), 'yarn');
  assert.deepEqual([...url.searchParams.keys()].sort(), ['os', 'pm']);
  await page.locator('.tabs-container').nth(1).getByRole('tab', { name: 'npm' }).click();
  assert.equal(new URL(page.url()).searchParams.get('pm'), 'npm');
  // The choice survives a reload through the address.
  await page.reload({ waitUntil: 'networkidle' });
  await hydrated(page);
  await page.waitForFunction(() => document.querySelector('.tabs-container [aria-selected=true]').textContent === 'macOS');
  assert.deepEqual((await selected(page)).slice(0, 2), ['macOS', 'npm']);
  // A value the tabs do not have is ignored: the default (or the remembered group choice) stays.
  const { page: other, context: second } = await openPage(site.browser, `${site.base}/docs/guide/query?pm=pnpm`);
  await hydrated(other);
  assert.equal((await selected(other))[1], 'npm');
  await second.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('TOCInline lists the page headings as links that reach them', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/query`);
  await hydrated(page);
  const entries = await page.locator('nav.toc-inline a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  assert.deepEqual(entries, [
    ['Operating system', '#operating-system'],
    ['Package manager', '#package-manager'],
    ['Plain tabs', '#plain-tabs'],
  ]);
  await page.locator('nav.toc-inline a', { hasText: 'Plain tabs' }).click();
  await page.waitForURL(/#plain-tabs$/);
  assert.equal(await page.locator('#plain-tabs').count(), 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test("TOCInline given the page's toc.slice(1) lists the rest, hydrated as rendered", async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/own-toc`);
  await hydrated(page);
  const entries = await page.locator('nav.toc-inline a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  assert.deepEqual(entries, [
    ['Fish & chips', '#fish--chips'],
    ['Vinegar', '#vinegar'],
    ['Last one', '#last-one'],
  ]);
  await page.locator('nav.toc-inline a', { hasText: 'Last one' }).click();
  await page.waitForURL(/#last-one$/);
  assert.deepEqual(problems, []); // no hydration mismatch, no error
  await context.close();
});

test('screenshots of an MDX page with tabs: phone and desktop, light and dark', async () => {
  mkdirSync(shots, { recursive: true });
  for (const [name, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1400, 900],
  ]) {
    for (const colorScheme of ['light', 'dark']) {
      // The fixture does not follow the system's preference: the stored choice sets the mode.
      const init = `localStorage.setItem('theme', '${colorScheme}')`;
      const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/install`, { width, height, colorScheme, init });
      await hydrated(page);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), colorScheme);
      await page.locator('.tabs-container').first().getByRole('tab', { name: 'macOS' }).click();
      // No horizontal scrolling on a phone: the tab list fits or scrolls by itself.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${name} ${colorScheme}: the page scrolls sideways by ${overflow}px`);
      await page.locator('.tabs-container').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `mdx-tabs-${name}-${colorScheme}.png`) });
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});

// Issue #21: the first load of a Markdown page does not carry the MDX pages' code. The theme
// components come with an MDX page (its chunk and the shell's registry of shared modules), never
// with a Markdown page; Tabs' storage key marks its code in whatever file holds it.
test('a Markdown page loads none of the MDX components; an MDX page loads them with its chunk', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/intro`);
  await hydrated(page);
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.endsWith('.js')));
  assert.ok(loaded.length > 0, 'the page loaded no script');
  for (const url of loaded) {
    const body = await (await fetch(url)).text();
    assert.doesNotMatch(body, /docusaurus\.tab\./, `the Markdown page's first load carries Tabs: ${url}`);
    assert.doesNotMatch(url, /\/mdx-[^/]*\.js$/, `the Markdown page loads an MDX chunk: ${url}`);
  }
  await page.locator('.markdown a', { hasText: 'platform section' }).click();
  await page.waitForSelector('.tabs-container [role=tab]');
  const now = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.endsWith('.js')));
  const added = now.filter((u) => !loaded.includes(u));
  assert.ok(added.some((u) => /\/mdx-[^/]*\.js$/.test(u)), `the MDX page's chunk was not loaded: ${added.join(' ')}`);
  let tabs = false;
  for (const url of added) tabs ||= /docusaurus\.tab\./.test(await (await fetch(url)).text());
  assert.ok(tabs, 'Tabs came with none of the scripts the MDX page added');
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue #21: "the SPEC preload, spinner and Retry rules apply" to an MDX page's chunk. A chunk that
// fails while the link's preload fetches it makes the browser load the page itself; a chunk that
// fails while the page loads in place (back/forward) shows the red box, and Retry brings the page.
const mdxChunk = '**/docs/assets/mdx-*.js';

test('an MDX chunk that fails to preload: the browser loads the page itself', async () => {
  const { page, context } = await openPage(site.browser, `${site.base}/docs/guide/intro`);
  await hydrated(page);
  await page.evaluate(() => (window.__sameDocument = true));
  let failed = 0;
  await page.route(mdxChunk, (route) => (failed++ === 0 ? route.abort() : route.continue()));
  await page.locator('.markdown a', { hasText: 'platform section' }).click();
  await page.waitForURL(/\/docs\/guide\/install#pick-a-platform$/);
  await hydrated(page);
  await page.waitForSelector('.tabs-container [role=tab]');
  assert.ok(failed >= 1, 'the chunk was never asked for');
  assert.equal(await page.evaluate(() => window.__sameDocument), undefined, 'the browser loaded the page itself');
  await page.locator('.tabs-container').first().getByRole('tab', { name: 'Windows' }).click();
  await page.waitForSelector('text=Download the installer.', { state: 'visible' });
  await context.close();
});

test('an MDX chunk that fails while the page loads in place: the red box, and Retry brings the page', async () => {
  const { page, context } = await openPage(site.browser, `${site.base}/docs/guide/intro`);
  await hydrated(page);
  await page.route(mdxChunk, (route) => route.abort());
  // As back/forward does: the route changes first, the page then loads in App.
  await page.evaluate(() => {
    history.pushState({}, '', '/docs/guide/install');
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  });
  const box = page.locator('.load-error');
  await box.waitFor();
  assert.equal(await box.getAttribute('role'), 'alert');
  await page.unroute(mdxChunk);
  await page.click('.load-error button >> text=Retry');
  await page.waitForSelector('.tabs-container [role=tab]');
  assert.equal(await box.count(), 0);
  await context.close();
});

test('a <CodeBlock> of code known when the page renders has the Copy button of fenced blocks, and it copies the code', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/jsx-code`, { width: 390, height: 844 });
  await hydrated(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
  const blocks = page.locator('.code-block');
  assert.equal(await blocks.count(), 2, 'the <CodeBlock> and the fence');
  const want = ['workers: 4\ncache: ~/.cache/fixture\nname: "jsx"\n', 'fenced: true\n'];
  for (let i = 0; i < want.length; i++) {
    const button = blocks.nth(i).locator('.copy-button');
    assert.equal(await button.getAttribute('aria-label'), 'Copy code to clipboard', `block ${i + 1}`);
    await page.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
    await button.click();
    await page.waitForFunction(async () => (await navigator.clipboard.readText()) !== '(nothing copied)');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), want[i], `block ${i + 1}`);
    assert.equal(await button.textContent(), 'Copied', `block ${i + 1} says so`);
  }
  // The same frame: lines as the highlighter's, the first clear of the button.
  const first = await blocks.first().evaluate((b) => {
    const line = b.querySelector('.line');
    const button = b.querySelector('.copy-button').getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(line);
    return { lines: b.querySelectorAll('.line').length, textRight: range.getBoundingClientRect().right, buttonLeft: button.left };
  });
  assert.equal(first.lines, 3);
  assert.ok(first.textRight <= first.buttonLeft, `the first line runs under the button: ${JSON.stringify(first)}`);
  await page.screenshot({ path: join(shots, 'mdx-jsx-codeblock-phone.png') });
  assert.deepEqual(problems, []); // hydrated as rendered
  await context.close();
});

// An MDX page's <Heading> names its "#" link after itself, as Markdown headings do
// (reader-leftovers21.test.mjs), markup left out.
test('a <Heading> anchor is labelled with its heading', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/jsx-code`);
  await hydrated(page);
  const labels = await page.locator('.hash-link').evaluateAll((as) => as.map((a) => a.getAttribute('aria-label')));
  assert.deepEqual(labels, ['Link to Made by hand']);
  assert.deepEqual(problems, []);
  await context.close();
});
