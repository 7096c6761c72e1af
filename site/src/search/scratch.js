// The arrays a ranking works in (rank.js), by section and page number, allocated once per engine: a
// 10,000-page site has some 100,000 sections, and typed arrays filled in place cost a fraction of
// objects or growing arrays. Every ranking leaves them zero (through its touched lists).

// The most units of a query whose every subset the ranking lists (a table of 2^n numbers).
export const MAX_LISTED_UNITS = 12;

// makeScratch allocates the arrays for nSections sections and nPages page numbers.
export function makeScratch(nSections, nPages) {
  const f = (k) => new Float64Array(k);
  return {
    secSum: f(nSections),
    mask: new Int32Array(nPages),
    seen: new Uint8Array(nPages),
    title: f(nPages),
    titleWords: f(nPages),
    crumbs: f(nPages),
    names: f(nPages),
    titleMask: new Int32Array(nPages), // bit i: unit i found in the title
    navMask: new Int32Array(nPages), // bit i: unit i found in the title, breadcrumbs or file name
    headMask: new Int32Array(nPages), // bit i: unit i found in a heading or a table's key
    unitPages: new Int32Array(32), // pages that have unit i (a mask has 32 bits)
    unitHeads: new Int32Array(32), // ... in their title, breadcrumbs, file name, a heading or table key
    unitCost: new Float64Array(32), // what lacking unit i costs (W.topical)
    keepOf: new Float64Array(1 << MAX_LISTED_UNITS), // what a set of units lacks (W.topical), then the share of its score it keeps
    wholeOf: new Uint8Array(nPages), // 1: the query holds the page's whole title
    nav: f(nPages), // units found in the title, file name or breadcrumbs
    hitSec: new Uint8Array(nSections), // slots of one alternative found in a section
    hitNav: new Uint8Array(nPages), // slots of one alternative found in the title, crumbs or name
    uNav: f(nPages), // the best share of an alternative's slots found there
    secMask: new Int32Array(nSections), // bit i: unit i found in the section
    doneSec: new Uint8Array(nSections), // an alternative of the unit found whole in the section
    donePage: new Uint8Array(nPages), // ... in the title, breadcrumbs and file name
    headUnits: new Int32Array(nSections), // units found in the section's heading
    ownMask: new Int32Array(nSections), // bit i: unit i found in the section's heading itself
    headLen: new Uint8Array(nSections), // terms of the section's heading, when found there (6: six or more)
    ownUnits: new Int32Array(nSections), // units found in the heading itself (not its keys)
    uHead: new Uint8Array(nSections),
    sHead: new Uint8Array(nSections), // one slot's uHead
    headHits: new Uint8Array(nSections), // slots of one alternative found in the section's heading
    headWhole: new Uint8Array(nSections), // an alternative of the unit found whole in the heading
    // One unit's scores: best of its alternatives; one alternative's: sum of its slots; one
    // slot's: best of its candidates.
    uSec: f(nSections),
    uTitle: f(nPages),
    uTitleWords: f(nPages),
    titleDone: new Uint8Array(nPages), // an alternative of the unit found whole in the title
    uCrumb: f(nPages),
    uName: f(nPages),
    aSec: f(nSections),
    aTitle: f(nPages),
    aTitleWords: f(nPages),
    aCrumb: f(nPages),
    aName: f(nPages),
    sSec: f(nSections),
    sTitle: f(nPages),
    sCrumb: f(nPages),
    sName: f(nPages),
    // The lists of what a ranking touched, by level (each holds a number at most once).
    touchedSecs: new Int32Array(nSections),
    touchedPages: new Int32Array(nPages),
    secs: new Int32Array(nSections),
    pgs: new Int32Array(nPages),
    aSecs: new Int32Array(nSections),
    aPages: new Int32Array(nPages),
    uSecs: new Int32Array(nSections),
    uPages: new Int32Array(nPages),
    // Each page's final figures.
    pageScore: f(nPages),
    pageTitle: f(nPages),
    pageMatched: new Int32Array(nPages),
  };
}
