// Reading and scoring postings: how a term chunk's posting strings decode into the sections and pages
// a term is in (the format is pkg/search's encodePagePosting and encodePosting), and the two loops
// that score one candidate term over them. They are module-level functions on typed arrays, not
// closures: rank.js calls them for every term of every query, and V8 keeps them optimised.

// The longest heading a posting code marks with the heading bit (pkg/search's maxHeadLen): a
// longer one's terms carry its length less this, without the bit.
export const MAX_HEAD_LEN = 3;

// DIGIT maps the characters of the posting strings to their values.
const DIGIT = new Uint8Array(128);
'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_'.split('').forEach((c, i) => {
  DIGIT[c.charCodeAt(0)] = i;
});

// decodePostings reads the lists of the term at position t of a term chunk; firstSection gives
// the number of each page's first section (sections are numbered across the site).
export function decodePostings(file, t, firstSection) {
  // pkg/search's encodePagePosting: x = 8 × page delta + s (s = 7: s − 7 follows), each a base-32
  // number (upper-half digits carry), then a code digit; s is the section's number in its page,
  // or its difference from the last section when the page is the same. Every posting is two
  // digits or more: half the string's length bounds their number, and typed arrays filled in
  // place cost a fraction of growing arrays (a common word of a large site has tens of thousands
  // of postings).
  const raw = file.postings[t] || '';
  const secList = new Int32Array(raw.length >> 1);
  const codeList = new Uint8Array(raw.length >> 1);
  let n = 0;
  let page = 0;
  let sec = 0;
  let v = 0;
  let head = -1; // x, while the number after it is still to come
  for (let i = 0; i < raw.length; i++) {
    const d = DIGIT[raw.charCodeAt(i)];
    if (d >= 32) {
      v = v * 32 + (d - 32);
      continue;
    }
    const num = v * 32 + d;
    v = 0;
    if (head < 0 && (num & 7) === 7) {
      head = num;
      continue;
    }
    const x = head < 0 ? num : head;
    const s = head < 0 ? num & 7 : 7 + num;
    head = -1;
    if (x >= 8) {
      page += x >> 3;
      sec = s;
    } else sec += s;
    secList[n] = firstSection[page] + sec;
    codeList[n++] = DIGIT[raw.charCodeAt(++i)];
  }
  const undelta = (ds) => {
    const out = [];
    let page = 0;
    for (const d of ds || []) {
      page += d;
      out.push(page);
    }
    return out;
  };
  return {
    secs: secList.subarray(0, n),
    codes: codeList.subarray(0, n),
    titles: undelta(file.titles[t]),
    crumbs: undelta(file.crumbs && file.crumbs[t]),
    names: undelta(file.names && file.names[t]),
  };
}

// idfOf is BM25's inverse document frequency of a term found in df of total documents.
export function idfOf(df, total) {
  return Math.log(1 + (total - df + 0.5) / (df + 0.5));
}

// slotSections keeps, per section, the best score of one candidate term of a slot (scale: its
// weight times its idf), listing in secs (n long) the sections it scores first; uHead marks
// headings (2: the heading itself, not only its table keys), headLen keeps the length of the
// heading (pkg/search's encodePosting: 16 × the length with 8 for a short heading, 16 × the length
// less MAX_HEAD_LEN without it for a long one). It returns the new length of secs.
export function slotSections(p, scale, wHead, wBody, sSec, uHead, headLen, secs, n) {
  const { secs: list, codes } = p;
  const body = wBody / 7;
  for (let k = 0; k < list.length; k++) {
    const code = codes[k];
    const sec = list[k];
    const own = code >= 16;
    const head = own ? 1 : (code >> 3) & 1;
    if (head && uHead[sec] < 2) uHead[sec] = own ? 2 : 1;
    if (own) headLen[sec] = (code & 8 ? 0 : MAX_HEAD_LEN) + (code >> 4);
    const sc = scale * (wHead * head + body * (code & 7));
    if (sc > sSec[sec]) {
      if (sSec[sec] === 0) secs[n++] = sec;
      sSec[sec] = sc;
    }
  }
  return n;
}

// slotField keeps, per page, the best score sc of a candidate term in one field (arr), listing in
// pgs (n long) the pages no field of the slot had scored yet. It returns the new length of pgs.
export function slotField(list, arr, sc, sTitle, sCrumb, sName, pgs, n) {
  for (let k = 0; k < list.length; k++) {
    const page = list[k];
    if (sc > arr[page]) {
      if (sTitle[page] === 0 && sCrumb[page] === 0 && sName[page] === 0) pgs[n++] = page;
      arr[page] = sc;
    }
  }
  return n;
}
