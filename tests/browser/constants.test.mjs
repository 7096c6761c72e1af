// The constants of SPEC §9 that readers cannot see directly, checked by what they do in the browser:
// the smooth scroll easing factor (0.85), the scheduler frame (about 5 ms) and the text-highlighting
// defaults (frame wait time-out 5000 ms, partial, case-insensitive, no wildcards).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, useSite } from './harness.mjs';

const site = useSite();

// still resolves once the window has not moved for `frames` animation frames in a row. A glide moves
// it on every frame until it arrives (scroll.js), so this is the glide's end however slowly the frames
// come; false if it is still moving after `limit` frames.
function still(page, frames = 5, limit = 20000) {
  return page.evaluate(
    ([want, max]) =>
      new Promise((resolve) => {
        let last = window.scrollY;
        let quiet = 0;
        let seen = 0;
        const tick = () => {
          if (window.scrollY === last) quiet++;
          else [quiet, last] = [0, window.scrollY];
          if (quiet >= want) resolve(true);
          else if (++seen >= max) resolve(false);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    [frames, limit],
  );
}

test('smooth scroll: an in-page jump glides, each frame covering 15% of the distance left (easing 0.85)', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/usage/secrets`);
  await hydrated(page);
  // Every scroll event reports one frame's step: the glide moves the window once per animation frame.
  await page.evaluate(() => {
    window.__positions = [window.scrollY];
    window.addEventListener('scroll', () => window.__positions.push(window.scrollY));
  });
  const link = page.locator('.toc a').nth(-3);
  const hash = await link.getAttribute('href');
  await link.click();
  // The glide is over once the window has stood still for a few frames.
  await page.waitForFunction(() => window.scrollY > 0);
  assert.equal(await still(page), true, 'the glide ends');
  const positions = (await page.evaluate(() => window.__positions)).filter((y, i, all) => i === 0 || y !== all[i - 1]);
  const target = positions.at(-1);
  assert.equal(positions[0], 0);
  assert.ok(target > 2000, `a long way down (${target}px)`);
  assert.ok(positions.length > 20, `the window glided in ${positions.length - 1} steps: ${positions.slice(0, 12)}`);
  for (let i = 1; i < positions.length; i++) {
    const expected = target + Math.trunc((positions[i - 1] - target) * 0.85);
    assert.ok(Math.abs(positions[i] - expected) <= 1, `step ${i}: ${positions[i - 1]} -> ${positions[i]}, expected ${expected} (target ${target})`);
  }
  // It ends where the browser's own jump would have: the heading just below the navbar, and the
  // browser's fragment navigation still happened (address, :target).
  assert.equal(new URL(page.url()).hash, hash);
  const heading = await page.evaluate((id) => {
    const el = document.getElementById(decodeURIComponent(id));
    return { top: el.getBoundingClientRect().top, target: el.matches(':target') };
  }, hash.slice(1));
  assert.ok(Math.abs(heading.top - 72) <= 1, `heading at ${heading.top}px`);
  assert.equal(heading.target, true);
  assert.deepEqual(problems, []);
  await context.close();
});

test('smooth scroll: the reader’s own scrolling stops a glide, and reduced motion jumps at once', async () => {
  const { page, context } = await openPage(site.browser, `${site.base}/docs/usage/secrets`);
  await hydrated(page);
  const hash = await page.locator('.toc a').nth(-3).getAttribute('href');
  await page.locator('.toc a').nth(-3).click();
  await page.waitForFunction(() => window.scrollY > 100);
  await page.mouse.move(700, 400);
  await page.mouse.wheel(0, -50);
  // Stopped: the window stands still short of the heading the glide was going to (a glide that went
  // on would move on every frame until it got there).
  assert.equal(await still(page), true, 'the window stands still');
  const top = await page.evaluate((id) => document.getElementById(decodeURIComponent(id)).getBoundingClientRect().top, hash.slice(1));
  assert.ok(top > 72 + 1, `the glide stopped where the reader took over, the heading still ${top}px down`);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await still(page);
  await page.evaluate(() => {
    window.__positions = [];
    window.addEventListener('scroll', () => window.__positions.push(window.scrollY));
  });
  await page.locator('.toc a').nth(-2).click();
  await page.waitForFunction(() => window.__positions.length > 0);
  await still(page);
  const positions = await page.evaluate(() => window.__positions);
  assert.equal(new Set(positions).size, 1, `one jump: ${positions.slice(0, 10)}`);
  await context.close();
});

test('scheduler: hydration yields to the browser in slices of about 5 ms', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1400, height: 900 } });
  // React's scheduler runs its work in MessageChannel tasks, one per slice: time each of them, and
  // note when the page became interactive. The time is the page's own clock, which moves 0.1 ms
  // each time it is read: the scheduler reads it after every unit of work and yields once 5 ms have
  // passed on it, so a slice's length here counts the units the scheduler took before yielding,
  // whatever the machine's speed or load (on the wall clock, a busy machine stretches any slice).
  await context.addInitScript(() => {
    let clock = 0;
    Object.defineProperty(Performance.prototype, 'now', { configurable: true, value: () => (clock += 0.1) });
    window.__slices = [];
    const own = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      configurable: true,
      get() {
        return own.get.call(this);
      },
      set(fn) {
        const timed =
          typeof fn === 'function'
            ? function (event) {
                const start = performance.now();
                try {
                  return fn.call(this, event);
                } finally {
                  window.__slices.push([start, performance.now() - start]);
                }
              }
            : fn;
        own.set.call(this, timed);
      },
    });
    new MutationObserver(() => {
      if (!window.__hydratedAt && document.documentElement && document.documentElement.dataset.hydrated) window.__hydratedAt = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  const page = await context.newPage();
  await page.goto(`${site.base}/docs/reference/cli/pipeline/exec`, { waitUntil: 'load' });
  await hydrated(page);
  const { slices, hydratedAt } = await page.evaluate(() => ({ slices: window.__slices, hydratedAt: window.__hydratedAt }));
  const hydration = slices.filter(([start]) => start <= hydratedAt).map(([, duration]) => duration);
  const shown = hydration.map((d) => d.toFixed(1)).join(', ');
  assert.ok(hydration.length >= 5, `hydration ran in ${hydration.length} slices (${shown} ms): it must yield to the browser`);
  const sorted = [...hydration].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  assert.ok(median >= 4.5 && median < 11, `a slice lasts about 5 ms: median ${median.toFixed(1)} ms of ${shown}`);
  await context.close();
});

test('highlighting: ?highlight= marks partial words in any case, and * and ? are plain characters', async () => {
  const url = `${site.base}/docs/usage/schedule_build?highlight=${encodeURIComponent('SCHEDUL */4 entr?')}`;
  const { page, context, problems } = await openPage(site.browser, url);
  await page.waitForSelector('mark.search-highlight');
  const marked = await page.$$eval('mark.search-highlight', (ms) => ms.map((m) => m.textContent));
  // Partial and case-insensitive: "SCHEDUL" lights up "Schedules", "schedule" and "SCHEDULE".
  for (const form of ['Schedul', 'schedul', 'SCHEDUL']) assert.ok(marked.includes(form), `"${form}" in ${[...new Set(marked)]}`);
  // Literal: "*/4" matches the cron entry "0 */4 * * *" and nothing else; "entr?" is no wildcard for
  // "entry", which the page says many times.
  assert.ok(marked.includes('*/4'), `the literal "*/4" is marked: ${[...new Set(marked)]}`);
  assert.deepEqual([...new Set(marked.map((m) => m.toLowerCase()))].sort(), ['*/4', 'schedul']);
  assert.ok((await page.textContent('.markdown')).includes('entry'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('highlighting: it waits up to 5000 ms for the page to appear, then gives up', async () => {
  const { page, context } = await openPage(site.browser, `${site.base}/docs/usage/quickstart`);
  await hydrated(page);
  // The page's timers run on Playwright's clock, moved by hand, so the 5000 ms are the page's own
  // and not the machine's: how long the data takes to arrive changes nothing. The highlighter's
  // 5000 ms timer is counted, to move the clock only once it is set.
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.evaluate(() => {
    const own = window.setTimeout;
    window.__waits = 0;
    window.setTimeout = function (fn, ms, ...rest) {
      if (ms === 5000) window.__waits++;
      return own.call(this, fn, ms, ...rest);
    };
  });
  // Opening a page the shell has not loaded yet (the way the back button does) shows the loading
  // state first; the page's data arrives once the clock has moved by `delay`.
  const open = async (path, delay) => {
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(`**/docs/__data${path}.json`, async (route) => {
      await held;
      await route.continue();
    });
    const waits = await page.evaluate(() => window.__waits);
    await page.evaluate((p) => {
      history.pushState({}, '', p);
      window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    }, `/docs${path}?highlight=secret`);
    await page.locator('.page-loading').waitFor();
    await page.waitForFunction((n) => window.__waits === n + 1, waits);
    await page.clock.runFor(delay);
    release();
    await page.locator('.doc-article h1').waitFor();
  };
  await open('/usage/secrets', 4300);
  await page.waitForSelector('mark.search-highlight');
  assert.ok((await page.locator('.markdown mark.search-highlight').count()) > 3, 'marked after 4.3 s of waiting');
  // (Marks come in the same task as the content they mark: none by the time the page shows, none.)
  await open('/usage/tour/secrets', 5700);
  assert.match(await page.textContent('.markdown'), /secret/i);
  assert.equal(await page.locator('mark.search-highlight').count(), 0, 'not marked after 5.7 s: the wait had timed out');
  await context.close();
});
