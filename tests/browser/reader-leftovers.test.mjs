// Readers' problems left after session 19: the Copy button's result said to screen readers and a copy
// that works without the asynchronous clipboard API (plain http from a LAN address), printing a page,
// heading anchors for keyboard and touch readers, the phone table of contents on blog posts, and
// focus rings that a clipping box (a code block, the sidebar's lists, the TOC) cut off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { frames, hydrated, openPage, shots, useSite } from './harness.mjs';

const site = useSite();
const install = '/docs/installation/install-vela';
const post = '/docs/blog/first-blog-post';
const slack = '/docs/usage/plugins/registry/slack'; // a link to another site in its text
const phone = { width: 360, height: 740, isMobile: true, hasTouch: true };

// listen records, from the first paint on, every text the copy live region and the Copy buttons
// take (a MutationObserver): the button says "Copy" again after a moment, so reading it once after
// the click could miss what it said. It also records the text of every copy event's selection.
const listen = () => {
  window.__said = [];
  window.__copied = [];
  document.addEventListener('copy', () => window.__copied.push(String(window.getSelection())));
  new MutationObserver(() => {
    const status = document.getElementById('copy-status');
    const button = document.querySelector('.copy-button');
    const now = `${button ? button.textContent : ''} | ${status ? status.textContent : ''}`;
    if (window.__said.at(-1) !== now) window.__said.push(now);
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

async function open(path, { viewport = { width: 1280, height: 800 }, init, permissions, colorScheme = 'light' } = {}) {
  const { isMobile, hasTouch, ...size } = viewport;
  const context = await site.browser.newContext({ viewport: size, isMobile, hasTouch, colorScheme, permissions });
  if (init) for (const script of [].concat(init)) await context.addInitScript(script);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await page.goto(site.base + path, { waitUntil: 'networkidle' });
  await hydrated(page);
  return { context, page, problems };
}

// copyFirst clicks the first code block's Copy button and waits until the live region has said
// something; it returns the block's code and what was said.
async function copyFirst(page) {
  const button = page.locator('.code-block .copy-button').first();
  const code = await page.locator('.code-block').first().locator('code').textContent();
  await button.click();
  await page.waitForFunction(() => window.__said.some((s) => !s.endsWith('| ')));
  return { code, said: await page.evaluate(() => window.__said) };
}

test('copy: the live region is in the served page, and says "Copied" after a copy through the clipboard API', async () => {
  const html = await (await fetch(site.base + install)).text();
  assert.match(html, /<p id="copy-status" class="visually-hidden" role="status"><\/p>/, 'an empty live region in the server-rendered page');
  const { context, page, problems } = await open(install, { init: listen, permissions: ['clipboard-read', 'clipboard-write'] });
  assert.equal(await page.evaluate(() => typeof navigator.clipboard.writeText), 'function');
  const { code, said } = await copyFirst(page);
  assert.ok(code.includes('brew install'), `the first code block is the Homebrew one: ${code}`);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code, 'the clipboard holds the code as written');
  assert.ok(said.includes('Copied | Copied the code to the clipboard'), `said: ${JSON.stringify(said)}`);
  assert.equal(await page.evaluate(() => String(window.getSelection())), '', 'nothing left selected');
  assert.deepEqual(problems, []);
  await context.close();
});

test('copy without navigator.clipboard (plain http from a LAN address): the legacy copy command copies the code, and says so', async () => {
  const noClipboard = () => delete Navigator.prototype.clipboard;
  const { context, page, problems } = await open(install, { init: [noClipboard, listen] });
  assert.equal(await page.evaluate(() => navigator.clipboard), undefined);
  const { code, said } = await copyFirst(page);
  // A selection's text leaves out the newline that ends the last line.
  assert.deepEqual(await page.evaluate(() => window.__copied), [code.replace(/\n$/, '')], 'one copy event, of the code block’s text');
  assert.ok(said.includes('Copied | Copied the code to the clipboard'), `said: ${JSON.stringify(said)}`);
  assert.equal(await page.evaluate(() => String(window.getSelection())), '', 'the selection made for the copy is gone again');
  assert.deepEqual(problems, []);
  await context.close();
});

test('copy when the browser refuses every way to copy: the code is left selected and the reader told to press Ctrl+C', async () => {
  const refuse = () => {
    delete Navigator.prototype.clipboard;
    Document.prototype.execCommand = () => false;
  };
  const { context, page, problems } = await open(install, { init: [refuse, listen] });
  const { code, said } = await copyFirst(page);
  assert.equal(await page.evaluate(() => String(window.getSelection())), code.replace(/\n$/, ''), 'the code block’s text is selected');
  assert.ok(said.includes('Selected | The code is selected: press Ctrl+C to copy it'), `said: ${JSON.stringify(said)}`);
  // The button's "Selected" leaves the end of the first line readable, as "Copied" does.
  const room = await page.evaluate(() => {
    const button = document.querySelector('.copy-button');
    button.textContent = 'Selected';
    const line = document.querySelector('.code-block .line');
    return parseFloat(getComputedStyle(line).paddingRight) - button.getBoundingClientRect().width - 8;
  });
  assert.ok(room >= 0, `the first line reserves room for "Selected" (${room}px)`);
  assert.deepEqual(problems, []);
  await context.close();
});

// printed reads, in print emulation, what of the site's furniture is shown and what sticks out.
async function printed(page) {
  await page.emulateMedia({ media: 'print' });
  await frames(page, 2);
  return page.evaluate(() => {
    const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.checkVisibility()).length;
    const luminance = (rgb) => {
      const [r, g, b] = rgb.match(/\d+/g).map(Number).map((c) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    // Tokens of white space (chroma's .w is white) print nothing.
    const tokens = [...document.querySelectorAll('.code-block .chroma span span')].filter((s) => s.textContent.trim() !== '').map((s) => luminance(getComputedStyle(s).color));
    const external = document.querySelector('.markdown a[href^="http"]');
    return {
      furniture: Object.fromEntries(
        ['.announcement', '.navbar', '.doc-sidebar', '.doc-toc', '.toc-mobile', '.blog-sidebar', '.blog-toc', '.copy-button', '.hash-link', '.pagination-nav', '.footer', '.search-input']
          .map((sel) => [sel, shown(sel)])
          .filter(([, n]) => n > 0),
      ),
      content: shown('.markdown'),
      pageWider: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      codeCut: [...document.querySelectorAll('.code-block pre')].map((p) => p.scrollWidth - p.clientWidth).filter((d) => d > 1),
      tableCut: [...document.querySelectorAll('.table-wrap')].map((w) => w.scrollWidth - w.clientWidth).filter((d) => d > 1),
      text: luminance(getComputedStyle(document.body).color),
      palestToken: tokens.length ? Math.max(...tokens) : 0,
      externalAfter: external ? [external.getAttribute('href'), getComputedStyle(external, '::after').content] : null,
    };
  });
}

for (const colorScheme of ['light', 'dark']) {
  test(`print (${colorScheme} theme): only the content, code and tables within the page, dark text, links’ addresses`, async () => {
    // 720 px: the width of an A4 page's printable area at Chromium's default margins.
    const { context, page, problems } = await open(install, { viewport: { width: 720, height: 1000 }, colorScheme });
    for (const path of [install, '/docs/reference/cli/pipeline/exec', '/docs/reference/installation/server/database', slack, post]) {
      await page.emulateMedia({ media: 'screen' });
      await page.goto(site.base + path, { waitUntil: 'networkidle' });
      await hydrated(page);
      const p = await printed(page);
      assert.deepEqual(p.furniture, {}, `${path}: nothing but the content is printed`);
      assert.equal(p.content, 1, `${path}: the content is printed`);
      assert.ok(p.pageWider <= 0, `${path}: the page is ${p.pageWider}px wider than the paper`);
      assert.deepEqual(p.codeCut, [], `${path}: code blocks cut at the page's edge (px hidden)`);
      assert.deepEqual(p.tableCut, [], `${path}: tables cut at the page's edge (px hidden)`);
      assert.ok(p.text < 0.05, `${path}: the text is dark on paper (luminance ${p.text})`);
      assert.ok(p.palestToken < 0.3, `${path}: no pale code on paper (luminance ${p.palestToken})`);
      if (p.externalAfter) assert.ok(p.externalAfter[1].includes(p.externalAfter[0]), `${path}: an external link prints its address: ${p.externalAfter}`);
      if (path === slack) assert.ok(p.externalAfter, `${path} has a link to another site`);
      if (path === install) {
        await page.screenshot({ path: `${shots}/print-${colorScheme}-install.png`, fullPage: true });
      }
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('heading anchors: hidden until hover or focus with a mouse, shown on keyboard focus, always shown (muted, readable) on a touch screen', async () => {
  const desk = await open(install);
  const anchor = desk.page.locator('.markdown h2 .hash-link').first();
  assert.equal(await anchor.evaluate((a) => getComputedStyle(a).opacity), '0', 'hidden on a desktop at rest');
  await desk.page.locator('.markdown h2').first().hover();
  assert.equal(await anchor.evaluate((a) => getComputedStyle(a).opacity), '1', 'shown on hover');
  await desk.page.mouse.move(0, 0);
  // Tab from the heading itself, as a keyboard reader gets there.
  await desk.page.locator('.markdown h2').first().evaluate((h) => {
    h.setAttribute('tabindex', '-1');
    h.focus();
  });
  await desk.page.keyboard.press('Tab');
  assert.equal(await desk.page.evaluate(() => document.activeElement.className), 'hash-link');
  assert.equal(await anchor.evaluate((a) => getComputedStyle(a).opacity), '1', 'shown on keyboard focus');
  await desk.context.close();

  const touch = await open(install, { viewport: phone });
  const shown = await touch.page.evaluate(() => {
    const a = document.querySelector('.markdown h2 .hash-link');
    const s = getComputedStyle(a);
    return { opacity: s.opacity, color: s.color, weight: s.fontWeight, heading: getComputedStyle(a.parentElement).color };
  });
  assert.equal(shown.opacity, '1', 'shown on a touch screen');
  assert.notEqual(shown.color, shown.heading, 'in a muted colour, not the heading’s');
  assert.equal(shown.weight, '400', 'light beside the bold heading');
  await touch.page.locator('.markdown h2').first().scrollIntoViewIfNeeded();
  await touch.page.screenshot({ path: `${shots}/anchors-phone.png` });
  assert.deepEqual([...desk.problems, ...touch.problems], []);
  await touch.context.close();
});

test('blog post on a phone: a closed "On this page" under the header with the post’s headings, closing once one is chosen', async () => {
  const html = await (await fetch(site.base + post)).text();
  assert.match(html, /<details class="toc-mobile"><summary>On this page<\/summary>/, 'in the server-rendered post');
  const { context, page, problems } = await open(post, { viewport: phone });
  const disclosure = page.locator('details.toc-mobile');
  assert.equal(await disclosure.isVisible(), true);
  assert.equal(await disclosure.evaluate((d) => d.open), false, 'closed at first');
  assert.equal(await disclosure.evaluate((d) => d.previousElementSibling.tagName === 'HEADER' && d.previousElementSibling.querySelector('h1') !== null), true, 'right under the post’s header');
  const entries = (sel) => page.locator(sel).evaluateAll((as) => as.map((a) => `${a.getAttribute('href')} ${a.textContent}`));
  const wide = await entries('.blog-toc .toc a');
  assert.ok(wide.length >= 3, `the post has its headings (${wide.length})`);
  assert.deepEqual(await entries('.toc-mobile a'), wide, 'the entries of the wide screen’s TOC');
  await disclosure.locator('summary').click();
  const last = disclosure.locator('a').last();
  const hash = await last.getAttribute('href');
  await last.click();
  await page.waitForURL((url) => url.hash === hash);
  assert.equal(await disclosure.evaluate((d) => d.open), false, 'closed after the choice');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => window.innerWidth === 1280);
  assert.equal(await disclosure.isVisible(), false, 'not on a wide screen, which has the TOC column');
  assert.deepEqual(problems, []);
  await context.close();
});

// cutRings focuses every focusable element of the page that is shown and reports those whose focus
// ring a box that clips its content (overflow other than visible) cuts on some side, while the
// element itself lies within that box.
async function cutRings(page) {
  await page.keyboard.press('Tab'); // the keyboard's focus, which shows rings (:focus-visible)
  return page.evaluate(() => {
    const out = [];
    let ringed = 0;
    for (const el of document.querySelectorAll('a[href], button, [tabindex="0"], summary')) {
      if (!el.checkVisibility()) continue;
      el.focus();
      if (document.activeElement !== el) continue;
      const s = getComputedStyle(el);
      if (s.outlineStyle === 'none') continue;
      ringed++;
      const grow = parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth);
      const r = el.getBoundingClientRect();
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        const b = getComputedStyle(box);
        if (b.overflowX === 'visible' && b.overflowY === 'visible') continue;
        const c = box.getBoundingClientRect();
        const left = c.left + parseFloat(b.borderLeftWidth);
        const top = c.top + parseFloat(b.borderTopWidth);
        const clip = { left, top, right: left + box.clientWidth, bottom: top + box.clientHeight };
        const within = r.left >= clip.left - 1 && r.right <= clip.right + 1 && r.top >= clip.top - 1 && r.bottom <= clip.bottom + 1;
        const cut = Math.max(clip.left - (r.left - grow), clip.top - (r.top - grow), r.right + grow - clip.right, r.bottom + grow - clip.bottom);
        if (within && cut > 1) {
          out.push(`${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}" cut ${cut.toFixed(1)}px by .${box.className}`);
          break;
        }
      }
    }
    return { ringed, cut: out };
  });
}

test('focus rings: none is cut off by a code block, the sidebar, the TOC or the mobile menu (desktop and phone)', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, phone]) {
    const { context, page, problems } = await open(install, { viewport });
    for (const path of [install, '/docs/reference/cli/pipeline/exec', '/docs/usage/secrets', post]) {
      await page.goto(site.base + path, { waitUntil: 'networkidle' });
      await hydrated(page);
      assert.ok((await page.locator('.code-block pre').count()) > 0 || path === post, `${path} has code blocks`);
      const { ringed, cut } = await cutRings(page);
      assert.ok(ringed >= 5, `${path} at ${viewport.width} px: ${ringed} elements were focused with a ring`);
      assert.deepEqual(cut, [], `${path} at ${viewport.width} px`);
    }
    if (viewport.isMobile) {
      await page.click('button[aria-label="Toggle navigation bar"]');
      await page.locator('.mobile-menu').waitFor();
      const { ringed, cut } = await cutRings(page);
      assert.ok(ringed >= 5, `the mobile menu: ${ringed} elements were focused with a ring`);
      assert.deepEqual(cut, [], 'the mobile menu');
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});
