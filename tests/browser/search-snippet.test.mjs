// A result's snippet (site/src/search/snippet.js) starts and ends at word boundaries: the audit of
// issue 18 found snippets cut mid-word ("check th …", "provid …"). Plain Node: the function is the
// browser's own code, run without a page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mark } from '../../site/src/search/snippet.js';
import { words } from '../../site/src/search/engine.js';

const matching = (...ws) => (w) => ws.includes(w);
const joined = (pieces) => pieces.map((p) => p.text).join('');
const marked = (pieces) => pieces.filter((p) => p.marked).map((p) => p.text);

// inner is the snippet without the ellipses mark() adds at a cut edge.
const inner = (pieces) => joined(pieces).replace(/^… /, '').replace(/ …$/, '');

// wholeWords asserts that every word of the snippet is a whole word of the text.
function wholeWords(text, pieces) {
  const all = new Set(words(text).map((w) => w.word));
  for (const { word } of words(inner(pieces))) assert.ok(all.has(word), `"${word}" is a cut word in "${joined(pieces)}"`);
  const s = inner(pieces);
  const at = text.indexOf(s);
  assert.ok(at >= 0, `the snippet is a piece of the text: "${s}"`);
  const wordChar = /[\p{L}\p{N}_]/u;
  assert.ok(at === 0 || !wordChar.test(text[at - 1]) || !wordChar.test(text[at]), `starts inside a word: "${s}"`);
  const end = at + s.length;
  assert.ok(end === text.length || !wordChar.test(text[end]) || !wordChar.test(text[end - 1]), `ends inside a word: "${s}"`);
}

test('a snippet starts and ends at word boundaries, the matched words marked', () => {
  const text =
    'Before you start, check the configuration of the server and the worker: the secrets engine must be reachable from every worker, and the worker needs the token that the server provided during installation of the platform components.';
  for (let len = 40; len <= 140; len += 7) {
    const pieces = mark(text, matching('secrets', 'worker'), len);
    assert.ok(inner(pieces).length <= len, `${len}: "${inner(pieces)}" is longer than the room`);
    wholeWords(text, pieces);
    assert.ok(marked(pieces).includes('secrets'), `${len}: the first match is shown and marked: ${JSON.stringify(pieces)}`);
    assert.ok(joined(pieces).startsWith('… ') && joined(pieces).endsWith(' …'), `${len}: cut at both ends: "${joined(pieces)}"`);
  }
});

test('a text that fits is shown whole, and a text that starts with the match is not cut before it', () => {
  const short = 'Add a secret with vela add secret.';
  assert.equal(joined(mark(short, matching('secret'), 110)), short);
  const text = 'Secrets are values a pipeline reads at run time without writing them into the repository or into the logs of its builds.';
  const pieces = mark(text, matching('secrets'), 60);
  assert.equal(pieces[0].text, 'Secrets');
  assert.ok(pieces[0].marked);
  wholeWords(text, pieces);
});

test('a snippet never splits a surrogate pair or a multi-byte letter', () => {
  const text = `${'Ünïcödé wörds ähnlich 😀 '.repeat(6)}secrets ${'日本語のテキスト 🚀 '.repeat(8)}`;
  for (let len = 20; len <= 100; len += 3) {
    const pieces = mark(text, matching('secrets'), len);
    for (const p of pieces) {
      assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(p.text), `${len}: a lone surrogate in "${p.text}"`);
      assert.ok(p.text.isWellFormed(), `${len}: "${p.text}" is not well formed`);
    }
    wholeWords(text, pieces);
  }
  // One word longer than the room is cut at a code point, not inside a pair.
  const long = `${'𝒜'.repeat(80)} secrets`;
  for (const len of [9, 10, 11]) for (const p of mark(long, matching('nothing'), len)) assert.ok(p.text.isWellFormed(), `${len}: "${p.text}"`);
});
