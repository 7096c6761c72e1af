// Every route of tests/content/testdata/routes.txt (the customer's route list; SOURCES.md beside it says where it came from) renders and logs no console error or warning: one page visits
// them all through the shell, and one route of each page kind is loaded whole (server-rendered HTML,
// then hydration).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, useSite } from './harness.mjs';

const routesFile = join(root, 'tests', 'content', 'testdata', 'routes.txt');

function routes() {
  const authors = [...readFileSync(join(root, 'content', 'blog', 'authors.yml'), 'utf8').matchAll(/^([A-Za-z0-9_-]+):\s*$/gm)].map((m) => m[1]);
  const out = [];
  for (const line of readFileSync(routesFile, 'utf8').split('\n')) {
    const r = line.trim();
    if (!r || r.startsWith('#')) continue;
    if (r.includes('<author>')) out.push(...authors.map((a) => r.replace('<author>', a)));
    else out.push(r);
  }
  return out;
}

const site = useSite();

function watch(page, found) {
  const where = { route: '' };
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && found.push(`${where.route}: ${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => found.push(`${where.route}: uncaught: ${e.message}`));
  return where;
}

// One page visits every route the way a reader's back and forward buttons do: the shell loads the
// route's data and renders it, and nothing may be logged on the way.
test('every route of ROUTES.txt renders in the shell without a console error or warning', async () => {
  const all = routes();
  assert.ok(all.length > 300, `${all.length} routes`);
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const found = [];
  const where = watch(page, found);
  await page.goto(`${site.base}/docs/versions`, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  for (const route of all) {
    where.route = route;
    const ok = await page.evaluate(async (r) => {
      if (location.pathname !== r) {
        const navigated = new Promise((res) => window.addEventListener('docsd:navigated', res, { once: true }));
        history.pushState({}, '', r);
        window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
        await navigated;
      }
      const until = Date.now() + 10000;
      while (Date.now() < until) {
        await new Promise((res) => setTimeout(res, 15));
        const main = document.getElementById('main-content');
        if (main && !document.querySelector('.page-loading') && !document.querySelector('.load-error') && document.querySelector('main h1')) return !/Page Not Found/.test(document.querySelector('main h1').textContent);
      }
      return false;
    }, route);
    if (!ok) found.push(`${route}: did not render a page`);
  }
  await context.close();
  assert.deepEqual(found, []);
});

// And one route of every page kind is loaded whole: server-rendered, then hydrated.
test('one route of every page kind loads and hydrates without a console error or warning', async () => {
  const all = routes();
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const found = [];
  const where = watch(page, found);
  const kinds = new Map();
  for (const route of all) {
    const rel = route === '/docs/' ? 'index' : route.slice('/docs/'.length);
    const res = await fetch(`${site.base}/docs/__data/${rel}.json`);
    const kind = res.ok ? (await res.json()).kind : `HTTP ${res.status}`;
    if (!kinds.has(kind)) kinds.set(kind, route);
  }
  assert.ok(kinds.size >= 10, [...kinds.keys()].join(', '));
  for (const route of kinds.values()) {
    where.route = route;
    const res = await page.goto(site.base + route, { waitUntil: 'load' });
    if (res.status() !== 200) found.push(`${route}: HTTP ${res.status()}`);
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' }).catch(() => found.push(`${route}: never hydrated`));
  }
  await context.close();
  assert.deepEqual(found, []);
});
