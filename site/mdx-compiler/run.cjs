// run.cjs starts the MDX compiler from its bundled copy (compile.mjs bundled into one CommonJS
// file by docsd, pkg/mdx/bundled.go: `node run.cjs <bundle>.cjs`) with V8's code cache, kept in
// <bundle>.cjs.v8cache. Each build starts a compiler process, and compiling its JavaScript (the
// bundle's 1.1 MB, then each function the first time a page uses it) was a tenth of the CPU an MDX
// build of 100 pages spends in it. The cache holds the functions compiled by the time the compiler
// stopped; it is written again when a process has compiled at least twice as many files as the
// one that wrote it (the first build may have had a page or two).
// It is written when the process ends, its input closed (docsd is done with it: pkg/mdx/pool.go
// lets an idle process end by itself), never while docsd waits for an answer: written when the
// compiler was first idle, it held back the answer it preceded, and idle in the middle of a build
// only meant the next page had not been sent yet. It is written whole to a file of its own, then
// renamed, so that a process starting meanwhile, or one stopped while writing, never leaves or
// reads half a cache.
// V8 checks the cache against the source, its version and its flags, and ignores one that does not
// match: the compiler then compiles its code as without a cache, and writes a new one.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const bundle = process.argv[2];
const cacheFile = `${bundle}.v8cache`;
let madeAt = 0; // how many files the process that wrote the cache had compiled
let cachedData;
try {
  const raw = fs.readFileSync(cacheFile);
  madeAt = raw.readUInt32LE(0);
  cachedData = raw.subarray(4);
} catch {
  // no cache yet
}
// A cache a process was stopped while writing (killed, or the machine went down) is a temp file of
// a process that no longer runs: it goes, or each would stay for good.
try {
  const prefix = `${path.basename(cacheFile)}.`;
  for (const name of fs.readdirSync(path.dirname(cacheFile))) {
    // The compiler's cache, or sass's (compile.mjs withCodeCache).
    const sass = /^sass-[0-9a-f]+\.v8cache\.(\d+)\.tmp$/.exec(name);
    const pid = sass ? Number(sass[1]) : name.startsWith(prefix) && name.endsWith('.tmp') ? Number(name.slice(prefix.length, -4)) : 0;
    if (pid > 0 && pid !== process.pid && !running(pid)) fs.rmSync(path.join(path.dirname(cacheFile), name), { force: true });
  }
} catch {
  // a folder that cannot be read: nothing to tidy
}

// running reports whether a process pid runs (one of another user's counts).
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const source = fs.readFileSync(bundle, 'utf8');
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
if (script.cachedDataRejected !== false) madeAt = 0; // none, or V8 rejected it

// writeWhole writes data to file whole or not at all (to a file of its own, then renamed), for
// another process starting now; a cache not written only costs the next start some time.
function writeWhole(file, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } catch {
    fs.rmSync(tmp, { force: true });
  }
}

// compile.mjs counts here the requests it has answered, and keeps the code cache of the sass
// package it loads (withCodeCache) in this folder, written by writeWhole.
const compiler = { answered: 0, cacheDir: path.dirname(cacheFile), writeWhole };
globalThis.docsdCompiler = compiler;

// writeCache writes the cache if this process compiled enough to make a better one.
function writeCache() {
  const answered = compiler.answered;
  if (answered === 0 || (madeAt > 0 && answered < 2 * madeAt)) return;
  const head = Buffer.alloc(4);
  head.writeUInt32LE(answered);
  writeWhole(cacheFile, Buffer.concat([head, script.createCachedData()]));
}

// At the end of the input (every answer written), not on a failure: the compiler reads its input
// to its end, then the process ends by itself.
process.on('exit', (code) => {
  if (code === 0) writeCache();
});
// docsd ends the process by closing its input. Ctrl-C in a terminal reaches the whole process
// group: docsd closes the input then, and the compiler ends after its cache is written, instead
// of being stopped before (the compiler reads with blocking calls, so this runs only at its end).
process.on('SIGINT', () => {});

const module_ = { exports: {} };
script.runInThisContext().call(module_.exports, module_.exports, require, module_, bundle, path.dirname(bundle));
