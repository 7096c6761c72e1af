// A site that ejected the classic theme's MDXComponents (testdata/sites/mdx-ejected): its map
// imports the theme's per-element components (@theme/MDXComponents/A, Code, Heading, Img, ...),
// @theme/Mermaid and @docusaurus/Head, which docsd provides; its page also uses @theme/ThemedImage,
// @docusaurus/ExecutionEnvironment and useActiveVersion, as react-native-website's do. The page is
// server-rendered through them, its <Head> (between two blocks, its title in pieces) is in the
// document's head in place of docsd's title and description, and the page hydrates with no
// warning; client navigation reaches it, and its title goes when the reader moves on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, useSite } from './harness.mjs';

const site = useSite({ project: 'mdx-ejected' });

test('a page drawn through an ejected MDXComponents map is server-rendered with its Head in the head, and hydrates', async () => {
  const html = await (await fetch(`${site.base}/docs/guide/elements`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  assert.match(head, /<title>Ejected elements<\/title>/);
  assert.equal(head.match(/<title>/g).length, 1);
  assert.match(head, /<meta name="keywords" content="ejected, fixture"\/>/);
  // The page's description takes the place of docsd's.
  assert.deepEqual(head.match(/<meta name="description"[^>]*>/g), ['<meta name="description" content="The elements of a page, drawn through an ejected map."/>']);
  const body = html.slice(html.indexOf('<body'));
  assert.doesNotMatch(body, /<meta name="keywords"|<title>/);
  assert.match(body, /<div class="table-wrapper"><table>/);
  assert.match(body, /<img loading="lazy" src="\/docs\/img\/favicon.svg"/);
  assert.match(body, /<h2 id="steps" class="anchor">Steps<a class="hash-link" href="#steps"/);
  assert.match(body, /<a href="\/docs\/guide\/intro"[^>]*>introduction<\/a>/);
  assert.match(body, /<div class="code-block language-mermaid">/);
  assert.match(body, /These pages are for version <!-- -->1\.0<!-- -->, the latest \(<!-- -->current<!-- -->\) of <!-- -->1<!-- -->\./);
  assert.match(body, /<img src="\/docs\/img\/favicon.svg" alt="The fixture&#x27;s icon" class="themed-image themed-image-light" style="display:block"\/><img src="\/docs\/img\/dark.svg"/);
  // A site's component renders code through the theme's Pre and Code.
  assert.match(body, /<div class="code-block language-sh">/);
  assert.match(body, /<span class="line">first line\n<\/span><span class="line">second line\n<\/span>/);
  assert.match(body, /<code>inline<\/code>/);
  const { page, context, problems, warnings } = await openPage(site.browser, `${site.base}/docs/guide/elements`);
  await hydrated(page);
  assert.equal(await page.title(), 'Ejected elements');
  assert.equal(await page.locator('head meta[name=keywords]').count(), 1);
  // The image for the colour mode shows, the other not; and the module that read where it runs
  // read the browser.
  // (The first ThemedImage has a display of its own inline; the second one source only.)
  const shown = () => page.evaluate(() => [...document.querySelectorAll('.themed-image')].filter((i) => getComputedStyle(i).display !== 'none').map((i) => i.getAttribute('src')));
  assert.deepEqual(await shown(), ['/docs/img/favicon.svg', '/docs/img/favicon.svg']);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  assert.deepEqual(await shown(), ['/docs/img/dark.svg', '/docs/img/favicon.svg']);
  await page.waitForFunction(() => window.__fixturePlatform);
  assert.equal(await page.evaluate(() => window.__fixturePlatform.canUseDOM), true);
  assert.notEqual(await page.evaluate(() => window.__fixturePlatform.platform), 'server');
  await page.locator('.markdown details summary').click();
  assert.equal(await page.locator('.markdown details').getAttribute('open'), '');
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings.filter((w) => /hydrat|did not match/i.test(w)), []);
  // Moving on to a Markdown page takes the page's own head elements away.
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('.markdown a', { hasText: 'introduction' }).click();
  await page.waitForFunction(() => location.pathname.endsWith('/guide/intro'));
  await page.waitForFunction(() => document.title.startsWith('Introduction'));
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  assert.equal(await page.locator('head meta[name=keywords]').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('client navigation from a Markdown page to the page drawn through the ejected map', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/intro`);
  await hydrated(page);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('.markdown a', { hasText: 'elements page' }).click();
  await page.waitForSelector('.table-wrapper table');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  await page.waitForFunction(() => document.title === 'Ejected elements');
  assert.equal(await page.locator('head meta[name=keywords]').count(), 1);
  assert.equal(await page.locator('.markdown img[loading=lazy]').count(), 1);
  assert.deepEqual(problems, []);
  await context.close();
});
