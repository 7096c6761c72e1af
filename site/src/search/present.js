// What the results show of the pages a query ranked, once their documents chunks are in: a page found
// below another that holds more of the query comes above it (specificFirst, which reads the routes),
// and each page's best sections, its top first when its title matched (present).

// messageWords are the words of a message or a query as typed, in lower case: no stemming and no
// common words left out, since a pasted message is matched word for word (quotedFirst).
function messageWords(s) {
  return String(s).toLowerCase().match(/[\p{L}\p{N}_]+/gu) || [];
}

// inOrder is the number of words a and b have in the same order (their longest common
// subsequence): a message typed with a word left out, or inside a longer line, keeps its order.
function inOrder(a, b) {
  const row = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(up, row[j - 1]);
      diag = up;
    }
  }
  return row[b.length];
}

// createPresent presents the pages of a store (chunks.js) with the weights W.
export function createPresent(store, W) {
  const { doc } = store;
  // specificFirst puts a page found below another (its route goes on from the other's) right
  // above it when its title, breadcrumbs and file name hold more of the query's words: an overview
  // repeats its pages' words, the page below is about them ("rest endpoint for build logs": the
  // page "Build logs" under "REST API"). It reads the routes, so it runs on the pages shown, once
  // their documents are in. A query asking for the list of something (listing: parse.js's
  // LIST_FRAMES, W.listing) keeps them in their order: the landing page is the list it asks for.
  function specificFirst(entries, listing) {
    if (!W.specific || listing) return entries;
    const out = entries.slice();
    for (let j = 1; j < out.length; j++) {
      const child = out[j];
      const route = doc(child.page).route;
      for (let i = 0; i < j; i++) {
        const parent = out[i];
        const base = doc(parent.page).route.replace(/\/$/, '');
        const same = W.sameTitle && child.nav === parent.nav && doc(child.page).title.toLowerCase() === doc(parent.page).title.toLowerCase();
        if ((child.nav > parent.nav || same || namesMore(child, parent)) && route.startsWith(`${base}/`)) {
          out.splice(j, 1);
          out.splice(i, 0, child);
          break;
        }
      }
    }
    return out;
  }

  // namesMore says whether a page below another, with as many of the query's words in its title,
  // breadcrumbs and file name, has in its title a word the other's title, breadcrumbs and file name
  // lack, while it has the other's words somewhere: the landing page has the word only in its text,
  // its list of the pages below it ("view platform settings cli": `vela view settings`, not the
  // landing page "Platform settings commands" that lists it). W.childTitle 0 turns it off.
  function namesMore(child, parent) {
    if (!W.childTitle || child.nav !== parent.nav) return false;
    const own = child.titleMask & ~parent.navMask;
    const theirs = parent.navMask & ~child.navMask;
    return own !== 0 && (theirs & ~child.mask) === 0;
  }

  // quotedFirst puts first, of the pages shown, those that quote the message the query is (W.quoted):
  // a reader pastes what a program printed ("no tag provided for tag event"), and the page whose
  // troubleshooting quotes it explains it, though other pages have those words in titles and
  // headings. A quote is a code span of three words or more without a flag (pkg/search's
  // DocRec.Quotes). The query is a quote when every word of the quote is in the query in the same
  // order (a message pasted in a longer line), at least W.quotedMin of them, or every word of the
  // query is in the quote (a part of a message), at least W.quotedPart of them: "restart a build"
  // is no quote of "cannot restart a build pending approval". The pages keep their order
  // otherwise; it reads the documents, so it runs on the pages shown, once those are in.
  function quotedFirst(entries, query) {
    if (!W.quoted) return entries;
    const typed = messageWords(query);
    if (typed.length < W.quotedMin) return entries;
    const quotes = (e) => {
      const d = doc(e.page);
      return Boolean(d && d.quotes && d.quotes.some((qt) => {
        const words = messageWords(qt);
        const n = inOrder(typed, words);
        return (n === words.length && n >= W.quotedMin) || (n === typed.length && n >= W.quotedPart);
      }));
    };
    const hit = entries.map(quotes);
    if (!hit.includes(true)) return entries;
    return [...entries.filter((_, i) => hit[i]), ...entries.filter((_, i) => !hit[i])];
  }

  // present is a ranked page (rank.js's entry) as a result: its route, title and best sections.
  function present(e, secSum, sectionsPerPage) {
    const { firstSection } = store.pages;
    const d = doc(e.page);
    const first = firstSection[e.page];
    const secs = [];
    for (let k = 0; k < d.sections.length; k++) {
      let sc = secSum.get(first + k) || 0;
      // The top of the page leads when its title matches: the page itself is the best answer.
      if (k === 0 && e.title > 0) sc += e.title;
      if (sc > 0) secs.push([first + k, sc]);
    }
    if (secs.length === 0) secs.push([first, 0]);
    secs.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    return {
      route: d.route,
      title: d.title,
      version: d.version,
      crumbs: d.crumbs,
      score: e.score,
      sections: secs.slice(0, sectionsPerPage).map(([s, score]) => {
        const [id, heading, text] = d.sections[s - first];
        return { id, heading, text, score, url: id ? `${d.route}#${id}` : d.route };
      }),
    };
  }
  return { specificFirst, quotedFirst, present };
}
