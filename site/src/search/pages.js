// The facts of each page that ranking reads (title lengths, the share of the site its part is,
// the parts it is in, its version, its rank in route order, its sections), from the page files
// (pkg/search's pages.go): one array per fact, in page order, indexed by page number, so that the
// ranking's loops read typed arrays rather than objects.

// RANK_GAP is the rank of page number 1 when a page file lists no ranks (pkg/search's pages.go):
// page n ranks n * RANK_GAP, a page docsd watch added between others a rank between theirs.
const RANK_GAP = 2 ** 20;

// pageArrays puts the page files' facts (pkg/search's pages.go: one file per perPageFile page
// numbers) into one array per fact, in page order, the one place ranking reads them from: an edit
// rewrites the page file of its page, not a list of every page's.
function pageArrays(indexEntry, files) {
  const n = indexEntry.slots || indexEntry.pages;
  const out = { titleLengths: [], partShares: [], sectionCounts: [], versionOf: [], ranks: [],
    inLookup: new Uint8Array(n), inAction: new Uint8Array(n), inName: new Uint8Array(n), inWalk: new Uint8Array(n) };
  // flag marks in arr the pages a page file lists by their place in it (from: its first number).
  const flag = (arr, from, places) => {
    for (const i of places || []) if (from + i < n) arr[from + i] = 1;
  };
  files.forEach((f, k) => {
    const from = k * indexEntry.perPageFile;
    out.titleLengths.push(...f.titleLengths);
    out.partShares.push(...f.partShares);
    out.sectionCounts.push(...f.sectionCounts);
    f.pageVersions.forEach((v, i) => {
      out.versionOf.push(f.versions[v] || '');
      out.ranks.push(f.ranks ? f.ranks[i] : (from + i) * RANK_GAP);
    });
    // The pages of the parts readers reach by naming them (lookup: an API reference), of those
    // whose pages each do one action (action: a CLI's commands) and of named things (name: a
    // plugin's page), and the stops of walkthroughs (walk: a tour).
    flag(out.inLookup, from, f.lookup);
    flag(out.inAction, from, f.action);
    flag(out.inName, from, f.name);
    flag(out.inWalk, from, f.walk);
  });
  return out;
}

// readPages is what ranking reads of the pages: the page files' facts (pageArrays) and what the
// weights W make of them. nPages counts page numbers, free ones too (createEngine).
export function readPages(indexEntry, files, W) {
  const pp = pageArrays(indexEntry, files);
  const nPages = indexEntry.slots || indexEntry.pages;
  const nSections = indexEntry.sections;
  const partKeep = new Float64Array(nPages).fill(1);
  const taskKeep = new Float64Array(nPages).fill(1);
  pp.partShares.forEach((pct, page) => {
    if (page >= partKeep.length) return;
    partKeep[page] = 1 - W.partPrior * (pct / 100) ** W.partPow;
    taskKeep[page] = Math.max(0.1, 1 - W.taskPrior * (pct / 100) ** W.taskPow);
  });
  // Equal scores list in route order, as after a fresh build: by rank.
  const rankOf = new Float64Array(nPages);
  for (let p = 0; p < nPages; p++) rankOf[p] = pp.ranks[p];
  // Section numbers run across pages in order.
  const sectionPage = new Int32Array(nSections);
  const firstSection = new Int32Array(nPages + 1);
  let n = 0;
  pp.sectionCounts.forEach((count, i) => {
    firstSection[i] = n;
    for (let k = 0; k < count; k++) sectionPage[n++] = i;
  });
  firstSection[nPages] = n;
  return { ...pp, partKeep, taskKeep, rankOf, sectionPage, firstSection };
}
