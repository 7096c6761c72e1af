// watch.mjs --trace: where each slow edit's time went. docsd runs with --trace (one line per
// rebuild: when it started, when the open page's update went out, its steps and the collector's
// work, pkg/devserver/trace.go) and GODEBUG=gctrace=1 (one line per collection); the page records
// when each websocket message came; /proc says how much CPU docsd and its renderer used. All clocks
// are the machine's wall clock, so an edit's write, its rebuild, its message and its DOM update line
// up. What load does not create (a slow server step, a collection in the window, bytes allocated)
// is what to read on a busy machine.
import { readdirSync, readFileSync } from 'node:fs';

// cpuMS is the CPU time (user + system, ms) of a process and, with tree, of its descendants.
export function cpuMS(pid, tree = false) {
  let ms = 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ms = (Number(f[11]) + Number(f[12])) * 10; // USER_HZ is 100
  } catch {
    return 0;
  }
  if (tree) {
    try {
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        const kids = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
        for (const c of kids ? kids.split(/\s+/) : []) ms += cpuMS(Number(c), true);
      }
    } catch {}
  }
  return ms;
}

// The page's record of websocket messages (installed before the page loads): [time, type].
export const wsRecorder = () => {
  window.__wsTimes = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        let type = '?';
        try {
          type = JSON.parse(e.data).type;
        } catch {}
        window.__wsTimes.push([Date.now(), type]);
      });
    }
  };
};

// Tracer gathers docsd's trace and collector lines as they come, stamped with their arrival.
export class Tracer {
  constructor() {
    this.rebuilds = []; // {start, early, done, text}
    this.gcs = []; // {from, to, text}: a collection's span, from its line's arrival and clock times
    this.partial = '';
    this.edits = []; // one per timed edit: see record
  }

  // feed takes a chunk of docsd's stderr.
  feed(chunk) {
    const now = Date.now();
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop();
    for (const line of lines) {
      const t = line.match(/trace: start=([\d.]+) early=([\d.]+|-) done=([\d.]+)/);
      if (t) {
        this.rebuilds.push({ start: Number(t[1]), early: t[2] === '-' ? null : Number(t[2]), done: Number(t[3]), text: line.replace(/^.*?trace: /, '') });
        continue;
      }
      // gc 12 @3.456s 8%: 0.1+850+0.02 ms clock, ...: the line is written as the cycle ends.
      const g = line.match(/^gc \d+ @[\d.]+s \d+%: ([\d.]+)\+([\d.]+)\+([\d.]+) ms clock/);
      if (g) {
        const ms = Number(g[1]) + Number(g[2]) + Number(g[3]);
        this.gcs.push({ from: now - ms, to: now, text: line });
      }
    }
  }

  // record keeps one edit's times: the write, the DOM update (null: never), and CPU readings.
  record(kind, i, write, dom, cpuBefore, cpuAfter) {
    this.edits.push({ kind, i, write, dom, cpu: { docsd: cpuAfter.docsd - cpuBefore.docsd, renderer: cpuAfter.renderer - cpuBefore.renderer } });
  }

  // report prints one line per edit slower than slowMs (every edit with slowMs 0), given the page's
  // websocket message times, and a summary of how many slow and fast edits had a collection in
  // their window.
  report(wsTimes, slowMs, print) {
    const summary = {};
    for (const e of this.edits) {
      const end = e.dom ?? Infinity;
      const total = e.dom === null ? null : e.dom - e.write;
      // Its rebuild: the first to start after the write (an earlier one is the last edit's).
      const rb = this.rebuilds.find((r) => r.start >= e.write);
      const msg = wsTimes.find(([t, type]) => t >= e.write && type === 'update');
      const gcs = this.gcs.filter((g) => g.from < end && g.to > e.write);
      const slow = total === null || total > slowMs;
      const s = (summary[e.kind] ??= { slow: 0, slowWithGC: 0, fast: 0, fastWithGC: 0 });
      if (slow) {
        s.slow++;
        if (gcs.length) s.slowWithGC++;
      } else {
        s.fast++;
        if (gcs.length) s.fastWithGC++;
      }
      if (!slow && slowMs > 0) continue;
      const d = (a, b) => (a == null || b == null ? '?' : `${Math.round(b - a)} ms`);
      const parts = [
        `write→rebuild start ${d(e.write, rb?.start)}`,
        `start→update sent ${d(rb?.start, rb?.early)}`,
        `sent→message in page ${d(rb?.early, msg?.[0])}`,
        `message→DOM ${d(msg?.[0], e.dom)}`,
      ];
      print(`trace ${e.kind} #${e.i}: ${total === null ? 'timed out' : `${total} ms`} = ${parts.join(', ')}; CPU docsd ${e.cpu.docsd} ms, renderer ${e.cpu.renderer} ms`);
      if (rb) print(`    rebuild: ${rb.text}`);
      // The rebuild still running when the file was written: the edit waited for it to stop.
      const before = this.rebuilds.find((r) => r.start < e.write && r.done > e.write);
      if (before) print(`    waited ${Math.round(before.done - e.write)} ms for the rebuild before: ${before.text}`);
      for (const g of gcs) print(`    collection in the window: ${g.text}`);
    }
    for (const [kind, s] of Object.entries(summary)) {
      print(`trace ${kind}: ${s.slow} edits over ${slowMs} ms, ${s.slowWithGC} of them with a collection in their window; ${s.fast} faster, ${s.fastWithGC} of them with one`);
    }
  }
}
