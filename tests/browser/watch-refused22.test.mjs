// docsd watch: a page refused by the limit of browsers, whose source is edited while it waits,
// shows the edit once it gets in. It missed the update docsd sent the connected pages, and the
// shell reloads only a page that was connected before (a daemon back after stopping), so it kept
// the page as first served until the next edit.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillDevSockets, launchBrowser, liveRoute, servingAt, spawnDocsd, velaProject, WAIT } from './harness.mjs';

let proc;
let browser;
let base;
let project;

before(async () => {
  project = velaProject('docsd-watch-refused-');
  proc = spawnDocsd(['watch', '--root', project, '--addr', '127.0.0.1:0']);
  base = await servingAt(proc, /serving at (http:\/\/[^\s/]+)\//);
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
  proc.kill();
});

test('a page refused by the limit of browsers shows the edits saved while it waited, once it gets in', async () => {
  const page = await browser.newPage();
  const live = liveRoute(page);
  await page.goto(`${base}/docs/usage/quickstart`, { waitUntil: 'networkidle' });
  await live;
  // This page's dev client holds one place; 63 more sockets fill the 64.
  await fillDevSockets(page, base, 63);
  const refused = await browser.newPage();
  await refused.goto(`${base}/docs/usage/authenticate`, { waitUntil: 'networkidle' });
  await refused.getByRole('status').filter({ hasText: /64 browsers are connected already/ }).waitFor({ timeout: WAIT });

  // Saved while the page waits; docsd serves it once rebuilt (asked over HTTP: no browser is told).
  const marker = 'Saved while the page was refused';
  const file = join(project, 'content', 'docs', 'usage', 'authenticate.md');
  assert.ok(!readFileSync(file, 'utf8').includes(marker));
  appendFileSync(file, `\n\n${marker}.\n`);
  for (const deadline = Date.now() + WAIT; ; ) {
    const html = await (await fetch(`${base}/docs/usage/authenticate`, { cache: 'no-store' })).text();
    if (html.includes(marker)) break;
    assert.ok(Date.now() < deadline, 'docsd never served the edit');
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(await refused.getByText(marker).count(), 0, 'the refused page cannot have it yet');

  // A place frees: the page gets in, and shows the page as it is now.
  const liveRefused = liveRoute(refused);
  await page.evaluate(() => window.__fill.pop().close());
  await liveRefused;
  await refused.getByText(marker).waitFor({ timeout: WAIT });
  await refused.locator('#docsd-dev-offline').waitFor({ state: 'detached', timeout: WAIT });
  await page.evaluate(() => window.__fill.forEach((ws) => ws.close()));
  await refused.close();
  await page.close();
});
