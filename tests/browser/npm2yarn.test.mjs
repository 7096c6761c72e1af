// Code blocks marked npm2yarn ([markdown] npm2yarn, pkg/markdown/npmtabs.go): tabs of npm's, Yarn's
// and pnpm's commands, chosen with radio buttons and CSS, no script. Each block chooses on its own,
// by mouse and by keyboard, in a Markdown page and in an MDX page, in both themes on a phone, and
// axe finds nothing wrong with them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frames, hydrated, openPage, root, shots, useSite } from './harness.mjs';

const toml = readFileSync(join(root, 'testdata', 'sites', 'mdx', 'docsd.toml'), 'utf8');
const site = useSite({
  project: 'mdx',
  files: {
    'docsd.toml': `${toml}\n[markdown]\nnpm2yarn = ["yarn", "pnpm"]\n`,
    'content/docs/guide/setup.md':
      '---\ntitle: Setup\n---\n\nInstall it:\n\n```bash npm2yarn\nnpm install --save-dev made-up\n```\n\nThen build:\n\n```bash npm2yarn\nnpm run build\n```\n',
    'content/docs/guide/more.mdx':
      "---\ntitle: More\n---\n\nimport Badge from '@site/src/components/Badge';\n\n<Badge>Read this</Badge>\n\n```sh npm2yarn\nnpm install -g made-up\n```\n",
  },
});

// shown is the text of each block's visible panel.
const shown = (page) => page.locator('form.code-tabs').evaluateAll((forms) => forms.map((f) => [...f.querySelectorAll('.tab-panel')].filter((p) => p.offsetParent !== null).map((p) => p.querySelector('code').textContent.trim())));

test('a block marked npm2yarn shows npm first, and each block chooses its own tab', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/setup`);
  await hydrated(page);
  assert.deepEqual(await shown(page), [['npm install --save-dev made-up'], ['npm run build']]);
  const first = page.locator('form.code-tabs').first();
  await first.getByText('Yarn', { exact: true }).click();
  assert.deepEqual(await shown(page), [['yarn add --dev made-up'], ['npm run build']]);
  // The keyboard: a radio group, whose arrow keys choose the next one.
  await page.locator('form.code-tabs').nth(1).locator('input[value="npm"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await shown(page), [['yarn add --dev made-up'], ['pnpm run build']]);
  assert.equal(await page.evaluate(() => document.activeElement.value), 'pnpm');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an MDX page has the same tabs, reached by client navigation too', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/setup`);
  await hydrated(page);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('.sidebar-nav a', { hasText: 'More' }).click();
  await page.waitForURL(/\/guide\/more$/);
  await page.locator('.fixture-badge').waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the navigation reloaded the page');
  assert.deepEqual(await shown(page), [['npm install -g made-up']]);
  await page.locator('form.code-tabs').getByText('pnpm', { exact: true }).click();
  assert.deepEqual(await shown(page), [['pnpm add -g made-up']]);
  assert.deepEqual(problems, []);
  await context.close();
});

const axePath = join(root, 'node_modules', 'axe-core', 'axe.min.js');

for (const scheme of ['light', 'dark']) {
  test(`the tabs on a phone in the ${scheme} theme: axe finds nothing, and a tab is a finger's size`, async () => {
    const init = `localStorage.setItem('theme', ${JSON.stringify(scheme)})`;
    const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/setup`, { width: 390, height: 844, colorScheme: scheme, init });
    await hydrated(page);
    await page.locator('form.code-tabs').first().getByText('Yarn', { exact: true }).click();
    await frames(page, 2);
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(() =>
      window.axe
        .run(document.querySelector('.markdown'), { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] })
        .then((r) => r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)),
    );
    assert.deepEqual(violations, []);
    const box = await page.locator('form.code-tabs .tab').first().boundingBox();
    assert.ok(box.height >= 24 && box.width >= 24, `a tab is ${box.width}×${box.height}`);
    await page.locator('form.code-tabs').first().screenshot({ path: join(shots, `npm2yarn-phone-${scheme}.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  });
}
