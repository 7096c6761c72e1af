// The page store (site/src/store.js) without a browser: each store keeps its own pages (server
// rendering makes one per page, so no render sees another's data), tells its readers about every
// change, loads a page once however many ask, and keeps the page on screen until an update of it
// is ready.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPageStore } from '../../site/src/store.js';
import { InternalError } from '../../site/src/errors.js';

// serve answers the store's fetches from a table of URL → JSON (absent: 404), counting requests.
function serve(table) {
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(url);
    const path = url.split('?')[0];
    if (!(path in table)) return { ok: false, status: 404 };
    if (table[path] instanceof Error) throw table[path];
    return { ok: true, status: 200, json: async () => structuredClone(table[path]) };
  };
  return asked;
}

const layouts = new Set(['doc', 'notFound']);
const loadLayout = async (kind) => {
  if (!layouts.has(kind)) throw new InternalError(`The page kind "${kind}" has no layout.`);
};

test('two stores share nothing', () => {
  const a = createPageStore({ basePath: '/docs/', loadLayout });
  const b = createPageStore({ basePath: '/docs/', loadLayout });
  a.put('/docs/x', { kind: 'doc', title: 'X', sidebar: 's' }, [{ label: 'X' }]);
  assert.equal(a.get('/docs/x').page.title, 'X');
  assert.equal(b.get('/docs/x'), undefined);
});

test('readers hear of every change, and an unchanged entry keeps its object', () => {
  const store = createPageStore({ basePath: '/docs/', loadLayout });
  let heard = 0;
  const stop = store.subscribe(() => heard++);
  store.put('/docs/x', { kind: 'doc' }, null);
  const entry = store.get('/docs/x');
  assert.equal(store.get('/docs/x'), entry, 'the same object until it changes');
  store.forget('/docs/x');
  store.forget('/docs/x'); // nothing to forget: no news
  assert.equal(heard, 2);
  stop();
  store.put('/docs/x', { kind: 'doc' }, null);
  assert.equal(heard, 2, 'an unsubscribed reader hears nothing');
});

test('a page loads once however many ask, with its sidebar; unknown pages get the not-found page', async () => {
  const asked = serve({
    '/docs/__data/usage/tour.json': { kind: 'doc', title: 'Tour', sidebar: 'usage' },
    '/docs/__data/sidebars/usage.json': [{ label: 'Tour' }],
  });
  const store = createPageStore({ basePath: '/docs/', loadLayout, notFound: { kind: 'notFound', title: 'Page Not Found' } });
  const [one, two] = await Promise.all([store.load('/docs/usage/tour'), store.load('/docs/usage/tour')]);
  assert.equal(one, two);
  assert.equal(one.page.title, 'Tour');
  assert.deepEqual(one.sidebar, [{ label: 'Tour' }]);
  assert.deepEqual(asked, ['/docs/__data/usage/tour.json', '/docs/__data/sidebars/usage.json']);
  const missing = await store.load('/docs/nope');
  assert.deepEqual(missing.page, { kind: 'notFound', title: 'Page Not Found', route: '/docs/nope' });
});

test('a failed load leaves no entry; an internal error is kept as the page’s entry', async () => {
  serve({
    '/docs/__data/a.json': new TypeError('Failed to fetch'),
    '/docs/__data/b.json': { kind: 'megaPage' },
    '/docs/__data/c.json': { kind: 'doc', sidebar: 'gone' },
  });
  const store = createPageStore({ basePath: '/docs/', loadLayout });
  await assert.rejects(store.load('/docs/a'), /The page \/docs\/a could not be loaded: Failed to fetch/);
  assert.equal(store.get('/docs/a'), undefined);
  const b = await store.load('/docs/b');
  assert.ok(b.error instanceof InternalError);
  assert.equal(store.get('/docs/b'), b);
  const c = await store.load('/docs/c');
  assert.equal(c.error.message, 'The page /docs/c names the sidebar "gone", which does not exist.');
});

test('a dev-server update replaces the page in place, keeps an unchanged sidebar object and drops the other pages', async () => {
  serve({});
  const store = createPageStore({ basePath: '/docs/', loadLayout });
  const sidebar = [{ label: 'Tour' }];
  store.put('/docs/usage/tour', { kind: 'doc', title: 'Tour', sidebar: 'usage' }, sidebar);
  store.put('/docs/usage/other', { kind: 'doc', title: 'Other' }, null);
  let heard = 0;
  store.subscribe(() => heard++);
  const sent = { route: '/docs/usage/tour', page: { kind: 'doc', title: 'Tour, edited', sidebar: 'usage' }, sidebar: [{ label: 'Tour' }] };
  await store.refresh('/docs/usage/tour', sent);
  const entry = store.get('/docs/usage/tour');
  assert.equal(entry.page.title, 'Tour, edited');
  assert.equal(entry.sidebar, sidebar, 'the unchanged sidebar keeps its object');
  assert.equal(store.get('/docs/usage/other'), undefined);
  assert.equal(heard, 1);
});
