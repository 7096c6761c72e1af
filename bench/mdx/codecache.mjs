// Benchmark of when the MDX compiler writes V8's code cache (site/mdx-compiler/run.cjs), not a
// test: `node bench/mdx/codecache.mjs [N] [shell ...]` (default 12 rounds, this tree's site/).
// Each round, for each shell folder in turn (order alternating), a process of its run.cjs and
// bundled compiler (copied into a folder of its own, after `docsd build` or `go test ./pkg/mdx`
// made the bundle) compiles one page and ends, which leaves a cache made after 1 file; a second
// process then answers two requests. A run.cjs that wrote the cache before the answer that left
// the compiler idle wrote it before that second answer (answered 2 >= 2 x 1), holding it back;
// one that writes it when the process ends does not. Prints, per shell, the median time from a
// request's write to its answer for the second process's first and second answer. Wall time on a
// shared machine: compare shells within one run, and read the load it prints.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const rounds = Number(process.argv[2] || 12);
const shells = process.argv.length > 3 ? process.argv.slice(3) : [resolve(import.meta.dirname, '../../site')];
const request = `${JSON.stringify({ id: 1, file: 'a.mdx', source: '## Hello\n\nA [link](./b.mdx) and `code`.\n\n```js\nlet a = 1 && 2;\n```\n', firstLine: 1, token: 'tok', page: true })}\n`;

const setups = shells.map((shell) => {
  const cache = join(shell, 'mdx-compiler', '.cache');
  const bundled = readdirSync(cache).find((f) => /^compile-[0-9a-f]+\.cjs$/.test(f));
  if (!bundled) throw new Error(`no bundled compiler in ${cache}: build an MDX site with docsd first`);
  const dir = mkdtempSync(join(tmpdir(), 'docsd-bench-codecache-'));
  copyFileSync(join(cache, bundled), join(dir, 'compile.cjs'));
  return { shell, runner: join(shell, 'mdx-compiler', 'run.cjs'), bundle: join(dir, 'compile.cjs'), dir, first: [], second: [] };
});

// compile runs one process that answers n requests, sent one after the other, and ends when its
// input closes; it gives each answer's time in ms.
async function compile(s, n) {
  const proc = spawn('node', ['--interrupt-budget=1000000', s.runner, s.bundle], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    proc.stdin.write(request);
    await lines.next();
    times.push(performance.now() - t0);
  }
  const ended = new Promise((done) => proc.on('exit', done));
  proc.stdin.end();
  await ended;
  return times;
}

const load = loadavg()[0].toFixed(2);
try {
  for (let r = 0; r < rounds; r++) {
    for (const s of r % 2 === 0 ? setups : [...setups].reverse()) {
      rmSync(`${s.bundle}.v8cache`, { force: true });
      await compile(s, 1); // a cache made after 1 file
      const [first, second] = await compile(s, 2);
      s.first.push(first);
      s.second.push(second);
    }
  }
} finally {
  for (const s of setups) rmSync(s.dir, { recursive: true, force: true });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const s of setups) {
  console.log(`${s.shell}: 1st answer ${median(s.first).toFixed(1)} ms, 2nd answer ${median(s.second).toFixed(1)} ms (median of ${rounds})`);
}
console.log(`load average ${load} → ${loadavg()[0].toFixed(2)}`);
