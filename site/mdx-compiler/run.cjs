// run.cjs starts the MDX compiler from its bundled copy (compile.mjs bundled into one CommonJS
// file by docsd, pkg/mdx/bundled.go: `node run.cjs <bundle>.cjs`) with V8's code cache, kept in
// <bundle>.cjs.v8cache. Each build starts a compiler process, and compiling its JavaScript (the
// bundle's 1.1 MB, then each function the first time a page uses it) was a tenth of the CPU an MDX
// build of 100 pages spends in it. The cache holds the functions compiled by the time the compiler
// was idle (every request answered); it is written again when a process has compiled at least
// twice as many files as the one that wrote it (the first build may have had a page or two).
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
const source = fs.readFileSync(bundle, 'utf8');
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
if (script.cachedDataRejected !== false) madeAt = 0; // none, or V8 rejected it

let written = false;
// compile.mjs calls this when it has answered every request it was sent, before it writes the
// last answer (docsd may stop the process as soon as it has it).
globalThis.docsdCompilerIdle = (answered) => {
  if (written || (madeAt > 0 && answered < 2 * madeAt)) return;
  written = true;
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    const head = Buffer.alloc(4);
    head.writeUInt32LE(answered);
    fs.writeFileSync(tmp, Buffer.concat([head, script.createCachedData()]));
    fs.renameSync(tmp, cacheFile); // whole or not at all, for another process starting now
  } catch {
    fs.rmSync(tmp, { force: true }); // a cache not written only costs the next start some time
  }
};

const module_ = { exports: {} };
script.runInThisContext().call(module_.exports, module_.exports, require, module_, bundle, path.dirname(bundle));
