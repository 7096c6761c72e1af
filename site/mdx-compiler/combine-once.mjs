// combine-once.mjs stands for micromark-util-combine-extensions in the bundled compiler (docsd's
// bundler points every import of that package here, pkg/mdx/bundled.go): micromark's parse
// combines its default constructs with the processor's syntax extensions for every document, and a
// compiled page is a few lines, so that was 3-5 % of the compiler's CPU, building the same object
// each time. Here a combination of the same extension objects (by identity, in the same order) is
// made once and given again. That holds because nothing writes to a combined object: micromark
// and its extensions read the constructs a parser was made with, and a processor's extensions do
// not change once it is made (compile.mjs makes each processor once).
//
// pkg/mdx TestMicromarkExtensionsCombinedOnce runs the bundled compiler and fails when micromark
// stops combining through this module (a new version of either package) or a combination is made
// again for each page.
import { combineExtensions as combine, combineHtmlExtensions } from 'micromark-util-combine-extensions';

export { combineHtmlExtensions };

// By the first extension, then the next: each level is a WeakMap from an extension object to the
// next level, whose `combined` is the combination of the extensions up to it.
const made = new WeakMap();

// How many times combineExtensions was called, and how many combinations it made (combinedCounts).
let calls = 0;
let combinations = 0;

export function combineExtensions(extensions) {
  calls++;
  let level = null;
  let next = made;
  for (const extension of extensions) {
    if (extension === null || typeof extension !== 'object') {
      combinations++;
      return combine(extensions); // nothing to key it by
    }
    level = next.get(extension);
    if (!level) {
      level = { next: new WeakMap(), combined: undefined };
      next.set(extension, level);
    }
    next = level.next;
  }
  if (!level) return combine(extensions);
  if (level.combined === undefined) {
    combinations++;
    level.combined = combine(extensions);
  }
  return level.combined;
}

// combinedCounts is for the compiler's "counts" request (a test's): whether micromark combines
// its extensions here, and how often anew.
export function combinedCounts() {
  return { calls, combinations };
}
