// The rules of ranking that read more than a query's scores: whether a word names a part of the site
// (isSectionUnit), whether a query types a command whole (typesCommand), and the rule that puts a
// named thing's page first (namesFirst, on rank.js's scratch arrays). Each has its weights in
// weights.js.

// The fewest titles a word is in to be a common title word (pkg/search's commonTitleMin).
const COMMON_TITLE_MIN = 20;

// popcount is the number of bits set in m (the units a mask holds).
function popcount(m) {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
}

// covered says whether a page's title, breadcrumbs and file name, or its title with one of its own
// headings, hold all the units of the mask all (rank.js's scratch masks).
function covered(page, all, navMask, titleMask, ownMask, firstSection) {
  if ((navMask[page] & all) === all) return true;
  for (let sec = firstSection[page]; sec < firstSection[page + 1]; sec++) if (((titleMask[page] | ownMask[sec]) & all) === all) return true;
  return false;
}

// createRules reads the store (chunks.js) and the parser's corrections (parse.js) with the weights W.
export function createRules(store, parser, W, nIndexed) {
  const { postings, hasTerm } = store;
  // isSectionUnit says whether a unit is a word that names a part of the site: a term in the
  // breadcrumbs of many pages ("cli", "api", "plugins"). A query that holds one asks for a page in
  // that part, so only a title, breadcrumb or file name match counts as having the word: "change
  // repo settings cli" is the CLI's page, not the API's page that mentions the CLI.
  // A word the site's synonym table gives a part's word for ("endpoint => api", "command line =>
  // cli") names that part as well: readers name the kind of page they want in their own words.
  function isSectionUnit(unit) {
    if (!(W.sectionPages > 0)) return false;
    const typed = unit.alts[0].slots;
    const read = (w) => (w.typo && W.typoAsWord ? parser.corrected(w) : w.term);
    if (unit.words.some((w, i) => (w.typo && !W.typoAsWord) || !typed[i] || typed[i].get(read(w)) !== 1)) return false;
    const partTerm = (t) => postings(t).crumbs.length >= Math.max(W.sectionPages, W.sectionShare * nIndexed);
    if (unit.alts.length === 1) return typed.length === 1 && partTerm(read(unit.words[0]));
    if (!W.synonymParts) return false;
    return unit.alts.some((alt) => alt.synonym && alt.slots.length === 1 && alt.slots[0].size === 1 && partTerm(alt.slots[0].keys().next().value));
  }

  // typesCommand says whether a query types a word that the titles of a tenth of the pages share
  // (at least COMMON_TITLE_MIN, as pkg/search counts common title words), most of them pages of the
  // action parts: a CLI's program name ("vela" of `vela approve build`), which makes the query the
  // command typed whole, not a task to be taught (W.guideFirst).
  function typesCommand(q) {
    const { inAction } = store.pages;
    for (const unit of q) {
      for (const w of unit.words) {
        if (!w.term || !hasTerm(w.term)) continue;
        const titled = postings(w.term).titles;
        if (titled.length < Math.max(COMMON_TITLE_MIN, 0.1 * nIndexed)) continue;
        let n = 0;
        for (const page of titled) n += inAction[page];
        if (n >= W.commandShare * titled.length) return true;
      }
    }
    return false;
  }

  // namesFirst lifts a named thing's page (namePages: a plugin's, a tool's) whose whole title the
  // query holds, starting with it, above every other page, unless another page's title,
  // breadcrumbs and file name, or title with one of its headings, hold every word of the query but
  // the words a tenth of the titles share (LABELS I2): "docker build and push" is the Docker
  // plugin, "docker image build" the guide "Build Docker images". A name typed later qualifies
  // the query's topic ("executor runtime docker": the runtime settings).
  function namesFirst(q, scratch, nTouchedPages, floor) {
    const { inName, firstSection } = store.pages;
    const { touchedPages, pageScore, pageMatched, wholeOf, navMask, titleMask, ownMask, mask } = scratch;
    let all = 0;
    for (let i = 0; i < q.length; i++) if (!commonTitleUnit(q[i])) all |= 1 << i;
    let best = -1;
    let top = 0;
    for (let k = 0; k < nTouchedPages; k++) {
      const page = touchedPages[k];
      if (pageMatched[page] < floor || pageMatched[page] < 0) continue;
      if (pageScore[page] > top) top = pageScore[page];
      if (inName[page] && wholeOf[page] && (titleMask[page] & 1) !== 0 && (best < 0 || pageScore[page] > pageScore[best])) best = page;
    }
    if (best < 0 || pageScore[best] >= top) return;
    for (let k = 0; k < nTouchedPages; k++) {
      const page = touchedPages[k];
      if (page === best || pageMatched[page] < floor || (mask[page] & all) !== all) continue;
      if ((navMask[page] & all) === all) return;
      for (let sec = firstSection[page]; sec < firstSection[page + 1]; sec++) if (((titleMask[page] | ownMask[sec]) & all) === all) return;
    }
    pageScore[best] = top * (1 + 1e-6);
  }

  // commonTitleUnit says whether a unit is one word that the titles of a tenth of the pages share
  // (the product's name): it names no page.
  function commonTitleUnit(unit) {
    if (unit.words.length !== 1) return false;
    const t = unit.words[0].term;
    return Boolean(t) && hasTerm(t) && postings(t).titles.length >= Math.max(COMMON_TITLE_MIN, 0.1 * nIndexed);
  }
  // unitPages are the pages where a unit's terms (any alternative's) are, in any: and in headed,
  // those where they title the page or head or key one of its sections (a posting code with the
  // heading bit or a heading's length). One walk of the postings gives both.
  function unitPages(unit) {
    const { sectionPage } = store.pages;
    const any = new Set();
    const headed = new Set();
    for (const alt of unit.alts) {
      for (const slot of alt.slots) {
        for (const t of slot.keys()) {
          if (!hasTerm(t)) continue;
          const p = postings(t);
          for (const page of p.titles) {
            any.add(page);
            headed.add(page);
          }
          for (let k = 0; k < p.secs.length; k++) {
            const page = sectionPage[p.secs[k]];
            any.add(page);
            if (p.codes[k] & 8 || p.codes[k] >= 16) headed.add(page);
          }
        }
      }
    }
    return { any, headed };
  }

  // commonGoverns keeps a unit of common words the synonym table gives a meaning ("who can =>
  // permissions, roles") only when a page that titles or heads what it stands for is about the
  // rest of the query: it titles, heads or keys another of its words (not the product's name), or
  // has them all. "who can edit secrets": the roles page's section "Secrets"; "who can I ask for
  // help": no such page heads "ask" or "help" or has both, and the query is "ask for help"
  // (W.commonGoverns).
  function commonGoverns(q) {
    const at = q.findIndex((u) => u.words.length > 0 && u.words[0].common);
    if (at < 0 || q.length < 2) return q;
    const pages = unitPages(q[at]).headed;
    // (The product's name heads a tenth of the site: it names no thing.)
    const rest = q.filter((u, i) => i !== at && !commonTitleUnit(u));
    const all = new Set(pages);
    for (const u of rest) {
      const { any: has, headed } = unitPages(u);
      for (const page of headed) if (pages.has(page)) return q;
      for (const page of all) if (!has.has(page)) all.delete(page);
    }
    if (rest.length > 0 && all.size > 0) return q;
    return Object.assign(q.filter((_, i) => i !== at), { task: q.task });
  }
  // commonFirst puts first the page whose title holds what a kept unit of common words stands for
  // ("who can => permissions, roles": the page "Roles and permissions") when it has every other
  // word of the query: "who can delete a repo" asks who may, which the page on roles answers, not
  // the command that deletes (W.commonFirst; commonGoverns has kept the unit only where such a
  // page is about the rest).
  function commonFirst(q, scratch, nTouchedPages, floor) {
    const at = q.findIndex((u) => u.words.length > 0 && u.words[0].common);
    if (at < 0 || q.length < 2) return;
    const { touchedPages, pageScore, pageMatched, titleMask, navMask, mask } = scratch;
    const all = q.length >= 32 ? -1 : (1 << q.length) - 1;
    let best = -1;
    let top = 0;
    for (let k = 0; k < nTouchedPages; k++) {
      const page = touchedPages[k];
      if (pageMatched[page] < floor || pageMatched[page] < 0) continue;
      if (pageScore[page] > top) top = pageScore[page];
      if ((titleMask[page] & (1 << at)) !== 0 && ((mask[page] | navMask[page]) & all) === all && (best < 0 || pageScore[page] > pageScore[best])) best = page;
    }
    if (best >= 0 && pageScore[best] < top) pageScore[best] = top * (1 + 1e-6);
  }
  // coverThird keeps in the top three the page the navigation says the query is about when the
  // scores say otherwise (LABELS §2, T1: the page whose title, or title with one of its headings,
  // holds the query): of the pages shown, one whose title, breadcrumbs and file name, or title
  // with one of its own headings, hold every word of the query (but the product's name and a word
  // naming the part of the site the query names), two at least, takes third place when none of
  // the first three (a, b, c) does: coverThird returns it (or -1), and rank.js puts it third.
  // First place never changes: "build vela from source" keeps the CLI's build commands first and
  // gains the heading "Build from source" of "Install the Vela CLI" third (W.coverThird).
  function coverThird(q, scratch, nTouchedPages, floor, a, b, c, part) {
    if (q.length < 2 || q.length > 31) return -1;
    const { firstSection } = store.pages;
    const { touchedPages, pageScore, pageMatched, navMask, titleMask, ownMask, mask } = scratch;
    // The words that count: not the product's name, nor a word that names a part (part: their
    // bits; it is in the breadcrumbs of all the part's pages and tells none apart).
    let all = 0;
    for (let i = 0; i < q.length; i++) if (!commonTitleUnit(q[i]) && (part & (1 << i)) === 0) all |= 1 << i;
    const need = popcount(all);
    if (need < 2) return -1;
    for (const page of [a, b, c]) if (covered(page, all, navMask, titleMask, ownMask, firstSection)) return -1;
    let best = -1;
    for (let k = 0; k < nTouchedPages; k++) {
      const page = touchedPages[k];
      if (page === a || page === b || page === c || pageMatched[page] < floor || pageMatched[page] < 0) continue;
      // A query that names a part of the site ("cli") keeps to it; a page without a word anywhere
      // has it in no heading (most of the pages a common word touches).
      if ((navMask[page] & part) !== part || ((mask[page] | navMask[page]) & all) !== all) continue;
      if ((best < 0 || pageScore[page] > pageScore[best]) && covered(page, all, navMask, titleMask, ownMask, firstSection)) best = page;
    }
    return best;
  }
  return { isSectionUnit, typesCommand, namesFirst, commonGoverns, commonFirst, coverThird, commonTitleUnit };
}
