// What a reader's browser loads for a page of a built site (issue #21: a Markdown page's first load
// does not grow; an MDX page's extra chunk is reported), not a test:
//   node bench/mdx/size.mjs <build folder> <route> [<route> …]
// For each route: the first load (the shell's entry and the chunks its HTML preloads, and what they
// import), and for an MDX page what it loads beyond that (its chunk, the registry of shared modules
// its data names, and their imports), in bytes and gzipped bytes, and the stylesheets it links.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const [dir, ...routes] = process.argv.slice(2);
if (!dir || routes.length === 0) {
  console.error('usage: node bench/mdx/size.mjs <build folder> <route> [<route> …]');
  process.exit(2);
}

// The site's base path is the part of a script URL before assets/.
const file = (url, base) => join(dir, url.slice(base.length));
const staticImports = (js) => [...js.matchAll(/(?:from|import)\s*"([^"]+\.js)"/g)].map((m) => m[1]);

// closure is every script reached from roots by static imports (relative or absolute URLs).
function closure(roots, base) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length) {
    const url = queue.pop();
    if (seen.has(url)) continue;
    seen.add(url);
    for (const imp of staticImports(readFileSync(file(url, base), 'utf8'))) {
      queue.push(imp.startsWith('./') ? url.slice(0, url.lastIndexOf('/') + 1) + imp.slice(2) : imp);
    }
  }
  return seen;
}

function size(urls, base) {
  let bytes = 0;
  let gzip = 0;
  for (const url of urls) {
    const data = readFileSync(file(url, base));
    bytes += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return `${bytes} bytes (${gzip} gzipped) in ${urls.size ?? urls.length} files`;
}

for (const route of routes) {
  const htmlFile = [join(dir, `${route}.html`), join(dir, route, 'index.html')].find(existsSync);
  if (!htmlFile) {
    console.log(`${route}: no HTML in ${dir}`);
    continue;
  }
  const html = readFileSync(htmlFile, 'utf8');
  const entry = /data-src="([^"]+)"/.exec(html)[1];
  const base = entry.slice(0, entry.indexOf('assets/'));
  const preload = (/data-preload="([^"]*)"/.exec(html) || [, ''])[1].split(' ').filter(Boolean);
  const first = closure([entry, ...preload], base);
  console.log(`${route}: first load ${size(first, base)}`);
  // The page's data is inline in its HTML; its "mdx" object holds no other object.
  const found = /"mdx":(\{[^{}]*\})/.exec(html);
  const mdx = found && JSON.parse(found[1]);
  if (!mdx) continue;
  const extra = [...closure([mdx.js, ...(mdx.shared ? [mdx.shared] : [])], base)].filter((u) => !first.has(u));
  console.log(`${route}: MDX page, beyond the first load ${size(extra, base)}; stylesheets ${size(mdx.css || [], base)}`);
}
