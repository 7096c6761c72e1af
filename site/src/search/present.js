// What the results show of the pages a query ranked, once their documents chunks are in: a page found
// below another that holds more of the query comes above it (specificFirst, which reads the routes),
// and each page's best sections, its top first when its title matched (present).

// createPresent presents the pages of a store (chunks.js) with the weights W.
export function createPresent(store, W) {
  const { doc } = store;
  // specificFirst puts a page found below another (its route goes on from the other's) right
  // above it when its title, breadcrumbs and file name hold more of the query's words: an overview
  // repeats its pages' words, the page below is about them ("rest endpoint for build logs": the
  // page "Build logs" under "REST API"). It reads the routes, so it runs on the pages shown, once
  // their documents are in.
  function specificFirst(entries) {
    if (!W.specific) return entries;
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
  return { specificFirst, present };
}
