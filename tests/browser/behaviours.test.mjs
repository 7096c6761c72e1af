// Every reader-facing behaviour of SPEC.md §2, §4, §8 and §9 in the built site: navigation, preloading,
// the progress bar, loading and crash states, the navbar, the sidebar, the table of contents, the
// announcement bar, storage and the footer. Failures are simulated with page.route().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { frames, hydrated, openPage, useSite } from './harness.mjs';

const site = useSite();

async function open(path, options) {
  const o = await openPage(site.browser, site.base + path, options);
  await hydrated(o.page);
  return o;
}

// animated waits until a Collapsible's height animation has ended (it clears its transition then).
async function animated(list) {
  await list.page().waitForFunction((el) => el.style.transition === '', await list.elementHandle());
}

// pushRoute changes the URL the way the browser's back and forward buttons do, to a page the shell
// has not loaded yet, so the page shows its own loading state.
function pushRoute(page, path) {
  return page.evaluate((p) => {
    history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

test('navbar: Installation, Usage and Reference open their sidebars’ entry docs, Announcements the blog', async () => {
  const { page, context, problems } = await open('/docs/blog');
  await page.evaluate(() => (window.__sameDocument = true));
  for (const [label, path, h1] of [
    ['Installation', '/docs/installation/install-vela', null],
    ['Usage', '/docs/usage/quickstart', 'Quickstart'],
    ['Reference', '/docs/reference/api', null],
    ['Announcements', '/docs/blog', 'Announcements'],
  ]) {
    await page.click(`nav.navbar .navbar-left >> text="${label}"`);
    await page.waitForURL(site.base + path);
    if (h1) await page.waitForFunction((t) => document.querySelector('main h1')?.textContent === t, h1);
    if (label !== 'Announcements') {
      await page.waitForSelector(`nav.navbar .navbar-left a[aria-current="page"] >> text="${label}"`);
    }
  }
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'every navbar link navigated client-side');
  const gh = page.locator('nav.navbar a[aria-label="Vela on GitHub"]');
  assert.equal(await gh.getAttribute('href'), 'https://github.com/go-vela');
  assert.equal(await gh.getAttribute('target'), '_blank');
  assert.match(await gh.getAttribute('rel'), /noopener/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('version dropdown: v0.26 is stored under docs-preferred-version-default, All versions opens /docs/versions', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  const toggle = page.locator('.navbar-right .dropdown-toggle', { hasText: 'v0.26' });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  const links = await page.locator('.dropdown.open .dropdown-link').allTextContents();
  assert.deepEqual(links, ['v0.26', 'All versions']);
  await page.click('.dropdown.open .dropdown-link >> text="v0.26"');
  assert.equal(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')), 'current');
  await toggle.click();
  await page.click('.dropdown.open >> text="All versions"');
  await page.waitForURL(`${site.base}/docs/versions`);
  await page.waitForSelector('main h1');
  assert.match(await page.textContent('main'), /v0\.26/);
  await context.close();
});

test('the active version is the one whose path is the longest match of the current path', async () => {
  const { activeVersion } = await import('../../site/src/versions.js');
  const versions = [
    { name: 'current', path: '/docs' },
    { name: '1.0', path: '/docs/1.0' },
  ];
  assert.equal(activeVersion(versions, '/docs/1.0/guide/intro').name, '1.0');
  assert.equal(activeVersion(versions, '/docs/1.0').name, '1.0');
  assert.equal(activeVersion(versions, '/docs/1.00/x').name, 'current');
  assert.equal(activeVersion(versions, '/docs/guide/intro').name, 'current');
  assert.equal(activeVersion(versions, '/elsewhere'), null);
});

test('a page of a [[docs]] set is in no version of the versioned docs: their menu shows the latest', async () => {
  const { docsVersionOf, pageVersion } = await import('../../site/src/versions.js');
  // The docs at the site's root, so every route lies under the versions' path.
  const site = { basePath: '/', versions: [{ name: 'current', path: '/', isLast: false }, { name: '1.0', path: '/1.0', isLast: true }] };
  const setPage = { route: '/community/intro', version: 'community', instance: 'community' };
  assert.equal(pageVersion(site.versions, setPage), null);
  assert.equal(docsVersionOf(site, setPage).name, '1.0');
  assert.equal(docsVersionOf(site, { route: '/intro', version: 'current' }).name, 'current');
});

test('a navbar sidebar item is active on the pages of that sidebar only, whatever the ids hold', async () => {
  const { itemActive } = await import('../../site/src/navbar-active.js');
  const page = (sidebar, version = 'user-guide') => ({ version, locale: 'en', sidebar });
  assert.equal(itemActive(page('user-guide-en-user-guide'), { sidebar: 'user-guide' }), true);
  assert.equal(itemActive(page('user-guide-en-user-guide'), { sidebar: 'guide' }), false);
  assert.equal(itemActive(page('current-en-guide', 'current'), { sidebar: 'guide' }), true);
  assert.equal(itemActive(page(undefined), { sidebar: 'guide' }), false);
});

test('language dropdown: its links keep the current search and hash, without a hydration warning', async () => {
  const { page, context, problems, warnings } = await open('/docs/usage/quickstart?from=test#2-log-in');
  const toggle = page.locator('.navbar-right .dropdown-toggle', { hasText: 'English' });
  await toggle.click();
  const link = page.locator('.dropdown.open a[hreflang="en-US"]');
  assert.equal(await link.getAttribute('href'), '/docs/usage/quickstart?from=test#2-log-in');
  assert.equal(await link.getAttribute('aria-current'), 'true');
  await page.keyboard.press('Escape');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'Escape closes the dropdown');
  assert.deepEqual(problems, []);
  assert.deepEqual(warnings, []);
  await context.close();
});

test('localizePath builds the same page path in another locale; the default locale has no prefix', async () => {
  const { localizePath } = await import('../../site/src/locale.js');
  const locales = [{ code: 'en', default: true }, { code: 'fr' }];
  const to = (pathname, from, code) => localizePath({ pathname, basePath: '/docs/', locales, from, to: code });
  assert.equal(to('/docs/usage/quickstart', 'en', 'fr'), '/docs/fr/usage/quickstart');
  assert.equal(to('/docs/fr/usage/quickstart', 'fr', 'en'), '/docs/usage/quickstart');
  assert.equal(to('/docs/', 'en', 'fr'), '/docs/fr');
  assert.equal(to('/docs/fr', 'fr', 'en'), '/docs/');
  assert.equal(to('/docs/usage/quickstart', 'en', 'en'), '/docs/usage/quickstart');
});

test('navbar hides on scroll down and comes back on scroll up', async () => {
  const { page, context } = await open('/docs/reference/api/build/add');
  const hidden = () => page.evaluate(() => document.querySelector('nav.navbar').classList.contains('navbar-hidden'));
  await page.mouse.move(700, 400);
  await page.mouse.wheel(0, 1200);
  await page.waitForFunction(() => window.scrollY > 600);
  // Each state is waited for (the scroll handler and the slide run when the browser gets to them);
  // one that never comes fails the test at the wait's bound.
  await page.waitForFunction(() => document.querySelector('nav.navbar').classList.contains('navbar-hidden'));
  await page.waitForFunction(() => document.querySelector('nav.navbar').getBoundingClientRect().bottom <= 1);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction(() => !document.querySelector('nav.navbar').classList.contains('navbar-hidden'));
  assert.equal(await hidden(), false, 'shown again after scrolling up');
  await context.close();
});

test('colour mode: the choice is applied before the first paint, even before any script of the shell runs', async () => {
  const { page, context } = await open('/docs/usage/quickstart', { colorScheme: 'light' });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload({ waitUntil: 'load' });
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(18, 22, 28)');
  await page.unroute('**/assets/*.js');
  // System mode follows the system preference when nothing is stored.
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload({ waitUntil: 'load' });
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.getAttribute('html', 'data-theme-choice'), 'system');
  await hydrated(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  await context.close();
});

test('colour mode: without the system preference the toggle flips between light and dark', async () => {
  const { nextChoice } = await import('../../site/src/theme.js');
  assert.equal(nextChoice('light', 'light', false), 'dark');
  assert.equal(nextChoice('dark', 'dark', false), 'light');
  assert.equal(nextChoice('system', 'dark', false), 'light');
  assert.equal(nextChoice('light', 'light', true), 'dark');
  assert.equal(nextChoice('dark', 'dark', true), 'system');
  assert.equal(nextChoice('system', 'light', true), 'light');
});

test('colour mode: a change in another tab applies here (storage listen)', async () => {
  const { page, context } = await open('/docs/usage/quickstart', { colorScheme: 'light' });
  const other = await context.newPage();
  await other.goto(`${site.base}/docs/usage/tour`, { waitUntil: 'networkidle' });
  await hydrated(other);
  await other.locator('.navbar-right .color-mode-toggle').click(); // system -> light
  await other.locator('.navbar-right .color-mode-toggle').click(); // light -> dark
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  assert.equal(await page.getAttribute('.navbar-right .color-mode-toggle', 'data-choice'), 'dark');
  await context.close();
});

test('navigation preloads the next page before the route switches', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  // The next page's data is held until the test has looked: while it is asked for and not there,
  // the route must not have switched.
  const asked = page.waitForRequest('**/docs/__data/usage/tour.json');
  const release = await hold(page, 'usage/tour');
  await page.click('.pagination-next');
  await asked;
  assert.equal(new URL(page.url()).pathname, '/docs/usage/quickstart', 'the route has not switched yet');
  assert.equal(await page.textContent('.doc-article h1'), 'Quickstart', 'the old page stays on screen');
  assert.equal(await page.locator('.page-loading').count(), 0, 'no spinner while preloading');
  release();
  await page.waitForURL(`${site.base}/docs/usage/tour`);
  await page.waitForSelector('.doc-article h1 >> text=Tour');
  await context.close();
});

// hold makes a page's data wait until the returned function is called.
async function hold(page, path) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(`**/docs/__data/${path}.json`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

// addLink puts a link to a page of the site at the top of the page's content.
function addLink(page, href, id) {
  return page.evaluate(
    ([h, i]) => {
      const a = document.createElement('a');
      a.href = h;
      a.id = i;
      a.textContent = i;
      document.querySelector('.markdown').prepend(a);
    },
    [href, id],
  );
}

test('a navigation the reader replaced never switches the route', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  const entries = async () => (await page.evaluate(() => history.length)) - start;
  const start = await page.evaluate(() => history.length);
  // A #link on the page while the next page loads: the reader stays on the page. Once that page
  // has loaded, a click on its link again switches at once: had the first navigation not been
  // dropped, it would have switched first, and there would be one more history entry.
  const releaseSecrets = await hold(page, 'usage/secrets');
  await addLink(page, '/docs/usage/secrets', 'to-secrets');
  await page.click('#to-secrets');
  await page.click('.toc a >> nth=1');
  await page.waitForURL(/\/docs\/usage\/quickstart#/);
  releaseSecrets();
  await page.click('#to-secrets');
  await page.waitForURL(`${site.base}/docs/usage/secrets`);
  await page.waitForSelector('.doc-article h1 >> text=Secrets');
  assert.equal(await entries(), 2, 'after quickstart: its #heading, secrets');
  // Another page chosen while the first one loads: the later choice wins.
  const releaseTour = await hold(page, 'usage/tour');
  await addLink(page, '/docs/usage/tour', 'to-tour');
  await addLink(page, '/docs/usage/authenticate', 'to-authenticate');
  await page.click('#to-tour');
  await page.click('#to-authenticate');
  await page.waitForURL(`${site.base}/docs/usage/authenticate`);
  await page.waitForSelector('.doc-article h1 >> text=Authenticate');
  releaseTour();
  await addLink(page, '/docs/usage/tour', 'to-tour-again');
  await page.click('#to-tour-again');
  await page.waitForURL(`${site.base}/docs/usage/tour`);
  assert.equal(await entries(), 4, 'then authenticate and tour, once each');
  await context.close();
});

test('a failed preload reloads the page', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  await page.evaluate(() => (window.__sameDocument = true));
  await page.route('**/docs/__data/usage/tour.json', (route) => route.abort());
  await page.click('.pagination-next');
  await page.waitForURL(`${site.base}/docs/usage/tour`);
  await page.waitForSelector('.doc-article h1 >> text=Tour');
  assert.equal(await page.evaluate(() => window.__sameDocument), undefined, 'the browser loaded the page itself');
  await context.close();
});

test('after navigation the page scrolls to the hash target, or to the top without a hash', async () => {
  const { page, context } = await open('/docs/usage/tour');
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/docs/usage/quickstart#4-add-a-pipeline';
    a.id = 'hash-link';
    a.textContent = 'to a heading';
    document.querySelector('.markdown').prepend(a);
    window.__sameDocument = true;
  });
  const id = await page.evaluate(() => fetch('/docs/__data/usage/quickstart.json').then((r) => r.json()).then((p) => p.toc[3].id));
  await page.evaluate((target) => (document.getElementById('hash-link').href = `/docs/usage/quickstart#${target}`), id);
  await page.click('#hash-link');
  await page.waitForURL(`**/docs/usage/quickstart#${id}`);
  await page.waitForFunction((target) => {
    const el = document.getElementById(target);
    if (!el) return false;
    const top = el.getBoundingClientRect().top;
    return top >= 0 && top < 120;
  }, id);
  assert.ok((await page.evaluate(() => window.scrollY)) > 200);
  await page.click('.pagination-next');
  await page.waitForURL(`${site.base}/docs/usage/tour`);
  await page.waitForFunction(() => window.scrollY === 0);
  assert.equal(await page.evaluate(() => window.__sameDocument), true);
  await context.close();
});

test('hover prefetch loads the next page’s data, except on 2g connections or with data saver', async () => {
  for (const [connection, expected] of [
    [null, true],
    [{ effectiveType: '2g', saveData: false }, false],
    [{ effectiveType: 'slow-2g', saveData: false }, false],
    [{ effectiveType: '4g', saveData: true }, false],
    [{ effectiveType: '4g', saveData: false }, true],
  ]) {
    const init = connection ? `Object.defineProperty(navigator, 'connection', { configurable: true, get: () => (${JSON.stringify(connection)}) });` : undefined;
    const { page, context } = await open('/docs/usage/quickstart', { init });
    const requested = [];
    page.on('request', (r) => r.url().includes('/__data/') && requested.push(new URL(r.url()).pathname));
    // The hover prefetches at once, or never: a request made after the hover comes after the
    // prefetch's, if there is one (the browser sends a document's requests in order).
    const prefetched = page.waitForRequest('**/docs/__data/usage/authenticate.json');
    await page.hover('.doc-sidebar a[href="/docs/usage/authenticate"]');
    if (expected) await prefetched;
    const marker = page.waitForRequest('**/docs/after-the-hover');
    await page.evaluate(() => fetch('/docs/after-the-hover').catch(() => {}));
    await marker;
    prefetched.catch(() => {}); // not awaited when no prefetch is expected
    assert.equal(requested.includes('/docs/__data/usage/authenticate.json'), expected, `connection ${JSON.stringify(connection)}: ${requested}`);
    await context.close();
  }
});

test('progress bar: appears 200 ms after a path change at 0.08, trickles by at most 0.02 every 800 ms, finishes once the route has updated', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  // The page's timers run on Playwright's clock, moved by hand: what the bar shows at each instant
  // is asserted exactly, however busy the machine is. The next page's data is held until released.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/docs/__data/usage/tour.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const progress = () => page.evaluate(() => document.querySelector('.route-progress-bar').dataset.progress ?? null);
  await page.evaluate(() => document.querySelector('.pagination-next').click());
  await page.clock.runFor(199);
  assert.equal(await progress(), null, 'not shown before 200 ms');
  await page.clock.runFor(1);
  assert.equal(Number(await progress()), 0.08, 'shown at 200 ms at 0.08');
  let previous = 0.08;
  for (let i = 1; i <= 3; i++) {
    await page.clock.runFor(799);
    assert.equal(Number(await progress()), previous, `no trickle before ${i} × 800 ms`);
    await page.clock.runFor(1);
    const v = Number(await progress());
    assert.ok(v >= previous && v - previous <= 0.0201, `trickle ${i}: ${previous} -> ${v}`);
    previous = v;
  }
  assert.equal(new URL(page.url()).pathname, '/docs/usage/quickstart', 'the route waits for the page data');
  release();
  await page.waitForURL(`${site.base}/docs/usage/tour`);
  await page.waitForFunction(() => document.querySelector('.route-progress-bar').dataset.progress === '1.000');
  await page.clock.runFor(200);
  assert.equal(await progress(), null, 'and then hides');
  assert.equal(await page.locator('.route-progress .spinner').count(), 0, 'no spinner');
  // A fast navigation (done before 200 ms) and a hash-only change never show the bar.
  await page.evaluate(() => {
    const bar = document.querySelector('.route-progress-bar');
    window.__shown = [];
    new MutationObserver(() => bar.dataset.progress && window.__shown.push(bar.dataset.progress)).observe(bar, { attributes: true, attributeFilter: ['data-progress'] });
  });
  await page.click('.pagination-prev');
  await page.waitForURL(`${site.base}/docs/usage/quickstart`);
  await page.clock.runFor(1000);
  await page.click('.toc a >> nth=1');
  await page.clock.runFor(1000);
  assert.deepEqual(await page.evaluate(() => window.__shown), []);
  await context.close();
});

test('page loading: an animated spinner while the page loads, then the page', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  const release = await hold(page, 'usage/tour'); // the page loads only once the spinner is checked
  await pushRoute(page, '/docs/usage/tour');
  const spinner = page.locator('.page-loading .spinner');
  await spinner.waitFor();
  assert.equal(await page.textContent('.page-loading [role="status"], .page-loading'), 'Loading…');
  assert.equal(await spinner.evaluate((el) => getComputedStyle(el).animationName), 'spin');
  release();
  await page.waitForSelector('.doc-article h1 >> text=Tour');
  assert.equal(await spinner.count(), 0);
  await context.close();
});

test('page loading: a failure shows the error in a red box, and Retry loads the page', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  await page.route('**/docs/__data/usage/tour.json', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await pushRoute(page, '/docs/usage/tour');
  const box = page.locator('.load-error');
  await box.waitFor();
  assert.equal(await box.getAttribute('role'), 'alert');
  assert.match(await box.textContent(), /The page \/docs\/usage\/tour could not be loaded: the server answered HTTP 503/);
  const colour = await box.evaluate((el) => getComputedStyle(el).borderLeftColor);
  assert.equal(colour, 'rgb(198, 40, 40)', 'the box is red');
  await page.unroute('**/docs/__data/usage/tour.json');
  await page.click('.load-error button >> text=Retry');
  await page.waitForSelector('.doc-article h1 >> text=Tour');
  assert.equal(await box.count(), 0);
  await context.close();
});

test('page loading: a layout chunk that fails to load shows the red box, and Retry works', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  let fail = true;
  await page.route('**/assets/chunk-*.js', async (route) => {
    const body = await (await route.fetch()).text();
    if (fail && body.includes('blog-layout')) return route.abort();
    return route.fulfill({ body, contentType: 'text/javascript' });
  });
  await pushRoute(page, '/docs/blog');
  await page.locator('.load-error').waitFor();
  assert.ok((await page.textContent('.load-error')).length > 10, 'the error text is shown');
  fail = false;
  await page.click('.load-error button >> text=Retry');
  // A module that failed to import stays failed in this document; Retry then loads the page itself.
  await page.waitForSelector('main h1 >> text=Announcements');
  // The reload may leave chunk requests in the handler; closing under them would reject its
  // route.fetch() after the test (an unhandled rejection that fails the whole file).
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
});

test('page crash: "This page crashed.", the cause chain, the title "Page Error", and Try again re-renders', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  await page.route('**/docs/__data/usage/tour.json', async (route) => {
    const res = await route.fetch();
    const data = await res.json();
    data.toc = [null];
    await route.fulfill({ response: res, json: data });
  });
  await page.click('.pagination-next');
  await page.waitForSelector('h1 >> text=This page crashed.');
  assert.equal(await page.title(), 'Page Error');
  const chain = await page.locator('.error-chain li').allTextContents();
  assert.equal(chain[0], 'Error: The page /docs/usage/tour failed to render.');
  assert.match(chain[1], /^Cause: TypeError: /);
  assert.equal(await page.locator('nav.navbar').count(), 1, 'the rest of the site still works');
  await page.unroute('**/docs/__data/usage/tour.json');
  await page.click('button >> text=Try again');
  await page.waitForSelector('.doc-article h1 >> text=Tour');
  assert.equal(await page.title(), 'Tour | Vela');
  await context.close();
});

test('mobile: the menu offers "← Back to main menu", and closes when the window becomes desktop-wide', async () => {
  const { page, context, problems } = await open('/docs/usage/quickstart', { width: 390, height: 844 });
  assert.equal(await page.isVisible('.doc-sidebar'), false, 'no desktop sidebar at 390 px');
  await page.click('button[aria-label="Toggle navigation bar"]');
  const menu = page.locator('.mobile-menu');
  await menu.waitFor();
  assert.equal(await menu.locator('a[aria-current="page"]').textContent(), 'Quickstart', 'the sidebar of the page opens first');
  await menu.locator('button', { hasText: '← Back to main menu' }).click();
  assert.deepEqual(await menu.locator('.menu-list > li > a.navbar-link').allTextContents(), ['Installation', 'Usage', 'Reference', 'Announcements', 'GitHub']);
  await menu.locator('button', { hasText: 'Open this section’s pages' }).click();
  await menu.locator('a', { hasText: 'Authenticate' }).click();
  await page.waitForURL(`${site.base}/docs/usage/authenticate`);
  assert.equal(await menu.count(), 0, 'choosing a page closes the menu');
  await page.click('button[aria-label="Toggle navigation bar"]');
  await menu.waitFor();
  await page.setViewportSize({ width: 996, height: 844 });
  // The page has seen the new width (its media query listeners ran) and had frames to react.
  await page.waitForFunction(() => window.innerWidth === 996);
  await frames(page, 5);
  assert.equal(await menu.count(), 1, 'still mobile at 996 px');
  await page.setViewportSize({ width: 997, height: 844 });
  await menu.waitFor({ state: 'detached' });
  assert.equal(await page.isVisible('.doc-sidebar'), true, 'desktop layout above 996 px');
  assert.equal(await page.evaluate(() => document.body.style.overflow), '', 'the page scrolls again');
  assert.deepEqual(problems, []);
  await context.close();
});

test('mobile: the open menu traps focus (Tab and Shift+Tab cycle inside it), Escape closes it and focuses its button again', async () => {
  const { page, context, problems } = await open('/docs/usage/quickstart', { width: 390, height: 844 });
  const toggle = 'button[aria-label="Toggle navigation bar"]';
  await page.focus(toggle);
  await page.keyboard.press('Enter');
  await page.locator('.mobile-menu').waitFor();
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return { inMenu: Boolean(el.closest('.mobile-menu')), name: el.getAttribute('aria-label') || el.textContent.trim() };
    });
  // cycle presses a key until focus is back on the close button, and lists what it visited.
  const cycle = async (key) => {
    const visited = [];
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press(key);
      const f = await focused();
      assert.ok(f.inMenu, `${key} #${i + 1} left the menu for "${f.name}"`);
      if (f.name === 'Close navigation bar') return visited;
      visited.push(f.name);
    }
    assert.fail(`${key} never came back to the close button: ${visited.slice(0, 20)}`);
  };
  for (const panel of ['sidebar', 'main']) {
    assert.equal((await focused()).name, 'Close navigation bar', `${panel}: focus starts on the close button`);
    const forward = await cycle('Tab');
    assert.ok(forward.length > 3, `${panel}: ${forward}`);
    assert.ok(forward.includes(panel === 'sidebar' ? 'Quickstart' : 'Installation'), `${panel}: ${forward}`);
    const backward = await cycle('Shift+Tab');
    assert.deepEqual(backward, [...forward].reverse(), `${panel}: Shift+Tab visits the same controls the other way round`);
    if (panel === 'sidebar') await page.locator('.mobile-menu button', { hasText: '← Back to main menu' }).click();
    await page.focus('.mobile-menu button[aria-label="Close navigation bar"]');
  }
  await page.keyboard.press('Escape');
  await page.locator('.mobile-menu').waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Toggle navigation bar', 'focus is back on the button');
  assert.equal(await page.getAttribute(toggle, 'aria-expanded'), 'false');
  assert.deepEqual(problems, []);
  await context.close();
});

test('sidebar: it can be hidden and shown again, and the choice is kept', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  await page.click('button[aria-label="Collapse sidebar"]');
  assert.equal(await page.locator('.sidebar-nav').count(), 0);
  const wide = await page.evaluate(() => document.querySelector('.doc-sidebar').getBoundingClientRect().width);
  assert.ok(wide < 60, `hidden sidebar is a thin strip (${wide}px)`);
  await page.reload({ waitUntil: 'networkidle' });
  await hydrated(page);
  await page.waitForSelector('button[aria-label="Expand sidebar"]');
  await page.click('button[aria-label="Expand sidebar"]');
  await page.waitForSelector('.sidebar-nav a[aria-current="page"]');
  assert.equal(await page.evaluate(() => localStorage.getItem('docsd.sidebar.hidden')), null);
  await context.close();
});

test('sidebar: opening a category collapses its open sibling, and the animation lasts longer for taller content', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  const caret = (label) => page.locator(`.doc-sidebar button.menu-caret[aria-label$="'${label}'"]`);
  assert.equal(await caret('Tour').getAttribute('aria-expanded'), 'false');
  await caret('Tour').click();
  assert.equal(await caret('Tour').getAttribute('aria-expanded'), 'true');
  const list = (label) => caret(label).locator('xpath=../following-sibling::ul');
  const tourDuration = Number(await list('Tour').getAttribute('data-duration'));
  await animated(list('Tour'));
  await caret('Templates').click();
  assert.equal(await caret('Templates').getAttribute('aria-expanded'), 'true');
  assert.equal(await caret('Tour').getAttribute('aria-expanded'), 'false', 'Tour auto-collapsed');
  const templatesDuration = Number(await list('Templates').getAttribute('data-duration'));
  await animated(list('Tour'));
  assert.equal(await list('Tour').getAttribute('aria-hidden'), 'true');
  assert.ok(tourDuration > templatesDuration, `12 items (${tourDuration} ms) animate longer than 2 (${templatesDuration} ms)`);
  await context.close();
});

test('sidebar: a page carries the links of its open categories only; a category renders its items when first opened', async () => {
  // The collapsed categories' items are not in the HTML (they are hidden and need the script to
  // open anyway): most of every page's server rendering and size otherwise.
  const html = await (await fetch(site.base + '/docs/usage/quickstart')).text();
  const aside = html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));
  assert.ok(aside.includes('href="/docs/usage/quickstart"'), 'the current page is listed');
  assert.ok(!aside.includes('href="/docs/usage/tour/steps"'), 'the collapsed Tour category has no items in the HTML');
  const { page, context, problems } = await open('/docs/usage/quickstart');
  const tour = page.locator('.doc-sidebar button.menu-caret[aria-label$="\'Tour\'"]');
  assert.equal(await page.locator('.doc-sidebar a[href="/docs/usage/tour/steps"]').count(), 0);
  await tour.click();
  await page.locator('.doc-sidebar a[href="/docs/usage/tour/steps"]').waitFor({ state: 'visible' });
  await animated(tour.locator('xpath=../following-sibling::ul'));
  await tour.click();
  await page.waitForFunction(() => document.querySelector('.doc-sidebar a[href="/docs/usage/tour/steps"]')?.closest('ul[aria-hidden="true"]'));
  assert.equal(await page.locator('.doc-sidebar a[href="/docs/usage/tour/steps"]').count(), 1, 'closing keeps the items, hidden');
  // The page of a collapsed category's item opens that category, server-side too.
  const inner = await (await fetch(site.base + '/docs/usage/tour/steps')).text();
  assert.ok(inner.slice(inner.indexOf('<aside'), inner.indexOf('</aside>')).includes('aria-current="page" href="/docs/usage/tour/steps"'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('table of contents: levels 2 to 3, the current heading highlighted while scrolling', async () => {
  const { page, context } = await open('/docs/reference/api/build/add');
  const levels = await page.evaluate(() => fetch('/docs/__data/reference/api/build/add.json').then((r) => r.json()).then((p) => [...new Set(p.toc.map((h) => h.level))]));
  assert.ok(levels.every((l) => l === 2 || l === 3), `levels ${levels}`);
  const headings = await page.evaluate(() => [...document.querySelectorAll('.markdown h2[id], .markdown h3[id], .markdown h4[id]')].map((h) => [h.tagName, h.id]));
  const tocIds = await page.locator('.toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href').slice(1)));
  assert.deepEqual(tocIds, headings.filter(([tag]) => tag !== 'H4').map(([, id]) => id), 'every h2 and h3, and nothing else');
  const first = await page.getAttribute('.toc a.active', 'href');
  assert.equal(first, `#${tocIds[0]}`);
  const target = tocIds[Math.min(4, tocIds.length - 1)];
  await page.evaluate((id) => {
    const el = document.getElementById(id);
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 70);
  }, target);
  await page.waitForFunction((id) => document.querySelector('.toc a.active')?.getAttribute('href') === `#${id}`, target);
  assert.equal(await page.locator('.toc a[aria-current="location"]').count(), 1);
  await context.close();
});

test('announcement bar: dismissal is remembered until the announcement id changes', async () => {
  const { page, context, problems } = await open('/docs/usage/quickstart');
  const bar = page.locator('.announcement');
  assert.match(await bar.textContent(), /These docs describe Vela v0\.26/);
  await page.click('button[aria-label="Close announcement"]');
  assert.equal(await bar.count(), 0);
  assert.equal(await page.evaluate(() => localStorage.getItem('docsd.announcement.dismiss')), 'true');
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload({ waitUntil: 'load' });
  assert.equal(await bar.isVisible(), false, 'hidden before any script of the shell runs');
  await page.unroute('**/assets/*.js');
  await page.reload({ waitUntil: 'networkidle' });
  await hydrated(page);
  assert.equal(await bar.count(), 0, 'still dismissed after hydration');
  // An announcement with another id (here: the stored one is older) shows again.
  await page.evaluate(() => localStorage.setItem('docsd.announcement.id', 'an-older-announcement'));
  await page.reload({ waitUntil: 'networkidle' });
  await hydrated(page);
  assert.equal(await bar.isVisible(), true);
  assert.equal(await page.evaluate(() => localStorage.getItem('docsd.announcement.dismiss')), null);
  assert.deepEqual(problems.filter((p) => !p.includes('net::ERR_FAILED')), [], 'only the scripts blocked on purpose failed');
  await context.close();
});

test('storage: a failing write only warns, and the page keeps working', async () => {
  const init = () => {
    Storage.prototype.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
  };
  const { page, context, problems, warnings } = await open('/docs/usage/quickstart', { init });
  await page.locator('.navbar-right .color-mode-toggle').click();
  await page.locator('.navbar-right .color-mode-toggle').click();
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await page.click('button[aria-label="Close announcement"]');
  assert.equal(await page.locator('.announcement').count(), 0);
  await page.click('.pagination-next');
  await page.waitForURL(`${site.base}/docs/usage/tour`);
  assert.deepEqual(problems, []);
  assert.ok(warnings.some((w) => w.includes('"theme" cannot be written')), warnings.join(' | '));
  await context.close();
});

test('storage: keys live in local storage with an empty namespace suffix', async () => {
  const { storageSlot } = await import('../../site/src/storage.js');
  const store = new Map();
  globalThis.window = { localStorage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, String(v)), removeItem: (k) => store.delete(k) } };
  try {
    const slot = storageSlot('theme');
    slot.set('dark');
    assert.deepEqual([...store.keys()], ['theme']);
    assert.equal(slot.get(), 'dark');
    slot.del();
    assert.equal(slot.get(), null);
  } finally {
    delete globalThis.window;
  }
});

test('footer: its links, the logo and the copyright line for 2025', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  const footer = page.locator('footer.footer');
  assert.deepEqual(await footer.locator('.footer-title').allTextContents(), ['Docs', 'Community', 'Source']);
  assert.equal(await footer.locator('.footer-column a').count(), 7);
  assert.equal(await footer.locator('.footer-logo img').getAttribute('alt'), 'Vela logo');
  assert.match(await footer.locator('.footer-copyright').textContent(), /^Copyright © 2025 /);
  await footer.locator('a', { hasText: 'API reference' }).click();
  await page.waitForURL(`${site.base}/docs/reference/api`);
  await context.close();
});

test('reduced motion: sidebar categories open and close at once, and nothing of the shell slides or fades', async () => {
  const { page, context } = await open('/docs/usage/quickstart');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const caret = page.locator(`.doc-sidebar button.menu-caret[aria-label$="'Tour'"]`);
  const list = caret.locator('xpath=../following-sibling::ul');
  // Full height in the frame after the click: no transition, no height on its way.
  const opened = async () =>
    list.evaluate((ul) => new Promise((resolve) => requestAnimationFrame(() => resolve({ height: ul.getBoundingClientRect().height, full: ul.scrollHeight, transition: getComputedStyle(ul).transitionDuration }))));
  await caret.click();
  assert.equal(await caret.getAttribute('aria-expanded'), 'true');
  const open1 = await opened();
  assert.ok(open1.full > 100, `Tour has its items (${open1.full}px)`);
  assert.ok(Math.abs(open1.height - open1.full) < 1, `open at once: ${open1.height}px of ${open1.full}px`);
  assert.equal(open1.transition, '0s');
  await caret.click();
  assert.equal(await caret.getAttribute('aria-expanded'), 'false');
  assert.equal((await opened()).height, 0, 'closed at once');
  const durations = await page.evaluate(() =>
    ['.navbar', '.route-progress-bar', '.copy-button', '.pagination-link', '.doc-sidebar .menu-caret'].map((s) => {
      const el = document.querySelector(s);
      if (!el) return `${s}: missing`;
      const style = s.endsWith('menu-caret') ? getComputedStyle(el, '::before') : getComputedStyle(el);
      return `${s}: ${style.transitionDuration}`;
    }),
  );
  assert.deepEqual(durations, durations.map((d) => d.replace(/: .*/, ': 0s')));
  await context.close();
});

test('mobile: on a blog page the menu opens on the blog’s navigation (hidden from the page there), with a way back', async () => {
  const { page, context, problems } = await open('/docs/blog/first-blog-post', { width: 390, height: 844 });
  assert.equal(await page.isVisible('.blog-sidebar'), false, 'no blog sidebar at 390 px');
  await page.click('button[aria-label="Toggle navigation bar"]');
  const menu = page.locator('.mobile-menu');
  await menu.waitFor();
  const blogLinks = ['All posts', 'Archive', 'Tags', 'Authors', 'RSS feed', 'Atom feed'];
  assert.deepEqual(await menu.locator('.menu-list a').allTextContents(), blogLinks);
  assert.deepEqual(
    await menu.locator('.menu-list a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
    await page.locator('.blog-sidebar a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
    'the same links as the wide screen’s blog sidebar',
  );
  await menu.locator('button', { hasText: '← Back to main menu' }).click();
  assert.deepEqual(await menu.locator('.menu-list > li > a.navbar-link').allTextContents(), ['Installation', 'Usage', 'Reference', 'Announcements', 'GitHub']);
  await menu.locator('button', { hasText: 'Open this section’s pages' }).click();
  await menu.locator('a', { hasText: 'Archive' }).click();
  await page.waitForURL(`${site.base}/docs/blog/archive`);
  await menu.waitFor({ state: 'detached' });
  assert.equal(await page.locator('h1').textContent(), 'Archive');
  // A page without a sidebar of either kind opens on the main menu.
  await page.goto(`${site.base}/docs/versions`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.click('button[aria-label="Toggle navigation bar"]');
  await menu.waitFor();
  assert.equal(await menu.locator('button', { hasText: 'Open this section’s pages' }).count(), 0);
  assert.equal(await menu.locator('a.navbar-link').first().textContent(), 'Installation');
  assert.deepEqual(problems, []);
  await context.close();
});

test('table of contents on a phone: a closed "On this page" under the title, the same headings, closing once one is chosen', async () => {
  const { page, context, problems } = await open('/docs/reference/yaml/steps', { width: 390, height: 844 });
  const disclosure = page.locator('details.toc-mobile');
  assert.equal(await page.isVisible('.toc'), false, 'no TOC column at 390 px');
  assert.equal(await disclosure.isVisible(), true);
  assert.equal(await disclosure.evaluate((d) => d.open), false, 'closed at first');
  assert.equal(await disclosure.evaluate((d) => d.previousElementSibling.querySelector('h1') !== null), true, 'right under the title');
  const entries = (sel) => page.locator(sel).evaluateAll((as) => as.map((a) => `${a.getAttribute('href')} ${a.textContent} ${a.closest('li').className}`));
  const wide = await entries('.toc a');
  assert.ok(wide.length >= 10, `the page has its headings (${wide.length})`);
  assert.deepEqual(await entries('.toc-mobile a'), wide, 'the entries of the wide screen’s TOC');
  await disclosure.locator('summary').click();
  assert.equal(await disclosure.evaluate((d) => d.open), true);
  await disclosure.locator('a', { hasText: /^volumes$/ }).click();
  await page.waitForURL((url) => url.hash === '#volumes');
  assert.equal(await disclosure.evaluate((d) => d.open), false, 'closed after the choice');
  // The glide ends with the heading at the top, below where the navbar would be.
  await page.waitForFunction(() => {
    const top = document.getElementById('volumes').getBoundingClientRect().top;
    return top > 0 && top < 100;
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => window.innerWidth === 1280);
  assert.equal(await disclosure.isVisible(), false, 'not on a wide screen');
  assert.equal(await page.isVisible('.toc'), true);
  assert.deepEqual(problems, []);
  await context.close();
});
