// docsd watch in a real browser, with the edits issues #16 and #21 name and no other browser test
// made: on the MDX fixture (testdata/sites/mdx) a partial edit and a site component edit show on the
// open page that imports them without a reload, and an MDX syntax error shows the overlay at
// file:line:col while the page keeps its last good content; on a Docusaurus project set up by
// `docsd init --from-docusaurus` (testdata/docusaurus/vela), an edit of its sidebars.js shows in the
// open page's sidebar without a reload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { docsd, hydrated, launchBrowser, openPage, root, servingAt, spawnDocsd, tempDir } from './harness.mjs';

const procs = [];
let browser;

// watch starts docsd watch on project and resolves with the address it serves at.
function watch(project) {
  const proc = spawnDocsd(['watch', '--root', project, '--addr', '127.0.0.1:0']);
  procs.push(proc);
  return servingAt(proc, /serving at (http:\/\/[^\s/]+)\//);
}

// save writes a file whole, as editors that save through a temporary file do (a hidden name docsd
// skips, then a rename): a save the watcher reads half-written would test something else (an MDX
// page read without its imports moves the shell's entry and reloads open pages, see the audit).
function save(file, text) {
  const tmp = join(dirname(file), `.${basename(file)}.saving`);
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

// edit replaces `from` by `to` in file, which must contain it; it returns the text before.
function edit(file, from, to) {
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `${file} does not contain ${from}`);
  save(file, text.replace(from, to));
  return text;
}

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  for (const p of procs) p.kill();
});

test('MDX under docsd watch: partial and component edits show in place; a syntax error shows the overlay at file:line:col and the last good page stays', async () => {
  const project = tempDir('docsd-mdx-edits-');
  cpSync(join(root, 'testdata/sites/mdx'), project, { recursive: true });
  symlinkSync(join(root, 'site'), join(project, 'site'));
  const base = await watch(project);
  const { page, context, problems } = await openPage(browser, `${base}/docs/guide/install`, { live: true });
  await hydrated(page);
  await page.evaluate(() => (window.__sameDocument = true));

  // The partial: the page that shows it updates.
  edit(join(project, 'content/docs/guide/_shared-note.mdx'), 'once per machine', 'once per user account');
  await page.waitForSelector('text=once per user account');

  // A site component: the bundle is made again, and the page shows the new markup.
  edit(join(project, 'src/components/Badge.jsx'), 'fixture-badge fixture-badge-', 'fixture-badge edited-badge fixture-badge-');
  await page.waitForSelector('.edited-badge');
  assert.equal(await page.locator('.edited-badge').textContent(), '2.1');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');

  // An MDX syntax error: the overlay names the file, line and column; the page stays as it was.
  const file = join(project, 'content/docs/guide/install.mdx');
  const good = edit(file, '## Shared step', '## Shared step\n\n<Badge tone="x"');
  await page.waitForSelector('#docsd-dev-overlay');
  assert.match(await page.textContent('#docsd-dev-overlay'), /content\/docs\/guide\/install\.mdx:\d+:\d+/);
  assert.ok(await page.isVisible('text=once per user account'), 'the last good page stays');
  assert.equal(await page.locator('.tabs-container').count(), 2);
  const served = await (await fetch(`${base}/docs/guide/install`)).text();
  assert.match(served, /role="tablist"/, 'the server keeps serving the last good page');

  // Fixed: the overlay goes and the edit made while it was broken shows.
  save(file, good.replace('is the current one.', 'is the fixed one.'));
  await page.waitForSelector('#docsd-dev-overlay', { state: 'detached' });
  await page.waitForSelector('text=is the fixed one.');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a Docusaurus project under docsd watch: a sidebars.js edit shows in the open page\'s sidebar', async () => {
  const project = tempDir('docsd-docusaurus-edits-');
  cpSync(join(root, 'testdata/docusaurus/vela'), project, { recursive: true });
  execFileSync(docsd, ['init', '--from-docusaurus', '.', '--root', project], { cwd: project, stdio: ['ignore', 'ignore', 'pipe'] });
  const base = await watch(project);
  // (Not intro, whose deliberate broken link keeps the overlay open with the page's own problems.)
  const { page, context, problems } = await openPage(browser, `${base}/docs/install/linux`, { live: true });
  await hydrated(page);
  await page.evaluate(() => (window.__sameDocument = true));
  assert.equal(await page.locator('#docsd-dev-overlay').count(), 0);
  const sidebar = () => page.locator('nav.sidebar-nav');
  assert.match(await sidebar().textContent(), /Install/);

  edit(join(project, 'sidebars.js'), "label: 'Install',", "label: 'Installing Rover',");
  await page.waitForFunction(() => /Installing Rover/.test(document.body.textContent));
  assert.match(await sidebar().textContent(), /Installing Rover/);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');

  // A sidebars file that does not evaluate: the overlay names it, the sidebar stays.
  const good = edit(join(project, 'sidebars.js'), 'export default sidebars;', 'export default sidebars +;');
  await page.waitForSelector('#docsd-dev-overlay');
  assert.match(await page.textContent('#docsd-dev-overlay'), /sidebars\.js/);
  assert.match(await sidebar().textContent(), /Installing Rover/);
  save(join(project, 'sidebars.js'), good);
  await page.waitForSelector('#docsd-dev-overlay', { state: 'detached' });
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue #16: bad input in the middle of a storm of saves. The open page is the one whose file goes
// bad; another file is saved many times around it. The overlay names the bad file, the page keeps
// its last good content, and once the file is fixed every save of the storm is served.
test('a storm of saves with bad input in the middle: the overlay names the file, the last good page stays', async () => {
  const project = tempDir('docsd-storm-');
  cpSync(join(root, 'testdata/sites/mdx'), project, { recursive: true });
  symlinkSync(join(root, 'site'), join(project, 'site'));
  const base = await watch(project);
  const { page, context, problems } = await openPage(browser, `${base}/docs/guide/intro`, { live: true });
  await hydrated(page);
  await page.evaluate(() => (window.__sameDocument = true));
  const intro = join(project, 'content/docs/guide/intro.md');
  const other = join(project, 'content/docs/guide/install.mdx');
  const good = readFileSync(intro, 'utf8');
  const otherText = readFileSync(other, 'utf8');
  for (let i = 0; i < 12; i++) {
    save(other, otherText.replace('is the current one.', `is the current one, save ${i}.`));
    if (i === 6) save(intro, '---\nsidebar_position: [1\n---\n\n# Introduction\n');
  }
  await page.waitForSelector('#docsd-dev-overlay');
  await page.waitForFunction(() => /content\/docs\/guide\/intro\.md:2/.test(document.querySelector('#docsd-dev-overlay')?.textContent || ''));
  assert.ok(await page.isVisible('text=The install page'), 'the last good page stays');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  save(intro, good.replace('A Markdown page.', 'A Markdown page, fixed after the storm.'));
  await page.waitForSelector('#docsd-dev-overlay', { state: 'detached' });
  await page.waitForSelector('text=fixed after the storm');
  const served = await (await fetch(`${base}/docs/guide/install`)).text();
  assert.match(served, /is the current one, save 11\./, 'the last save of the storm is served');
  assert.deepEqual(problems, []);
  await context.close();
});
