// The reader's side of issue #22: reference tables that fit their column (or show that they
// scroll), flag names that wrap only at name boundaries, phone details (copy button, a one-line
// announcement, the API summary table), titles as sidebar labels, category breadcrumbs in search,
// and the blog's sidebar on posts, reference tables on a phone one block per row. It also writes
// screenshots of the reference tables at 1280 and 1920 px and on a phone, light and dark, to
// test-results/screenshots/reader-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frames, hydrated, root, shots, useSite } from './harness.mjs';

const site = useSite();

// The widest reference tables of the site before the change (up to 901 px hidden at 1280 px).
const wide = [
  '/docs/reference/cli/pipeline/exec',
  '/docs/reference/installation/server/database',
  '/docs/reference/installation/server/compiler',
  '/docs/reference/cli/pipeline/validate',
  '/docs/reference/installation/worker/executor',
  '/docs/usage/plugins/registry/artifactory',
  '/docs/reference/installation/server/tracing',
  '/docs/reference/installation/worker/runtime',
  '/docs/reference/installation/server/scm',
];

async function open(viewport, path, extra = {}) {
  const context = await site.browser.newContext({ viewport, deviceScaleFactor: 1, ...extra });
  const page = await context.newPage();
  await page.goto(site.base + path, { waitUntil: 'networkidle' });
  await hydrated(page);
  return { context, page };
}

async function axe(page) {
  await frames(page, 2); // the tables' scroll marks are in (see tables)
  await page.addScriptTag({ path: join(root, 'node_modules', 'axe-core', 'axe.min.js') });
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] }),
  );
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`);
}

// tables reports, for each table of the content, how far it sticks out of its column and whether
// its wrapper then shows the scroll affordance (data-overflow, which fades the hidden edge). The marks
// come from a ResizeObserver the page starts as it hydrates: its first report comes with the next
// frame, so two frames go by before the tables are read (on a busy machine, hydrated alone comes
// before that frame).
async function tables(page) {
  await frames(page, 2);
  return page.evaluate(() =>
    [...document.querySelectorAll('.markdown .table-wrap')].map((wrap) => ({
      hidden: wrap.scrollWidth - wrap.clientWidth,
      beyondColumn: wrap.getBoundingClientRect().right - wrap.closest('.markdown').getBoundingClientRect().right,
      affordance: wrap.getAttribute('data-overflow'),
      mask: getComputedStyle(wrap).maskImage,
      display: getComputedStyle(wrap.querySelector('table')).display,
    })),
  );
}

for (const [name, viewport] of [
  ['1280', { width: 1280, height: 900 }],
  ['1920', { width: 1920, height: 1080 }],
]) {
  test(`reference tables at ${name} px fit their column, or show that they scroll`, async () => {
    const { context, page } = await open(viewport, wide[0]);
    let fitting = 0;
    for (const path of wide) {
      await page.goto(site.base + path, { waitUntil: 'networkidle' });
      await hydrated(page);
      for (const t of await tables(page)) {
        assert.ok(t.beyondColumn <= 1, `${path}: a table's wrapper sticks out of the column by ${t.beyondColumn}px`);
        assert.equal(t.display, 'table', `${path}: a table is not laid out as a table at ${name} px`);
        if (t.hidden <= 1) fitting++;
        else assert.ok(t.affordance && t.mask !== 'none', `${path}: a table hides ${t.hidden}px with no scroll affordance`);
      }
    }
    const total = await page.evaluate(() => document.querySelectorAll('.markdown .table-wrap').length);
    assert.ok(total > 0);
    if (name === '1920') {
      // Wide screens widen the column for wide tables: none of the sample scrolls.
      const { hidden } = { hidden: (await tables(page)).filter((t) => t.hidden > 1).length };
      assert.equal(hidden, 0);
      const width = await page.evaluate(() => document.querySelector('.doc-article').getBoundingClientRect().width);
      assert.ok(width > 1000, `the content column is ${width}px at 1920 px on a page with wide tables`);
    }
    assert.ok(fitting > 0);
    await context.close();
  });
}

test('a flag in a table never wraps after its leading dashes, and names wrap only after . - _ /', async () => {
  const { context, page } = await open({ width: 1280, height: 900 }, wide[0]);
  for (const path of [wide[0], wide[2], '/docs/reference/cli/pipeline/validate', '/docs/reference/installation/server/scm']) {
    await page.goto(site.base + path, { waitUntil: 'networkidle' });
    const bad = await page.evaluate(() => {
      const problems = [];
      for (const code of document.querySelectorAll('.markdown td code')) {
        const text = code.textContent;
        // Walk the characters and note where a new line box starts.
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        let prevTop = null;
        let before = '';
        while (walker.nextNode()) {
          const node = walker.currentNode;
          for (let i = 0; i < node.length; i++) {
            const r = document.createRange();
            r.setStart(node, i);
            r.setEnd(node, i + 1);
            const rect = [...r.getClientRects()].find((x) => x.width > 0);
            if (!rect) {
              before += node.data[i];
              continue;
            }
            if (prevTop !== null && rect.top > prevTop + 2) {
              const prev = before[before.length - 1];
              const leading = /^-+$/.test(before);
              const digest = code.querySelector('.break-any') && code.querySelector('.break-any').contains(node);
              if (leading || (!'.-_/ ,'.includes(prev) && !digest)) problems.push(`${text} breaks after "${before}"`);
            }
            prevTop = rect.top;
            before += node.data[i];
          }
        }
      }
      return problems;
    });
    assert.deepEqual(bad, [], path);
  }
  await context.close();
});

test('phone: copy button visible without hover, one-line announcement, API summary table fits', async () => {
  const phone = { viewport: { width: 390, height: 844 }, extra: { isMobile: true, hasTouch: true } };
  const { context, page } = await open(phone.viewport, '/docs/reference/api/build/add', phone.extra);
  const copy = page.locator('.copy-button').first();
  await copy.scrollIntoViewIfNeeded();
  assert.equal(await copy.evaluate((b) => getComputedStyle(b).opacity), '1');
  const lines = await page.locator('.announcement-content').evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return new Set([...r.getClientRects()].filter((x) => x.width > 0 && x.height > 0).map((x) => Math.round(x.top))).size;
  });
  assert.equal(lines, 1, 'the announcement takes more than one line on a phone');
  // The summary table (Method, Path, Permission) shows the permission without scrolling.
  const summary = await page.evaluate(() => {
    const wrap = document.querySelector('.markdown .table-wrap');
    const perm = wrap.querySelector('tbody td:last-child').getBoundingClientRect();
    return { hidden: wrap.scrollWidth - wrap.clientWidth, right: perm.right, width: window.innerWidth };
  });
  assert.ok(summary.hidden <= 1 && summary.right <= summary.width, `the permission is off screen: ${JSON.stringify(summary)}`);
  await context.close();
});

// On a phone a table of three or more columns reads one block per row, each value under its column's
// name: nothing on the page scrolls sideways, and axe finds nothing in either theme.
test('phone: reference tables read one block per row with column names, and nothing scrolls sideways', async () => {
  const found = [];
  for (const colorScheme of ['light', 'dark']) {
    const { context, page } = await open({ width: 390, height: 844 }, wide[0], { isMobile: true, hasTouch: true, colorScheme });
    for (const path of [...wide, '/docs/reference/api/build/add']) {
      await page.goto(site.base + path, { waitUntil: 'networkidle' });
      await hydrated(page);
      const r = await page.evaluate(() => {
        const doc = document.documentElement;
        const stacks = [...document.querySelectorAll('.markdown .table-stack')];
        return {
          pageHidden: doc.scrollWidth - doc.clientWidth,
          tablesHidden: [...document.querySelectorAll('.markdown .table-wrap')].map((w) => w.scrollWidth - w.clientWidth).filter((h) => h > 1),
          stacks: stacks.length,
          rowsNotBlocks: stacks.map((w) => getComputedStyle(w.querySelector('tbody tr')).display).filter((d) => d !== 'block'),
          labels: stacks.flatMap((w) =>
            [...w.querySelectorAll('tbody td:not(:first-child)')].filter((td) => td.textContent.trim()).map((td) => [td.dataset.label, getComputedStyle(td, '::before').content]),
          ),
        };
      });
      assert.ok(r.pageHidden <= 0, `${path}: the page scrolls sideways by ${r.pageHidden}px at 390 px`);
      assert.deepEqual(r.tablesHidden, [], `${path}: tables scroll sideways at 390 px`);
      assert.ok(r.stacks > 0, `${path}: no table of three or more columns`);
      assert.deepEqual(r.rowsNotBlocks, [], `${path}: table rows are not shown as blocks`);
      assert.ok(r.labels.length > 0);
      for (const [label, content] of r.labels) assert.equal(content, JSON.stringify(label), `${path}: a value shows no column name`);
      for (const v of await axe(page)) found.push(`${colorScheme} ${path}: ${v}`);
    }
    await context.close();
  }
  assert.deepEqual(found, []);
});

test('sidebar items of API and CLI pages read as the page titles', async () => {
  const { context, page } = await open({ width: 1280, height: 900 }, '/docs/reference/api/build/add');
  const active = (await page.locator('.doc-sidebar .menu-link.active').textContent()).trim();
  assert.equal(active, 'Create a build');
  const bare = await page.locator('.doc-sidebar .menu-link').evaluateAll((as) => as.map((a) => a.textContent.trim()).filter((t) => ['add', 'get', 'view', 'update', 'remove'].includes(t)));
  assert.deepEqual(bare, []);
  await context.close();
});

test('search results name the categories above a page, not its folders, and keep table cells apart', async () => {
  const { context, page } = await open({ width: 1280, height: 900 }, '/docs/usage/quickstart');
  await page.waitForFunction(() => /Search/.test(document.querySelector('.navbar input')?.placeholder || ''));
  await page.fill('.navbar input', 'rulesets');
  await page.waitForSelector('.search-group-where');
  const where = await page.locator('.search-group-where').allTextContents();
  assert.ok(where.some((w) => /Tour/.test(w)), `breadcrumbs ${JSON.stringify(where)}`);
  assert.ok(!where.some((w) => /\btour\b/.test(w)), `folder names in ${JSON.stringify(where)}`);
  const docs = await page.evaluate(async () => {
    // The documents file is an entry pointing to chunks of documents (pkg/search/chunks.go).
    const name = [...performance.getEntriesByType('resource')].map((e) => e.name).find((n) => /search-docs-\d+\.json$/.test(n));
    const entry = await fetch(name).then((r) => r.json());
    for (let n = 0; n < entry.chunks; n++) {
      const chunk = await fetch(name.replace(/\.json$/, `-${n}.json`)).then((r) => r.json());
      const doc = chunk.searchDocs.find((d) => d.route === '/docs/reference/cli/pipeline/exec');
      if (doc) return doc;
    }
    return null;
  });
  assert.ok(docs.sections.some((s) => s[2].includes(' · ')), 'table cells run together in the snippets');
  await context.close();
});

test('a blog post keeps the blog sidebar', async () => {
  const { context, page } = await open({ width: 1280, height: 900 }, '/docs/blog/first-blog-post');
  assert.equal(await page.locator('aside.blog-sidebar').count(), 1);
  assert.ok(await page.locator('aside.blog-sidebar').isVisible());
  await context.close();
});

test('screenshots of the reference tables: 1280, 1920 and phone, light and dark', async () => {
  for (const [name, viewport, extra] of [
    ['1280', { width: 1280, height: 900 }, {}],
    ['1920', { width: 1920, height: 1080 }, {}],
    ['phone', { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
  ]) {
    for (const colorScheme of ['light', 'dark']) {
      for (const path of ['/docs/reference/cli/pipeline/exec', '/docs/reference/installation/worker/runtime', '/docs/reference/api/build/add']) {
        const { context, page } = await open(viewport, path, { ...extra, colorScheme });
        await page.evaluate(() => {
          const t = document.querySelectorAll('.markdown .table-wrap');
          (t[1] || t[0]).scrollIntoView({ block: 'start' });
          window.scrollBy(0, -80);
        });
        const slug = path.split('/').slice(-2).join('-');
        await page.screenshot({ path: join(shots, `reader-${slug}-${name}-${colorScheme}.png`) });
        await context.close();
      }
    }
  }
});

// A searched name inside a table's code is marked whole, though its <wbr> break points split it
// into several text nodes.
test('?highlight= marks a name inside a table cell whose code has break points', async () => {
  const { context, page } = await open({ width: 1280, height: 800 }, '/docs/usage/environment?highlight=VELA_BUILD_BRANCH');
  await page.waitForSelector('.markdown table mark.search-highlight');
  const marked = await page.$$eval('.markdown table mark.search-highlight', (ms) => ms.map((m) => m.textContent));
  assert.ok(marked.includes('VELA_BUILD_BRANCH'), `marks in tables: ${JSON.stringify(marked)}`);
  await context.close();
});

// textUnderCopyButton lists the code lines (their start) whose text is under the block's Copy
// button once the block is scrolled to its end: text the reader can never see.
function textUnderCopyButton(page) {
  return page.evaluate(() => {
    const hidden = [];
    for (const block of document.querySelectorAll('.code-block')) {
      const pre = block.querySelector('pre');
      const button = block.querySelector('.copy-button');
      if (!pre || !button) continue;
      pre.scrollLeft = pre.scrollWidth;
      const b = button.getBoundingClientRect();
      for (const line of pre.querySelectorAll('.line')) {
        const range = document.createRange();
        range.selectNodeContents(line);
        const under = [...range.getClientRects()].some((t) => t.width > 0 && t.right > b.left && t.left < b.right && t.bottom > b.top && t.top < b.bottom);
        if (under) hidden.push(line.textContent.slice(0, 40));
      }
    }
    return hidden;
  });
}

test('code blocks: no text stays under the Copy button, even as "Copied", on a phone or a desktop', async () => {
  const phone = [{ width: 390, height: 844 }, { isMobile: true, hasTouch: true }];
  for (const [viewport, extra] of [phone, [{ width: 1280, height: 800 }, {}]]) {
    for (const path of ['/docs/reference/sdk/go', '/docs/reference/cli/build/get', '/docs/usage/quickstart']) {
      const { context, page } = await open(viewport, path, extra);
      assert.ok((await page.locator('.code-block .copy-button').count()) >= 5, `${path} has code blocks`);
      assert.deepEqual(await textUnderCopyButton(page), [], `${path} at ${viewport.width} px`);
      // The wider label it shows once it copied.
      await page.evaluate(() => document.querySelectorAll('.copy-button').forEach((b) => (b.textContent = 'Copied')));
      assert.deepEqual(await textUnderCopyButton(page), [], `${path} at ${viewport.width} px, "Copied"`);
      await context.close();
    }
  }
});

test('the Copy button copies a code block exactly as its source has it, without blank lines added', async () => {
  // The fences of the page's Markdown, in order: what each code block of the page shows.
  const source = readFileSync(join(root, 'content', 'docs', 'usage', 'quickstart.md'), 'utf8');
  const fences = [...source.matchAll(/^```[^\n]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  const { context, page } = await open({ width: 1280, height: 800 }, '/docs/usage/quickstart');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
  const blocks = page.locator('.code-block');
  assert.equal(await blocks.count(), fences.length, 'one code block per fence');
  assert.ok(fences.length >= 5 && fences.some((f) => f.split('\n').length > 3), 'several blocks, some of several lines');
  for (let i = 0; i < fences.length; i++) {
    const button = blocks.nth(i).locator('.copy-button');
    await page.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
    await blocks.nth(i).hover();
    await button.click();
    await page.waitForFunction(async () => (await navigator.clipboard.readText()) !== '(nothing copied)');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), fences[i], `block ${i + 1}`);
  }
  await context.close();
});

test('narrow desktop windows (997 to 1280 px): the navbar fits, nothing in it overlaps, also with the search box focused', async () => {
  const found = [];
  for (const width of [997, 1024, 1100, 1229, 1230, 1280]) {
    const { context, page } = await open({ width, height: 700 }, '/docs/usage/quickstart');
    const measure = () =>
      page.evaluate(() => {
        const boxes = [...document.querySelectorAll('.navbar-brand, .navbar-items > *, .navbar-search')].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
        const brand = document.querySelector('.navbar-brand');
        return {
          sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          overlaps: boxes.filter((r, i) => i > 0 && r.left < boxes[i - 1].right - 0.5).length,
          offscreen: boxes.filter((r) => r.right > window.innerWidth).length,
          brandSquashed: brand.scrollWidth > brand.clientWidth,
        };
      });
    const ok = { sideways: 0, overlaps: 0, offscreen: 0, brandSquashed: false };
    const idle = await measure();
    if (JSON.stringify(idle) !== JSON.stringify(ok)) found.push(`${width} px: ${JSON.stringify(idle)}`);
    await page.focus('.search-input');
    // The box's width transition has ended (or there is none): its width stands still over two frames.
    await page.waitForFunction(() => {
      const w = document.querySelector('.search-input').getBoundingClientRect().width;
      const same = window.__lastSearchWidth === w;
      window.__lastSearchWidth = w;
      return same;
    }, null, { polling: 'raf' });
    const focused = await measure();
    if (JSON.stringify(focused) !== JSON.stringify(ok)) found.push(`${width} px, search focused: ${JSON.stringify(focused)}`);
    await context.close();
  }
  assert.deepEqual(found, []);
});

test('the smallest phones (320 px): no page kind scrolls sideways, and the navbar holds all its controls', async () => {
  const found = [];
  const pages = ['/docs/', '/docs/usage/quickstart', '/docs/reference/yaml/steps', '/docs/reference/api/build/add', '/docs/category/go', '/docs/blog', '/docs/blog/first-blog-post', '/docs/blog/tags', '/docs/blog/archive', '/docs/blog/authors', '/docs/versions', '/docs/no/such/page'];
  const { context, page } = await open({ width: 320, height: 640 }, '/docs/', { isMobile: true, hasTouch: true });
  for (const path of pages) {
    await page.goto(site.base + path, { waitUntil: 'networkidle' });
    await hydrated(page);
    const m = await page.evaluate(() => ({
      layout: window.innerWidth,
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      cut: [...document.querySelectorAll('.navbar-inner button, .navbar-inner a, .navbar-inner input')]
        .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((e) => e.getAttribute('aria-label') || e.textContent),
    }));
    if (m.layout !== 320 || m.sideways !== 0 || m.cut.length > 0) found.push(`${path}: ${JSON.stringify(m)}`);
  }
  assert.deepEqual(found, []);
  await context.close();
});
