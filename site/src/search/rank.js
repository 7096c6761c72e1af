// Ranking: the scores of a query's units over the postings of their candidate terms, summed per
// section and page in typed arrays (scratch.js), and the rules that weigh a page by what it holds
// of the query (its title, headings, breadcrumbs, the words it lacks) and by where it is in the site
// (weights.js says each weight's why). Scores live in typed arrays indexed by section and page
// numbers: a short prefix can touch thousands of postings, and this keeps every query within a few
// milliseconds. The best `limit` pages come out as entries, with their sections' scores.
import { idfOf, MAX_HEAD_LEN, slotField, slotSections } from './postings.js';
import { makeScratch, MAX_LISTED_UNITS } from './scratch.js';

// popcount is the number of bits set in m (the units a mask holds).
function popcount(m) {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
}

// holds says whether the units of mask m include want's and are at least need.
function holds(m, want, need) {
  return (m & want) === want && popcount(m) >= need;
}

// lackCost sums the costs of the units of a query of n units that a page's mask lacks.
function lackCost(m, cost, n) {
  let x = 0;
  for (let i = 0; i < n; i++) if ((m & (1 << i)) === 0) x += cost[i];
  return x;
}

// createRanker ranks with the store (chunks.js), the parser (parse.js), the family of identifiers
// (family.js) and the rules (rules.js), with the weights W.
export function createRanker(store, parser, family, rules, W, indexEntry) {
  const nSections = indexEntry.sections;
  const nPages = indexEntry.slots || indexEntry.pages;
  const nIndexed = indexEntry.pages;
  const { postings } = store;
  let scratch = null;
  function rank(query, { limit = 8, version } = {}) {
    const parsed = parser.parse(query);
    // A unit of common words counts where it governs the rest of the query (W.commonGoverns).
    let q = W.commonGoverns ? rules.commonGoverns(parsed) : parsed;
    // The product's name typed last after other words ("approve a build in vela") names the
    // product, not a page: a command starts with it (W.productLast).
    if (W.productLast && q.length > 1 && rules.commonTitleUnit(q[q.length - 1])) q = Object.assign(q.slice(0, -1), { task: q.task });
    if (q.length === 0) return { entries: [], secSum: null };
    if (!scratch) scratch = makeScratch(nSections, nPages);
    const { titleLengths, partKeep, taskKeep, inLookup, inWalk, inAction, rankOf, sectionPage, firstSection } = store.pages;
    const { seen } = scratch;
    const { secMask, doneSec, donePage, sHead, headHits, headWhole } = scratch;
    const { navMask, headMask, wholeOf, titleDone } = scratch;
    const { secSum, mask, title, titleWords, crumbs, names, nav, titleMask, headUnits, ownMask, headLen, ownUnits, uHead, hitSec, hitNav, uNav } = scratch;
    const { uSec, uTitle, uTitleWords, uCrumb, uName, aSec, aTitle, aTitleWords, aCrumb, aName, sSec, sTitle, sCrumb, sName } = scratch;
    // Plain loops, module-level helpers and lists in typed arrays of the scratch space only: a
    // closure made per ranking made V8 throw away the optimised code of this loop on every query
    // ("wrong call target"), and growing JS arrays by push cost thirty times the typed ones; on a
    // 10,000-page site a common word touches most of the 70,000 sections.
    const { touchedSecs, touchedPages, secs, pgs, aSecs, aPages, uSecs, uPages } = scratch;
    let nTouchedSecs = 0;
    let nTouchedPages = 0;
    let sectionBits = 0; // the units that name a part of the site
    for (let i = 0; i < q.length; i++) {
      const unit = q[i];
      const bit = 1 << i;
      const sectionUnit = rules.isSectionUnit(unit);
      if (sectionUnit) sectionBits |= bit;
      // Lists of what each level touched (every score is positive, so a zero means untouched).
      let nuSecs = 0;
      let nuPages = 0;
      // One word with no synonym (most units): its candidates' best scores are the unit's, so the
      // alternative and unit passes over every section it touches are skipped.
      const fast = unit.alts.length === 1 && unit.alts[0].slots.length === 1 && unit.alts[0].scale === 1;
      // A unit with a phrase among its alternatives tracks which of its slots each heading holds
      // (sHead, headHits), so that a phrase heads a section only when all of it is in the heading.
      const phrase = !fast && unit.alts.some((alt) => alt.slots.length > 1);
      const slotHead = phrase ? sHead : uHead;
      let fromSecs = uSecs;
      let fromSec = uSec;
      let fromPages = uPages;
      let fromTitle = uTitle;
      let fromCrumb = uCrumb;
      let fromName = uName;
      if (fast) {
        for (const [t, weight] of unit.alts[0].slots[0]) {
          const p = postings(t);
          nuSecs = slotSections(p, weight * idfOf(p.secs.length, nSections), W.heading, W.body, sSec, uHead, headLen, secs, nuSecs);
          nuPages = slotField(p.titles, sTitle, weight * idfOf(p.titles.length, nIndexed) * W.title, sTitle, sCrumb, sName, pgs, nuPages);
          nuPages = slotField(p.crumbs, sCrumb, weight * idfOf(p.crumbs.length, nIndexed) * W.crumb, sTitle, sCrumb, sName, pgs, nuPages);
          nuPages = slotField(p.names, sName, weight * idfOf(p.names.length, nIndexed) * W.name, sTitle, sCrumb, sName, pgs, nuPages);
        }
        fromSecs = secs;
        fromSec = sSec;
        fromPages = pgs;
        fromTitle = sTitle;
        fromCrumb = sCrumb;
        fromName = sName;
      }
      for (const alt of fast ? [] : unit.alts) {
        let naSecs = 0;
        let naPages = 0;
        for (const slot of alt.slots) {
          let nSecs = 0;
          let nPgs = 0;
          for (const [t, weight] of slot) {
            const p = postings(t);
            nSecs = slotSections(p, weight * idfOf(p.secs.length, nSections), W.heading, alt.keyOnly ? 0 : W.body, sSec, slotHead, headLen, secs, nSecs);
            nPgs = slotField(p.titles, sTitle, weight * idfOf(p.titles.length, nIndexed) * W.title, sTitle, sCrumb, sName, pgs, nPgs);
            nPgs = slotField(p.crumbs, sCrumb, weight * idfOf(p.crumbs.length, nIndexed) * W.crumb, sTitle, sCrumb, sName, pgs, nPgs);
            nPgs = slotField(p.names, sName, weight * idfOf(p.names.length, nIndexed) * W.name, sTitle, sCrumb, sName, pgs, nPgs);
          }
          const scale = alt.scale;
          for (let k = 0; k < nSecs; k++) {
            const sec = secs[k];
            if (aSec[sec] === 0) aSecs[naSecs++] = sec;
            aSec[sec] += sSec[sec] * scale;
            hitSec[sec]++;
            sSec[sec] = 0;
            if (phrase && sHead[sec] > 0) {
              headHits[sec]++;
              if (sHead[sec] > uHead[sec]) uHead[sec] = sHead[sec];
              sHead[sec] = 0;
            }
          }
          for (let k = 0; k < nPgs; k++) {
            const page = pgs[k];
            if (aTitle[page] === 0 && aCrumb[page] === 0 && aName[page] === 0) aPages[naPages++] = page;
            hitNav[page]++;
            // Title words count one by one: "kick off" found as "start" covers one word of
            // "Start a build", not two.
            if (sTitle[page] > 0) aTitleWords[page] += 1;
            aTitle[page] += sTitle[page] * scale;
            aCrumb[page] += sCrumb[page] * scale;
            aName[page] += sName[page] * scale;
            sTitle[page] = 0;
            sCrumb[page] = 0;
            sName[page] = 0;
          }
        }
        const nSlots = alt.slots.length;
        const navOf = alt.nav === undefined ? 1 : alt.nav;
        for (let k = 0; k < naSecs; k++) {
          const sec = aSecs[k];
          if (uSec[sec] === 0) uSecs[nuSecs++] = sec;
          // A phrase is found where all its words are (W.wholePhrase); its parts still score.
          if (hitSec[sec] === nSlots) doneSec[sec] = 1;
          hitSec[sec] = 0;
          if (phrase) {
            if (headHits[sec] === nSlots) headWhole[sec] = 1;
            headHits[sec] = 0;
          }
          if (aSec[sec] > uSec[sec]) uSec[sec] = aSec[sec];
          aSec[sec] = 0;
        }
        for (let k = 0; k < naPages; k++) {
          const page = aPages[k];
          if (uTitle[page] === 0 && uCrumb[page] === 0 && uName[page] === 0) uPages[nuPages++] = page;
          const share = (hitNav[page] / nSlots) * navOf;
          if (share > uNav[page]) uNav[page] = share;
          if (hitNav[page] === nSlots) donePage[page] = 1;
          hitNav[page] = 0;
          if (aTitle[page] > uTitle[page]) uTitle[page] = aTitle[page];
          // The title words a unit covers are the most any of its alternatives covers: "oidc" is
          // the alias docsd gave the title "OpenID Connect", and its synonym covers both words.
          if (aTitleWords[page] > uTitleWords[page]) uTitleWords[page] = aTitleWords[page];
          if (aTitleWords[page] >= nSlots) titleDone[page] = 1;
          if (aCrumb[page] > uCrumb[page]) uCrumb[page] = aCrumb[page];
          if (aName[page] > uName[page]) uName[page] = aName[page];
          aTitle[page] = 0;
          aTitleWords[page] = 0;
          aCrumb[page] = 0;
          aName[page] = 0;
        }
      }
      for (let k = 0; k < nuSecs; k++) {
        const sec = fromSecs[k];
        const page = sectionPage[sec];
        if (seen[page] === 0) {
          seen[page] = 1;
          touchedPages[nTouchedPages++] = page;
        }
        // A section word ("cli", "api") in the text only does not put the page in the section.
        const done = fast || doneSec[sec] === 1 || !W.wholePhrase;
        doneSec[sec] = 0;
        if (!sectionUnit && done) mask[page] |= bit;
        if (secSum[sec] === 0) touchedSecs[nTouchedSecs++] = sec;
        if (done) secMask[sec] |= bit;
        secSum[sec] += fromSec[sec];
        fromSec[sec] = 0;
        if (uHead[sec] && !sectionUnit) headUnits[sec]++;
        // A phrase of the synonym table heads the section when all of it is in the heading
        // (W.topical): "repo copy" under "Copy settings" is a section on settings.
        if (uHead[sec] && (!phrase || headWhole[sec] === 1)) headMask[page] |= bit;
        headWhole[sec] = 0;
        if (uHead[sec] === 2) {
          ownUnits[sec]++;
          if (done) ownMask[sec] |= bit;
        }
        uHead[sec] = 0;
      }
      for (let k = 0; k < nuPages; k++) {
        const page = fromPages[k];
        if (seen[page] === 0) {
          seen[page] = 1;
          touchedPages[nTouchedPages++] = page;
        }
        if (fast || donePage[page] === 1 || !W.wholePhrase) mask[page] |= bit;
        donePage[page] = 0;
        if (fromTitle[page] > 0 && (fast || titleDone[page] === 1 || !W.wholeTitlePhrase)) titleMask[page] |= bit;
        titleDone[page] = 0;
        if (fromTitle[page] > 0 || fromCrumb[page] > 0 || fromName[page] > 0) navMask[page] |= bit;
        // A unit of several words (a phrase of the synonym table) counts by the share found there.
        if (fromTitle[page] > 0 || fromCrumb[page] > 0 || fromName[page] > 0) nav[page] += fast ? 1 : uNav[page];
        uNav[page] = 0;
        title[page] += fromTitle[page];
        titleWords[page] += fast ? (fromTitle[page] > 0 ? 1 : 0) : uTitleWords[page];
        crumbs[page] += fromCrumb[page];
        names[page] += fromName[page];
        fromTitle[page] = 0;
        uTitleWords[page] = 0;
        fromCrumb[page] = 0;
        fromName[page] = 0;
      }
    }
    // Every page's score goes into the scratch arrays, and only the best `limit` become objects:
    // a common word touches most pages, and sorting them all was a third of a query.
    const { pageScore, pageTitle, pageMatched } = scratch;
    let bestMatched = 0;
    // A long question (W.longWords) that names no part of the site. The product's name says
    // nothing of the topic (W.longProduct): "what is the version key in vela yml" is three words
    // long, and a page whose title holds one of them holds a third of it, not a quarter.
    let productBits = 0;
    if (W.longProduct) for (let i = 0; i < q.length && i < 32; i++) if (rules.commonTitleUnit(q[i])) productBits |= 1 << i;
    const asked = q.length - popcount(productBits);
    // A question of three words (W.midWords) is read as one, with weights of its own.
    const full = W.longWords > 0 && asked >= W.longWords;
    const long = (full || (W.midWords > 0 && asked >= W.midWords)) && sectionBits === 0;
    const titlePow = full ? W.longTitlePow : W.midTitlePow;
    const navPow = full ? W.longNavPow : W.midNavPow;
    const coverWeight = full ? W.longCover : W.midCover;
    for (let k = 0; k < nTouchedPages; k++) {
      const page = touchedPages[k];
      let matched = 0;
      for (let m = mask[page]; m; m &= m - 1) matched++;
      // A heading holds the whole query when it has every word but the section words the page's
      // title, breadcrumbs or file name has ("sign out api": the heading "Sign out" of an API page).
      let headNeed = q.length;
      for (let m = mask[page] & sectionBits; m; m &= m - 1) headNeed--;
      let top = 0;
      let rest = 0;
      let together = 0;
      const from = firstSection[page];
      const to = firstSection[page + 1];
      // The most units of a long question the title holds with one of the page's own headings.
      let coverMask = long ? titleMask[page] : 0;
      for (let sec = from; sec < to; sec++) {
        if (long && popcount((titleMask[page] | ownMask[sec]) & ~productBits) > popcount(coverMask & ~productBits)) coverMask = titleMask[page] | ownMask[sec];
        let sc = secSum[sec];
        let nb = 0;
        for (let m = secMask[sec]; m; m &= m - 1) nb++;
        if (nb > together) together = nb;
        if (q.length > 1 && headUnits[sec] === headNeed && headNeed > 0) {
          sc += W.headingAll;
          // The query has the whole heading: it names the section.
          if (headLen[sec] > 0 && headLen[sec] <= MAX_HEAD_LEN && ownUnits[sec] >= headLen[sec]) sc += W.headingWhole;
          secSum[sec] = sc;
        }
        if (sc > top) {
          rest += top;
          top = sc;
        } else rest += sc;
      }
      let t = title[page];
      // A title the query covers wholly ranks above one it shares a word with.
      let whole = 0;
      if (t > 0) {
        t *= 1 - W.cover + (W.cover * Math.min(titleWords[page], titleLengths[page])) / Math.max(1, titleLengths[page]);
        // The units found in the title are one run of bits of titleMask: side by side.
        const tm = titleMask[page];
        const run = tm / (tm & -tm);
        if (titleWords[page] >= titleLengths[page] && (run & (run + 1)) === 0) {
          whole = W.wholeTitle;
          wholeOf[page] = 1;
        }
      }
      let pageCrumbs = crumbs[page];
      let pageNames = names[page];
      let longBonus = 0;
      if (long) {
        // A long question is about what most of its words say (W.longWords).
        const own = titleMask[page] & productBits ? 1 : 0;
        const inTitle = (Math.min(titleWords[page] - own, asked) / asked) ** titlePow;
        t *= inTitle;
        whole *= inTitle;
        const inNav = (popcount(navMask[page] & ~productBits) / asked) ** navPow;
        pageCrumbs *= inNav;
        pageNames *= inNav;
        // (A question of three words gains only when its title and heading hold all of it.)
        const covered = popcount(coverMask & ~productBits) / asked;
        longBonus = full || covered >= 1 ? coverWeight * covered : 0;
      }
      const pv = version ? store.pageVersion(page) : '';
      // A page of another version is left out (matched -1); a page that has a section word in its
      // text only may match nothing (0), and is shown when no page has more.
      pageMatched[page] = version && pv && pv !== version ? -1 : matched;
      if (pageMatched[page] > bestMatched) bestMatched = matched;
      pageTitle[page] = t;
      pageScore[page] = (q.length > 1 ? W.together * (together / q.length) ** 2 : 0) + whole + t + pageCrumbs + pageNames + top + W.otherSections * rest + W.nav * (nav[page] / q.length) ** W.navPow + longBonus;
      // A query that names a part of the site picks it (isSectionUnit); one that names none leans
      // to the pages outside the large parts (W.partPrior).
      // The parts readers reach by naming them (lookupPages) rank lower still, and so do the
      // stops of walkthroughs (walkPages), which a standalone page on the subject beats.
      if (sectionBits === 0) {
        pageScore[page] *= (q.task ? taskKeep[page] : partKeep[page]) * (inLookup[page] ? W.lookupKeep : 1) * (inWalk[page] ? W.walkKeep : 1);
      }
    }
    // An identifier's reference page lists its family (W.family).
    if (W.family) for (const u of q) family.familyFirst(u, pageScore);
    // Pages that have every word come first; when a query has several words, a page that lacks
    // one of them stays, below (a plugin's page for "slack notification" that says "message").
    const floor = q.length > 1 ? Math.max(1, bestMatched - 1) : bestMatched;
    // How much each unit a page lacks costs (W.topical): a word that titles or heads what it is in
    // ("token", "ruleset") names a topic, and a page without it is about something else; a word
    // the pages that have it only use in their text ("different", "overview", "language") only
    // says how the reader put it, and a page without it is still about the rest.
    const { unitPages, unitHeads, unitCost } = scratch;
    // A page's mask has 32 bits: units past them share the first ones' (ten words of identifiers
    // searched by their parts make up to forty units), and what a page lacks is worked out on the
    // bits, as what it has is (pageMatched).
    const nBits = Math.min(q.length, 32);
    for (let i = 0; i < nBits; i++) {
      unitPages[i] = 0;
      unitHeads[i] = 0;
    }
    // (One word costs in full: there is nothing else to weigh it against.)
    // (Only the pages the search can show count: a page of another version is left out.)
    for (let k = 0; W.topical > 0 && q.length > 1 && k < nTouchedPages; k++) {
      const page = touchedPages[k];
      if (pageMatched[page] < 0) continue;
      const heads = navMask[page] | headMask[page];
      for (let m = mask[page]; m; m &= m - 1) {
        const i = 31 - Math.clz32(m & -m);
        unitPages[i]++;
        if (heads & (m & -m)) unitHeads[i]++;
      }
    }
    // A word that names a part of the site costs in full, as does every word with W.topical 0.
    for (let i = 0; i < nBits; i++) {
      const named = W.topical > 0 && unitPages[i] > 0 && (sectionBits & (1 << i)) === 0;
      unitCost[i] = named ? Math.min(1, unitHeads[i] / unitPages[i] / W.topical) : 1;
    }
    // Every page the search shows (pageMatched at the floor or above) pays for what it lacks beyond
    // the least any of them lacks, the pages with the most words too: with no page holding every
    // word, one that lacks a word naming a topic pays against one that lacks a word naming none
    // ("clone a mirror with a different git token": a page without "mirror", one without
    // "different"). Less the least, the page that lacks least keeps its score; the order is that
    // of W.missing to the power of each page's own cost.
    // Pages with the same words pay the same: what they lack, then the share they keep, is worked
    // out once per set of words (a common word's thousands of pages have a few), where the query
    // is short enough to list them.
    const { keepOf } = scratch;
    const listed = q.length <= MAX_LISTED_UNITS;
    if (listed) keepOf.fill(-1, 0, 1 << q.length);
    let least = Infinity;
    for (let k = 0; k < nTouchedPages; k++) {
      const page = touchedPages[k];
      // A page below the floor is not shown: what it lacks does not matter (nor does a page of
      // another version's, -1).
      if (pageMatched[page] < floor || pageMatched[page] < 0) continue;
      const m = mask[page];
      if (listed && keepOf[m] >= 0) continue;
      const cost = lackCost(m, unitCost, nBits);
      if (listed) keepOf[m] = cost;
      if (cost < least) least = cost;
    }
    if (listed) for (let m = 0; m < 1 << q.length; m++) if (keepOf[m] >= 0) keepOf[m] = W.missing ** (keepOf[m] - least);
    for (let k = 0; k < nTouchedPages; k++) {
      const page = touchedPages[k];
      if (pageMatched[page] < floor || pageMatched[page] < 0) continue;
      pageScore[page] *= listed ? keepOf[mask[page]] : W.missing ** (lackCost(mask[page], unitCost, nBits) - least);
    }
    // A query that names no part, whose best page of an action part is a command or an endpoint,
    // asks for the guide that teaches the action when one does (W.guideFirst): a page outside
    // those parts whose title, or title with one of its own headings, holds what the command's
    // title holds (its title and best heading when the title holds one word or none), and at least
    // two of the query's words (all when it has one), comes right above it. "build approval": the
    // heading "Approve builds from forks" of "Start a build" before `vela approve build`.
    let cmd = -1;
    if (W.guideFirst && sectionBits === 0) {
      for (let k = 0; k < nTouchedPages; k++) {
        const page = touchedPages[k];
        if (inAction[page] && pageMatched[page] >= floor && (cmd < 0 || pageScore[page] > pageScore[cmd])) cmd = page;
      }
    }
    if (cmd >= 0 && !rules.typesCommand(q)) {
      let want = titleMask[cmd];
      for (let sec = firstSection[cmd]; popcount(titleMask[cmd]) < 2 && sec < firstSection[cmd + 1]; sec++) {
        const own = headLen[sec] <= MAX_HEAD_LEN ? ownMask[sec] : 0;
        if (popcount(titleMask[cmd] | own) > popcount(want)) want = titleMask[cmd] | own;
      }
      const need = Math.min(q.length, 2);
      const target = pageScore[cmd];
      for (let k = 0; want !== 0 && k < nTouchedPages; k++) {
        const page = touchedPages[k];
        // A page whose title and sections lack a word the command's title has (most pages a common
        // word touches) is passed over without reading its sections.
        if (inAction[page] || pageMatched[page] < floor || pageScore[page] >= target || (mask[page] & want) !== want) continue;
        // One word: a title that holds it is the topic's page, a heading only mentions it.
        if (q.length === 1 && (titleMask[page] & titleMask[cmd]) !== titleMask[cmd]) continue;
        let ok = holds(titleMask[page], want, need);
        for (let sec = firstSection[page]; !ok && sec < firstSection[page + 1]; sec++) {
          // A long heading says more than what the query asks: it must hold all of the query.
          if (headLen[sec] <= MAX_HEAD_LEN) ok = holds(titleMask[page] | ownMask[sec], want, need);
          else if (W.guideLong) ok = holds(titleMask[page] | ownMask[sec], want, q.length);
        }
        // Right above the command, in their own order among the guides lifted.
        if (ok) pageScore[page] = target * (1 + 1e-6) + pageScore[page] * 1e-9;
      }
    }
    if (W.namesFirst && sectionBits === 0) rules.namesFirst(q, scratch, nTouchedPages, floor);
    if (W.commonFirst) rules.commonFirst(q, scratch, nTouchedPages, floor);
    const entries = [];
    const before = (a, b) => a.score > b.score || (a.score === b.score && rankOf[a.page] < rankOf[b.page]);
    for (let k = 0; k < nTouchedPages; k++) {
      const page = touchedPages[k];
      const matched = pageMatched[page];
      if (matched < floor || matched < 0) continue;
      const score = pageScore[page];
      if (entries.length === limit && (limit === 0 || !before({ score, page }, entries[limit - 1]))) continue;
      const e = { page, matched, title: pageTitle[page], score, nav: nav[page], titleMask: titleMask[page], navMask: navMask[page], mask: mask[page] };
      // Insertion into the short sorted list of the best so far.
      let at = entries.length;
      while (at > 0 && before(e, entries[at - 1])) at--;
      entries.splice(at, 0, e);
      if (entries.length > limit) entries.pop();
    }
    // The navigation's page third (W.coverThird), with the score of the page it goes above.
    // (Plain loops: a closure here costs the loops above their optimised code, as said there.)
    const third = W.coverThird && entries.length >= 3 ? rules.coverThird(q, scratch, nTouchedPages, floor, entries[0].page, entries[1].page, entries[2].page, sectionBits) : -1;
    if (third >= 0) {
      let at = 3;
      while (at < entries.length && entries[at].page !== third) at++;
      if (at < entries.length) entries.splice(at, 1);
      else if (entries.length === limit) entries.pop();
      entries.splice(2, 0, { page: third, matched: pageMatched[third], title: pageTitle[third], score: entries[2].score, nav: nav[third], titleMask: titleMask[third], navMask: navMask[third], mask: mask[third] });
    }
    // The section scores of the pages shown, then the arrays back to zero.
    const scores = new Map();
    for (const e of entries) for (let sec = firstSection[e.page]; sec < firstSection[e.page + 1]; sec++) scores.set(sec, secSum[sec]);
    for (let k = 0; k < nTouchedSecs; k++) {
      const sec = touchedSecs[k];
      secSum[sec] = 0;
      secMask[sec] = 0;
      headUnits[sec] = 0;
      ownMask[sec] = 0;
      headLen[sec] = 0;
      ownUnits[sec] = 0;
    }
    for (let k = 0; k < nTouchedPages; k++) {
      const page = touchedPages[k];
      mask[page] = 0;
      seen[page] = 0;
      title[page] = 0;
      titleWords[page] = 0;
      crumbs[page] = 0;
      names[page] = 0;
      nav[page] = 0;
      titleMask[page] = 0;
      navMask[page] = 0;
      headMask[page] = 0;
      wholeOf[page] = 0;
    }
    return { entries, secSum: scores };
  }
  return { rank };
}
