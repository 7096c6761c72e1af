// Highlights the searched words on the page that a search result opened, with the text
// highlighting defaults of SPEC §9: it waits up to 5000 ms for the page's content to appear (the
// frame wait time-out), matches partially (inside longer words: "secret" lights up "secrets"),
// ignores case, and takes every character literally (wildcards disabled: * and ? are just text).
export const WAIT_TIMEOUT_MS = 5000;
const MAX_MARKS = 500;
const SKIP = new Set(['SCRIPT', 'STYLE', 'MARK', 'TEXTAREA', 'BUTTON']);

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// content is the page's text, or null while the page is not there yet: a page still loading (or
// whose load failed) shows a placeholder in #main-content, and highlighting waits for the page.
function content() {
  const main = document.getElementById('main-content');
  if (!main || main.querySelector('.page-loading, .load-error')) return null;
  return main.querySelector('.markdown') || main.querySelector('article') || main;
}

// markWords wraps every occurrence of the words in root's text in <mark class="search-highlight">
// and returns the marks.
export function markWords(root, words) {
  const terms = [...new Set(words.map((w) => String(w).trim().toLowerCase()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!root || terms.length === 0) return [];
  const re = new RegExp(terms.map(escape).join('|'), 'giu');
  // Inline code in tables carries <wbr> break points (pkg/markdown/tablecode.go) that split its text
  // into several nodes: a code element whose text holds a searched word is joined back into one
  // text node first, so that the word can be marked (it wraps as plain code while marked).
  for (const code of root.querySelectorAll('code')) {
    if (!code.querySelector('wbr')) continue;
    re.lastIndex = 0;
    if (!re.test(code.textContent)) continue;
    for (const br of code.querySelectorAll('wbr')) br.remove();
    code.normalize();
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      for (let p = node.parentNode; p && p !== root; p = p.parentNode) if (SKIP.has(p.nodeName)) return NodeFilter.FILTER_REJECT;
      return node.nodeValue.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
    },
  });
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  const marks = [];
  for (const node of nodes) {
    const text = node.nodeValue;
    re.lastIndex = 0;
    let m = re.exec(text);
    if (!m) continue;
    const frag = document.createDocumentFragment();
    let pos = 0;
    while (m && marks.length < MAX_MARKS) {
      if (m[0] === '') break;
      if (m.index > pos) frag.appendChild(document.createTextNode(text.slice(pos, m.index)));
      const mark = document.createElement('mark');
      mark.className = 'search-highlight';
      mark.textContent = m[0];
      frag.appendChild(mark);
      marks.push(mark);
      pos = m.index + m[0].length;
      m = re.exec(text);
    }
    if (pos < text.length) frag.appendChild(document.createTextNode(text.slice(pos)));
    node.parentNode.replaceChild(frag, node);
    if (marks.length >= MAX_MARKS) break;
  }
  return marks;
}

// unmark puts the text back as it was.
export function unmark(marks) {
  for (const mark of marks) {
    const parent = mark.parentNode;
    if (!parent) continue;
    parent.replaceChild(document.createTextNode(mark.textContent), mark);
    parent.normalize();
  }
}

// highlightPage marks the words once the page's content is there, and returns a function that
// removes the marks (or stops waiting).
export function highlightPage(words, { timeout = WAIT_TIMEOUT_MS } = {}) {
  let marks = [];
  let observer = null;
  let timer = null;
  const root = content();
  if (root) {
    marks = markWords(root, words);
  } else {
    observer = new MutationObserver(() => {
      const found = content();
      if (!found) return;
      observer.disconnect();
      clearTimeout(timer);
      marks = markWords(found, words);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    timer = setTimeout(() => observer.disconnect(), timeout);
  }
  return () => {
    if (observer) observer.disconnect();
    clearTimeout(timer);
    unmark(marks);
  };
}
