// A site's components styled with Sass (testdata/sites/sass): the CSS module compiled from
// Badge.module.scss (a nested rule, variables of a partial it @uses) and the global site.scss (which
// @uses an indented-syntax partial) style the page, loaded directly and after client navigation
// from a Markdown page, whose page chunk brings the stylesheet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, useSite } from './harness.mjs';

const site = useSite({ project: 'sass' });

// styles are the computed styles the Sass rules set on the badge, its label and the global note.
const styles = (page) =>
  page.evaluate(() => {
    const css = (el) => getComputedStyle(el);
    const badge = document.querySelector('.markdown span b').parentElement;
    const label = badge.querySelector('b');
    const note = document.querySelector('.sass-global-note');
    return {
      badgeColor: css(badge).color,
      badgeBorder: css(badge).borderTopColor,
      labelPadding: css(label).paddingLeft,
      noteBorder: css(note).borderLeftColor,
      noteMargin: css(note).marginTop,
    };
  });

const want = { badgeColor: 'rgb(12, 34, 56)', badgeBorder: 'rgb(12, 34, 56)', labelPadding: '3px', noteBorder: 'rgb(12, 34, 56)', noteMargin: '7px' };

test('the Sass stylesheets style the page', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/styled`);
  await hydrated(page);
  assert.deepEqual(await styles(page), want);
  assert.deepEqual(problems, []);
  await context.close();
});

test('client navigation from a Markdown page brings the Sass stylesheets', async () => {
  const { page, context, problems } = await openPage(site.browser, `${site.base}/docs/guide/intro`);
  await hydrated(page);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('.markdown a', { hasText: 'styled page' }).click();
  await page.waitForSelector('.sass-global-note');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.sass-global-note')).marginTop === '7px');
  assert.deepEqual(await styles(page), want);
  assert.deepEqual(problems, []);
  await context.close();
});
