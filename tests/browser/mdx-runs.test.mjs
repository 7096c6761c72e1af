// An MDX page whose Markdown runs docsd renders instead of the MDX compiler (pkg/mdx/runs.go), on
// testdata/sites/mdx-runs: the runs (at the page's top level and inside tab panels: headings, lists,
// a task list, a quote, a table, code blocks) are server-rendered with the site's MDXComponents
// overrides, the page hydrates without a mismatch, and the tabs around runs switch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, useSite } from './harness.mjs';

const site = useSite({ project: 'mdx-runs' });

test('an MDX page with Markdown runs hydrates without a mismatch, its overrides and tabs working', async () => {
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/docs/guide/mixed`);
  await hydrated(page);
  const content = page.locator('[data-mdx-content]');
  assert.equal(await content.locator('h2.site-h2#custom-id').textContent(), "A run's heading");
  assert.equal(await content.locator('h2.site-h2#a-heading-inside-a-jsx-element').count(), 1);
  assert.equal(await content.locator('code.site-code', { hasText: 'code' }).first().textContent(), 'code');
  assert.equal(await content.locator('ul.contains-task-list input[type=checkbox][checked]').count(), 1);
  assert.deepEqual(await content.locator('th').evaluateAll((ths) => ths.map((th) => [th.textContent, th.style.textAlign])), [
    ['Left', 'left'],
    ['Centre', 'center'],
    ['Right', 'right'],
  ]);
  assert.equal(await content.locator('.code-block.language-js .code-title').textContent(), 'x.js');
  // Runs are children of the .markdown container as a Markdown page's blocks are: no wrapper.
  assert.ok(await content.evaluate((el) => [...el.children].some((c) => c.tagName === 'OL')), 'the list is a child of .markdown');
  // The tab panels hold runs; switching shows the other one.
  await page.getByRole('tab', { name: 'B' }).click();
  await page.waitForSelector('text=A paragraph in the second tab.', { state: 'visible' });
  assert.equal(await page.locator('text=A paragraph in the first tab.').isVisible(), false);
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  await context.close();
});

// testdata/sites/mdx-runs's edge.mdx: runs beside what stays with the compiler (a heading repeated
// in a JSX element and a tab, one with an image, a setext heading over two lines, a table with a
// list right under it, two blocks that are a JSX element's only child): it hydrates without a
// mismatch, and every link of the TOC finds its heading.
test('an MDX page of edge cases hydrates, and its TOC links find their headings', async () => {
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/docs/guide/edge`);
  await hydrated(page);
  const toc = await page.locator('nav.toc a').evaluateAll((as) => as.map((a) => decodeURIComponent(a.hash.slice(1))));
  assert.ok(toc.length >= 5, `the TOC links ${toc}`);
  const missing = await page.evaluate((ids) => ids.filter((id) => !document.getElementById(id)), toc);
  assert.deepEqual(missing, []);
  const content = page.locator('[data-mdx-content]');
  assert.equal(await content.locator('.box > ul > li').textContent(), 'so they go in a fragment');
  assert.equal(await content.locator('table td').first().textContent(), '1');
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  await context.close();
});
