// @docusaurus/theme-common's useColorMode in a page's component (a playground or a swatch drawn for
// the page's mode): the server says light, the browser the page's mode once hydrated; the
// hook follows the navbar's toggle, and the component's setColorMode changes the page's mode and
// the toggle's choice with it. The fixture is testdata/sites/mdx with one page added.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, useSite } from './harness.mjs';

const swatch = `import {useColorMode} from '@docusaurus/theme-common';

export default function Swatch() {
  const {colorMode, colorModeChoice, setColorMode} = useColorMode();
  return (
    <p id="swatch" data-mode={colorMode} data-choice={String(colorModeChoice)}>
      <button type="button" onClick={() => setColorMode(colorMode === 'dark' ? 'light' : 'dark')}>switch</button>
    </p>
  );
}
`;

const site = useSite({
  project: 'mdx',
  files: {
    'src/components/Swatch.jsx': swatch,
    'content/docs/guide/swatch.mdx': "---\ntitle: Swatch\n---\n\nimport Swatch from '@site/src/components/Swatch';\n\n<Swatch />\n",
  },
});

const mode = (page) => page.evaluate(() => {
  const s = document.getElementById('swatch');
  return [s.dataset.mode, s.dataset.choice, document.documentElement.getAttribute('data-theme')];
});

test('useColorMode follows the toggle, and setColorMode is the toggle\'s choice too', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/swatch`, { width: 400, height: 800 });
  await hydrated(page);
  // The fixture does not follow the system: light, and the hook says so after hydration, with no
  // choice made (null, as Docusaurus's colorModeChoice). (Its navbar has the toggle among the
  // phone's tools.)
  assert.deepEqual(await mode(page), ['light', 'null', 'light']);
  const toggle = page.locator('.color-mode-toggle:visible').first();
  await toggle.click(); // light -> dark
  await page.waitForFunction(() => document.getElementById('swatch').dataset.mode === 'dark', null, { timeout: 10000 });
  assert.deepEqual(await mode(page), ['dark', 'dark', 'dark']);
  // The component's own switch: the page turns light, the choice is stored and the toggle shows it.
  await page.locator('#swatch button').click();
  await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light', null, { timeout: 10000 });
  await page.waitForFunction(() => document.getElementById('swatch').dataset.mode === 'light', null, { timeout: 10000 });
  assert.deepEqual(await mode(page), ['light', 'light', 'light']);
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'light');
  await page.waitForFunction(() => [...document.querySelectorAll('.color-mode-toggle')].every((b) => b.dataset.choice === 'light'), null, { timeout: 10000 });
  await toggle.click(); // light -> dark again, from the choice the component made
  await page.waitForFunction(() => document.getElementById('swatch').dataset.mode === 'dark', null, { timeout: 10000 });
  assert.deepEqual(problems, []);
  await context.close();
});
