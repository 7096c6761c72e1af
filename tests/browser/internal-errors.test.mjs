// The internal errors of SPEC §8 in the browser: faults of the site itself (its code or its data),
// injected with page.route(): a page module without a default export, a navbar item that fails to
// render, a missing sidebar id, a docs lookup with the docs plugin disabled or matching no path. Each
// is a crash naming what is wrong, never a designed message, a load failure with Retry or a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, useSite } from './harness.mjs';

const site = useSite();

// withSiteData serves the HTML of `path` with its embedded site and page data changed by `change`,
// as if docsd had built the site from that data.
async function withSiteData(page, path, change) {
  await page.route(`${site.base}${path}`, async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(/(<script id="__docsd_data" type="application\/json">)([\s\S]*?)(<\/script>)/, (_, open, json, close) => {
      const data = JSON.parse(json);
      change(data);
      return open + JSON.stringify(data).replace(/</g, '\\u003c') + close;
    });
    await route.fulfill({ response: res, body: html });
  });
}

// openWithSiteData opens `path` with changed data and waits for the shell to have rendered.
async function openWithSiteData(path, change) {
  const context = await site.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await withSiteData(page, path, change);
  await page.goto(site.base + path, { waitUntil: 'networkidle' });
  return { page, context, problems };
}

async function crash(page) {
  await page.waitForSelector('h1 >> text=This page crashed.');
  return page.locator('.error-chain li').allTextContents();
}

test('page module without a default export: an internal error, and nothing of the page renders', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`);
  await hydrated(page);
  // The blog's layouts come in a chunk of their own: serve it without its default export.
  await page.route('**/assets/chunk-*.js', async (route) => {
    const res = await route.fetch();
    const body = await res.text();
    if (!body.includes('blog-layout')) return route.fulfill({ response: res, body });
    assert.match(body, /\bas default\b/);
    return route.fulfill({ response: res, body: body.replace(/\bas default\b/g, 'as notDefault') });
  });
  await page.evaluate(() => (window.__sameDocument = true));
  await page.click('nav.navbar .navbar-left >> text="Announcements"');
  const chain = await crash(page);
  assert.equal(new URL(page.url()).pathname, '/docs/blog');
  assert.equal(chain[0], 'Error: The page /docs/blog failed to render.');
  assert.equal(chain[1], `Cause: InternalError: The blog's page module has no default export, so "blogList" pages have no layout.`);
  assert.equal(await page.title(), 'Page Error');
  assert.deepEqual(await page.locator('main h1').allTextContents(), ['This page crashed.'], 'nothing of the blog renders');
  assert.equal(await page.locator('.load-error, .page-loading').count(), 0, 'not a load failure: no Retry, no spinner');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload: it would fail the same way');
  assert.ok(
    problems.some((p) => p.includes('no default export')),
    `the console has the error: ${problems}`,
  );
  // Chunk requests still in the handler would reject its route.fetch() once the context closes.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
});

test('navbar item that fails to render: an internal error naming the item', async () => {
  const { page, context, problems } = await openWithSiteData('/docs/usage/quickstart', (data) => {
    data.site.navbar.items.splice(1, 0, { type: 'megaMenu', label: 'Products', position: 'left' });
  });
  const chain = await crash(page);
  assert.deepEqual(chain, ['InternalError: The navbar item "Products" (type "megaMenu") failed to render.', 'Cause: InternalError: There is no navbar item type "megaMenu".']);
  assert.equal(await page.title(), 'Page Error');
  assert.equal(await page.locator('nav.navbar').count(), 0, 'the broken navbar is not shown');
  assert.ok(
    problems.some((p) => p.includes('"Products"')),
    `the console names the item: ${problems}`,
  );
  await context.close();
});

test('navbar item whose own component throws: the internal error still names the item, with the cause', async () => {
  // A version dropdown whose versions are malformed (not a list) fails inside its own code.
  const { page, context } = await openWithSiteData('/docs/usage/quickstart', (data) => {
    data.site.versions = { current: 'v0.26' };
  });
  const chain = await crash(page);
  assert.equal(chain[0], 'InternalError: The navbar item of type "docsVersionDropdown" failed to render.');
  assert.match(chain[1], /^Cause: TypeError: /);
  await context.close();
});

test('missing sidebar id: a navbar item opening a sidebar that does not exist is an internal error', async () => {
  const { page, context } = await openWithSiteData('/docs/usage/quickstart', (data) => {
    data.site.navbar.items.push({ type: 'docSidebar', sidebar: 'plugins', label: 'Plugins', position: 'left' });
  });
  const chain = await crash(page);
  assert.deepEqual(chain, [
    'InternalError: The navbar item "Plugins" (type "docSidebar") failed to render.',
    'Cause: InternalError: There is no sidebar with the id "plugins", so the item has no doc to open.',
  ]);
  await context.close();
});

test('missing sidebar id: a page naming a sidebar that does not exist is an internal error, not "Page Not Found"', async () => {
  const { page, context } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`);
  await hydrated(page);
  await page.route('**/docs/__data/usage/tour.json', async (route) => {
    const res = await route.fetch();
    const data = await res.json();
    data.sidebar = 'current-en-plugins';
    await route.fulfill({ response: res, json: data });
  });
  await page.evaluate(() => (window.__sameDocument = true));
  await page.click('.pagination-next');
  const chain = await crash(page);
  assert.deepEqual(chain, [
    'Error: The page /docs/usage/tour failed to render.',
    'Cause: InternalError: The page /docs/usage/tour names the sidebar "current-en-plugins", which does not exist.',
  ]);
  assert.equal(await page.locator('text=Page Not Found').count(), 0);
  assert.equal(await page.locator('nav.navbar').count(), 1, 'the rest of the site still works');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  await context.close();
});

test('docs lookup with the docs plugin disabled: an internal error', async () => {
  const { page, context } = await openWithSiteData('/docs/blog', (data) => {
    delete data.site.versions;
  });
  const chain = await crash(page);
  assert.deepEqual(chain, [
    'InternalError: The navbar item of type "docsVersionDropdown" failed to render.',
    'Cause: InternalError: The docs plugin is disabled: there are no docs versions to look up.',
  ]);
  await context.close();
});

test('docs lookup matching no path: an internal error', async () => {
  // The blog has no version of its own, so the dropdown looks its path up among the versions' paths.
  const { page, context } = await openWithSiteData('/docs/blog', (data) => {
    data.site.versions[0].path = '/manual';
  });
  const chain = await crash(page);
  assert.deepEqual(chain, [
    'InternalError: The navbar item of type "docsVersionDropdown" failed to render.',
    'Cause: InternalError: No docs version matches the path /docs/blog (version paths: /manual).',
  ]);
  await context.close();
});
