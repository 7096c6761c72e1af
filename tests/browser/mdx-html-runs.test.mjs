// An MDX page whose Markdown runs the renderer takes as markup (pkg/mdx/serverruns.go: placeholders
// React renders, filled with the runs' markup after), on testdata/sites/mdx-html-runs: the browser
// builds the runs' elements and hydrates that markup without a mismatch, tabs before and after the
// runs included (their ids come from their places among the page's blocks), and no placeholder is
// left in the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, useSite } from './harness.mjs';

const site = useSite({ project: 'mdx-html-runs' });

test('an MDX page whose runs the renderer filled in as markup hydrates without a mismatch', async () => {
  const { page, context, problems, warnings, response } = await openPage(site.browser, `${site.base}/docs/guide/runs`);
  const html = await response.text();
  assert.ok(!html.includes('data-docsd-run'), 'a run placeholder is left in the page');
  await hydrated(page);
  const content = page.locator('[data-mdx-content]');
  assert.equal(await content.locator('h2#before-the-tabs').count(), 1);
  assert.equal(await content.locator('td[style="text-align:right"] code').textContent(), '4');
  assert.equal(await content.locator('.code-block .code-title').textContent(), 'fixture.yml');
  // Runs are children of the .markdown container, as a Markdown page's blocks are.
  assert.ok(await content.evaluate((el) => [...el.children].some((c) => c.tagName === 'OL')), 'the list is a child of .markdown');
  await page.getByRole('tab', { name: 'macOS' }).click();
  await page.waitForSelector('text=macOS text in a tab.', { state: 'visible' });
  await page.getByRole('tab', { name: 'Second' }).click();
  await page.waitForSelector('text=Second panel.', { state: 'visible' });
  assert.equal(await page.locator('text=First panel.').isVisible(), false);
  // Each tab names its panel by id, and the ids the server wrote are the ones the browser uses.
  const tabs = await page.getByRole('tab').evaluateAll((ts) => ts.map((t) => [t.id, t.getAttribute('aria-controls')]));
  const unmatched = await page.evaluate((pairs) => pairs.filter(([, panel]) => !document.getElementById(panel)), tabs);
  assert.deepEqual(unmatched, []);
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  await context.close();
});

// Runs inside a component that counts its children (Tabs, the fixture's Steps) reach it as their
// elements on the server too: the page hydrates, with as many tabs and steps as the browser makes.
test('runs inside components that look at their children hydrate with every child', async () => {
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/docs/guide/children`);
  const served = {
    steps: await page.locator('.fixture-steps > li').count(),
    tabs: await page.getByRole('tab').count(),
  };
  await hydrated(page);
  assert.deepEqual(served, { steps: 3, tabs: 3 });
  assert.equal(await page.locator('.fixture-steps > li').count(), 3);
  assert.equal(await page.getByRole('tab').count(), 3);
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  await context.close();
});
