// The first script of a renderer started before its server bundle exists (pkg/ssr, Prestart):
// docsd starts Node while it reads the sources and bundles the shell, so Node's own start and
// React's loading happen beside that work instead of before the first page. Started as
// `node loader.cjs <shell folder>`, it loads React and react-dom/server as the shell's folder
// resolves them (Node keeps modules by real path, the path the server bundle requires), then
// waits for one line on stdin: the server bundle's path as a JSON string. It runs the bundle,
// which reads the requests that follow from stdin as if it had been started itself.
'use strict';
const { createRequire } = require('node:module');
const path = require('node:path');

// Loading ahead is only a head start: a shell that resolves these elsewhere, or not at all, loads
// them when the bundle requires them, and any real failure is the bundle's to report.
const fromShell = createRequire(path.join(path.resolve(process.argv[2] || '.'), 'loader.cjs'));
// The server bundle requires react-dom/server's legacy file (renderToString) rather than the
// package's entry, which loads React's streaming renderer too (pkg/bundle, legacyServer).
function legacyServer() {
  return path.join(path.dirname(fromShell.resolve('react-dom/package.json')), 'cjs', 'react-dom-server-legacy.node.production.js');
}
for (const name of ['react', 'react/jsx-runtime', legacyServer]) {
  try {
    fromShell(typeof name === 'function' ? name() : name);
  } catch {
    // see above
  }
}

const head = [];
function onData(chunk) {
  const nl = chunk.indexOf(10);
  if (nl === -1) {
    head.push(chunk);
    return;
  }
  head.push(chunk.subarray(0, nl));
  process.stdin.off('data', onData);
  process.stdin.pause();
  // What came after the bundle's line is the first requests: handed back to the stream, for the
  // bundle's own reader.
  if (nl + 1 < chunk.length) process.stdin.unshift(chunk.subarray(nl + 1));
  const bundle = JSON.parse(Buffer.concat(head).toString('utf8'));
  // The bundle resolves what MDX pages require from its own path, as when Node runs it directly.
  process.argv[1] = bundle;
  require(bundle);
  process.stdin.resume();
}
process.stdin.on('data', onData);
