// A result's snippet: the part of a section's text around the first matched word, with the matched
// words marked. It lives apart from the ranking code (rank.js and the modules around it) because it
// is about how a result reads, not which results come: a window that starts or ends inside a word
// ("check th …") reads as a typo, and one that cuts a UTF-8 sequence or a surrogate pair shows a
// replacement character.
import { words } from './words.js';

// mark splits text into pieces, marking the words the matcher accepts. With maxLen it also picks
// a window of the text around the first marked word, of at most maxLen UTF-16 units, that starts
// and ends at word boundaries (a word longer than the window is cut at a code point, never inside
// a surrogate pair).
export function mark(text, isMatch, maxLen) {
  const s = String(text ?? '');
  const all = words(s);
  const hits = all.filter((w) => isMatch(w.word));
  let from = 0;
  let to = s.length;
  if (maxLen && s.length > maxLen) [from, to] = window(s, all, hits.length ? hits[0] : null, maxLen);
  const pieces = [];
  if (from > 0) pieces.push({ text: '… ', marked: false });
  let pos = from;
  for (const h of hits) {
    if (h.start < pos || h.end > to) continue;
    if (h.start > pos) pieces.push({ text: s.slice(pos, h.start), marked: false });
    pieces.push({ text: s.slice(h.start, h.end), marked: true });
    pos = h.end;
  }
  if (pos < to) pieces.push({ text: s.slice(pos, to), marked: false });
  if (to < s.length) pieces.push({ text: ' …', marked: false });
  return pieces;
}

// window picks [from, to) of s around the first hit: a third of the room before it, the rest
// after. from is the start of a word (or of the text), to the end of one (or of the text), so
// that no word is cut; the spaces and punctuation at either edge are trimmed, the ellipses stand
// for them.
function window(s, all, hit, maxLen) {
  const at = hit ? hit.start : 0;
  // The first word that starts in the room before the hit (the hit itself when nothing fits).
  let from = 0;
  const earliest = Math.max(0, at - Math.floor(maxLen / 3));
  if (earliest > 0) {
    from = at;
    for (const w of all) {
      if (w.start >= earliest && w.start <= at) {
        from = w.start;
        break;
      }
    }
  }
  // The last word that ends within maxLen of from.
  const limit = from + maxLen;
  if (limit >= s.length) return [from, s.length];
  let to = -1;
  for (const w of all) {
    if (w.start < from) continue;
    if (w.end > limit) break;
    to = w.end;
  }
  // Punctuation right after a word that still fits (a closing bracket, a full stop) stays.
  if (to >= 0) {
    while (to < limit && to < s.length && /[)\]}.,;:!?'"’”]/u.test(s[to])) to++;
  } else {
    // One word longer than the room: cut it at a code point.
    to = limit;
    if (isLowSurrogate(s.charCodeAt(to)) && isHighSurrogate(s.charCodeAt(to - 1))) to--;
  }
  while (to > from && /\s/u.test(s[to - 1])) to--;
  return [from, to];
}

const isHighSurrogate = (c) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c) => c >= 0xdc00 && c <= 0xdfff;
