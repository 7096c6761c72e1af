// The resident memory of a process tree, as the Node benchmarks (bench/watch.mjs,
// bench/scale/watch.mjs) read it: the same /proc walk as bench/internal/benchenv in Go.
import { readdirSync, readFileSync } from 'node:fs';

// ownRSS is the resident memory of one process (KB).
export function ownRSS(pid) {
  try {
    return Number((readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/) || [0, 0])[1]);
  } catch {
    return 0;
  }
}

// treeRSS is the resident memory of a process and its descendants (KB): docsd and its renderer.
// Children are listed per thread that started them: Go starts the renderers from any thread.
export function treeRSS(pid) {
  let kb = ownRSS(pid);
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const kids = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const c of kids ? kids.split(/\s+/) : []) kb += treeRSS(Number(c));
    }
  } catch {}
  return kb;
}
