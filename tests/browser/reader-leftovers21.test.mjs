// Readers' problems left after session 20: every heading's "#" link had the same label, so a screen
// reader's list of links read "Link to this section" once per heading.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, useSite } from './harness.mjs';

const site = useSite();

test('heading anchors are labelled with their heading: a list of links tells them apart', async () => {
  for (const path of ['/docs/installation/install-vela', '/docs/usage/quickstart', '/docs/blog/first-blog-post']) {
    const { page, context, problems } = await openPage(site.browser, `${site.base}${path}`);
    await hydrated(page);
    const anchors = await page.locator('.hash-link').evaluateAll((as) =>
      as.map((a) => {
        const heading = a.parentElement.cloneNode(true);
        heading.querySelector('.hash-link').remove();
        return { label: a.getAttribute('aria-label'), text: heading.textContent.replace(/\s+/g, ' ').trim(), name: a.closest('h2, h3, h4, h5, h6') !== null };
      }),
    );
    assert.ok(anchors.length >= 3, `${path} has ${anchors.length} anchors`);
    for (const a of anchors) {
      assert.ok(a.name, `${path}: an anchor outside a heading`);
      assert.equal(a.label, `Link to ${a.text}`, path);
    }
    // As many labels as headings of different text (the same text twice is the same name twice).
    assert.equal(new Set(anchors.map((a) => a.label)).size, new Set(anchors.map((a) => a.text)).size, path);
    // What a screen reader gets: the accessible name of the first anchor is its label.
    const first = page.locator('.hash-link').first();
    assert.equal(await page.getByRole('link', { name: anchors[0].label, exact: true }).first().getAttribute('href'), await first.getAttribute('href'));
    assert.deepEqual(problems, [], path);
    await context.close();
  }
});
