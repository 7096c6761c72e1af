// The server-rendering entry. docsd runs this bundle in one long-lived Node process and sends it one
// JSON request per line on stdin: {id, url, siteKey, site?, page, sidebarKey?, sidebar?, mdxKey?, mdxBytes?, mdxMarkup?, excerpt?}. Site data and
// sidebars come once per key and are kept; a new key replaces the older keys of the same record
// (keys are "<name>-<hash>"; pkg/ssr forgets them the same way), so docsd watch does not pile up
// every version of a sidebar a writer has edited. It answers each request on stdout with a line
// "<id> <length>" (or "<id> E <length>" for an error), then the HTML (or the error) itself. An MDX
// page's module (CommonJS, built by pkg/bundle apart from this bundle) comes once per key
// "<page id>-<hash>", so an edited page needs no new renderer: its mdxBytes bytes follow the line,
// as they are (not a JSON string, which docsd encoded and JSON.parse decoded again), then the
// markup its run placeholders stand for (fillRuns), each piece as long as mdxMarkup says.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { writeSync } from 'node:fs';
import { format } from 'node:util';
import { createRequire } from 'node:module';
import { runInThisContext } from 'node:vm';
import App from './App.jsx';
import { canonicalPath } from './routes.js';
import { createPageStore, PageStoreContext } from './store.js';
import { coreLayouts } from './layouts.js';
import { blogLayouts } from './blog/pages.jsx';
import { serverPage, setServerPage } from './mdx/load.js';
import MdxExcerpt from './mdx/MdxExcerpt.jsx';
import { PartCacheContext } from './parts.js';
import { renderWithParts } from './server-parts.js';

const layouts = { ...coreLayouts, ...blogLayouts };
const getLayout = (kind) => layouts[kind];

// render renders one page with react-router's static router, from a page store of its own that holds
// only this page.
// The parts of the shell that are the same on many pages come from the part cache
// (server-parts.js), unless DOCSD_SSR_PARTS=off (the tests compare both).
const partsOff = process.env.DOCSD_SSR_PARTS === 'off';
export function render({ url, site, page, sidebar }) {
  const store = createPageStore({ basePath: site.basePath, loadLayout: getLayout });
  const href = new URL(url, 'http://docsd.invalid');
  store.put(canonicalPath(site.basePath, href.pathname), page, sidebar);
  const element = (parts) => (
    <StrictMode>
      <PageStoreContext.Provider value={store}>
        <PartCacheContext.Provider value={parts}>
          <StaticRouter location={href.pathname + href.search + href.hash}>
            <App site={site} getLayout={getLayout} />
          </StaticRouter>
        </PartCacheContext.Provider>
      </PageStoreContext.Provider>
    </StrictMode>
  );
  const tree = (parts) => renderToString(element(parts));
  return checked(element(null), () => (partsOff ? tree(null) : renderWithParts(tree)));
}

// A component that throws inside a Suspense boundary (Layout's content and footer) is not an error
// to renderToString: it leaves the boundary empty, marked for the browser to render, and reports
// nothing, so the page's HTML would lose its content silently. A page whose HTML holds such a
// boundary is rendered again with React's streaming renderer, loaded only then (pkg/bundle keeps
// it out of the renderer's start), whose onError gets the error and the component stack; the
// page fails with them (pkg/build names its source file). A component that throws outside a
// boundary makes renderToString throw, without the component stack: that page is rendered again
// too, for the same message. The boundary is React's comment with the <template> React always
// writes after it: the comment alone may be the writer's, in a Markdown excerpt or partial the
// page shows as HTML, and failed a blog's list that showed it.
const clientRendered = '<!--$!--><template';
// A page that renders is its HTML, at once (handle answers it before the next request); one that
// fails is a promise of its error.
function checked(element, renderHTML) {
  let html;
  try {
    html = renderHTML();
  } catch (error) {
    return renderError(element).then((found) => Promise.reject(found || error));
  }
  if (!html.includes(clientRendered)) return html;
  return renderError(element).then((found) => Promise.reject(found || new PageError('a component suspended (waited for data) while the page was rendered on the server, and renderToString left its part of the page empty')));
}

// renderError is the first error of element's render by the streaming renderer, with the
// components it was in, or null when it renders without one.
async function renderError(element) {
  const { renderToPipeableStream } = await import('react-dom/server.node');
  const first = await new Promise((resolve) => {
    let caught = null;
    const stream = renderToPipeableStream(element, {
      onError(error, info) {
        caught = caught || { error, componentStack: info && info.componentStack };
      },
      onShellError: (error) => resolve(caught || { error }),
      onAllReady: () => {
        stream.abort();
        resolve(caught);
      },
    });
  });
  if (!first) return null;
  const { error, componentStack } = first;
  const message = error instanceof Error ? error.message : String(error);
  return new PageError(`${message}${components(componentStack)}`);
}

// components names the components of a component stack, innermost first: "(in <Boom>, inside
// <TabItem>, <Tabs>, <MdxContent>)". HTML elements (no location) are left out. An MDX page's module
// (its own components and the site components it bundles) is minified and has no source map, so its
// names mean nothing: its frames, under the module's key rather than a path, are "a component of
// the page's module".
function components(stack) {
  const names = [];
  for (const [, name, where] of String(stack || '').matchAll(/^\s*at (\S+) \((.*)\)$/gm)) {
    if (where === '<anonymous>') continue;
    const label = !where.startsWith('/') ? "a component of the page's module" : /^[A-Z]/.test(name) ? `<${name}>` : null;
    if (label && names[names.length - 1] !== label) names.push(label);
  }
  if (names.length === 0) return '';
  const [own, ...outer] = names.slice(0, 5);
  return ` (in ${own}${outer.length ? `, inside ${outer.join(', ')}` : ''})`;
}

// PageError is a page's own failure: its message is what docsd reports, without this file's stack.
class PageError extends Error {
  constructor(message) {
    super(message);
    this.stack = message;
  }
}

// renderExcerpt renders the excerpt of an MDX blog post (request field excerpt: true), which the
// blog's lists and feeds show as they show a Markdown post's.
export function renderExcerpt({ url, site, page }) {
  const m = page.mdx && serverPage(page.mdx.id);
  if (!m) throw new Error(`The content of ${page.route} is not loaded.`);
  const store = createPageStore({ basePath: site.basePath, loadLayout: getLayout });
  const href = new URL(url, 'http://docsd.invalid');
  const element = (
    <StrictMode>
      <PageStoreContext.Provider value={store}>
        <StaticRouter location={href.pathname}>
          <MdxExcerpt site={site} page={page} Content={m.default} />
        </StaticRouter>
      </PageStoreContext.Provider>
    </StrictMode>
  );
  return checked(element, () => renderToString(element));
}

// stdout carries the answers: what components log goes to stderr instead.
for (const level of ['log', 'info', 'debug']) {
  console[level] = (...args) => process.stderr.write(`${format(...args)}\n`);
}

const sites = new Map();
const sidebars = new Map();

// keep stores value under key and drops the other keys of the same name.
function keep(map, key, value) {
  const name = key.slice(0, key.lastIndexOf('-') + 1);
  for (const k of map.keys()) if (k !== key && k.startsWith(name) && !k.slice(name.length).includes('-')) map.delete(k);
  map.set(key, value);
}

// evaluate runs an MDX page's module; its only requires are Node's own modules (pkg/bundle
// bundles the rest or takes it from the shell's registry).
const requireNode = createRequire(process.argv[1]);
function evaluate(key, code, markup) {
  const module = { exports: {} };
  runInThisContext(`(function (module, exports, require) {${code}\n})`, { filename: key })(module, module.exports, requireNode);
  if (markup) {
    if (!module.exports.docsdRuns) throw new Error(`The MDX page's module ${key} came with markup but has no runs.`);
    module.exports.docsdRuns.markup = markup;
  }
  return module.exports;
}

// pieces are the markup of a module's run placeholders, which follow its code in bytes (lengths,
// from the request's mdxMarkup), or null when it has none.
function pieces(bytes, at, lengths) {
  if (!lengths || lengths.length === 0) return null;
  return lengths.map((n) => {
    const piece = bytes.toString('utf8', at, at + n);
    at += n;
    return piece;
  });
}

// fillRuns puts the markup of an MDX page's runs where the page's module rendered their
// placeholders (pkg/mdx/serverruns.go): <template data-docsd-run="<token>-<n>"></template>, n an
// index into markup. The token is the page's, which its own text cannot hold.
function fillRuns(html, { token, markup }) {
  const open = `<template data-docsd-run="${token}-`;
  const close = '"></template>';
  let out = '';
  let from = 0;
  for (let at = html.indexOf(open); at !== -1; at = html.indexOf(open, from)) {
    const end = html.indexOf(close, at + open.length);
    const n = end === -1 ? NaN : Number(html.slice(at + open.length, end));
    if (!(n >= 0 && n < markup.length)) throw new Error(`The MDX page's run placeholder at ${at} is not one of its own.`);
    out += html.slice(from, at) + markup[n];
    from = end + close.length;
  }
  return from === 0 ? html : out + html.slice(from);
}

// Started with --expose-gc (docsd watch keeps the renderer all day), the process collects its
// garbage once requests pause, as docsd itself does, so what it holds stays small between edits.
let tidy = null;
function scheduleTidy() {
  if (typeof globalThis.gc !== 'function') return;
  clearTimeout(tidy);
  tidy = setTimeout(() => globalThis.gc(), 1000);
  tidy.unref();
}

// answer writes "<id> <length>\n" (or "<id> E <length>\n" for an error) and the text itself:
// pkg/ssr reads the length, so the HTML needs no JSON encoding on either side. The answer is in
// the pipe before the next page renders (writeAll): through process.stdout, what the pipe had no
// room for waited in Node's memory for the event loop, and a next page that loops for ever (which
// pkg/ssr stops after its time limit) never let it run, so docsd blamed the page before it too.
function answer(id, kind, text) {
  const length = Buffer.byteLength(text, 'utf8');
  const header = `${id} ${kind}${length}\n`;
  writeAll(header, header.length);
  writeAll(text, length);
}

// writeAll writes text, of length bytes in UTF-8, to stdout and returns once all of it is written.
// The string goes to writeSync as it is, encoded once: encoding it into a Buffer first copied
// every page twice (a tenth of the renderer's time). Only a write that took part of it (stdout
// made non-blocking, by something that used process.stdout) needs its bytes, to write the rest
// as the pipe has room.
const pause = new Int32Array(new SharedArrayBuffer(4));
function writeAll(text, length) {
  let at = 0;
  try {
    at = writeSync(1, text, null, 'utf8');
  } catch (error) {
    if (error.code !== 'EAGAIN') throw error;
  }
  if (at === length) return;
  const data = Buffer.from(text, 'utf8');
  while (at < length) {
    try {
      at += writeSync(1, data, at, length - at);
    } catch (error) {
      if (error.code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

// handle renders one request (req, and mdx, its module {code, markup} or null), or answers unread, the error of a
// line that is not JSON, for no request (pkg/ssr stops the process). The site and sidebar are looked
// up before rendering starts, so a later request that replaces them cannot change this page;
// pkg/ssr matches answers to requests by id.
function handle(req, mdx, unread) {
  scheduleTidy();
  const fail = (error) => answer(req ? req.id : -1, 'E ', String((error && error.stack) || error));
  try {
    if (unread) throw unread;
    if (req.site) keep(sites, req.siteKey, req.site);
    if (req.sidebar) keep(sidebars, req.sidebarKey, req.sidebar);
    if (mdx) setServerPage(req.mdxKey.slice(0, req.mdxKey.lastIndexOf('-')), evaluate(req.mdxKey, mdx.code, mdx.markup));
    const html = (req.excerpt ? renderExcerpt : render)({
      url: req.url,
      site: sites.get(req.siteKey),
      page: req.page,
      sidebar: req.sidebarKey ? sidebars.get(req.sidebarKey) : null,
    });
    const runs = req.page.mdx && serverPage(req.page.mdx.id)?.docsdRuns;
    const done = (h) => answer(req.id, '', runs ? fillRuns(h, runs) : h);
    // Answered as soon as it is rendered: a page that renders without a fault is a string, not a
    // promise, whose answer would wait for every other request of the same read to render first
    // (a read holds several), and docsd for its answers (BENCHMARKS.md, "Session 18: idle18").
    if (typeof html === 'string') done(html);
    else html.then(done).catch(fail);
  } catch (error) {
    fail(error);
  }
}

// The input is request lines, each followed by its MDX module's mdxBytes bytes when it has one.
// Lines are split at newlines by hand: readline decodes and regex-splits every chunk, which took a
// sixth of the renderer's time on pages whose JSON carries their whole content. pending holds the
// part of a line (or of a module, once reading is set) a chunk ended in.
let pending = [];
let pendingBytes = 0;
let reading = null; // the request whose module is being read: { req, bytes }
process.stdin.on('data', (chunk) => {
  let start = 0;
  while (start < chunk.length) {
    if (reading) {
      const take = Math.min(reading.bytes - pendingBytes, chunk.length - start);
      pending.push(chunk.subarray(start, start + take));
      pendingBytes += take;
      start += take;
      if (pendingBytes < reading.bytes) break;
      const { req } = reading;
      const bytes = pending.length === 1 ? pending[0] : Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      reading = null;
      handle(req, { code: bytes.toString('utf8', 0, req.mdxBytes), markup: pieces(bytes, req.mdxBytes, req.mdxMarkup) });
      continue;
    }
    const nl = chunk.indexOf(10, start);
    if (nl === -1) {
      pending.push(chunk.subarray(start));
      break;
    }
    pending.push(chunk.subarray(start, nl));
    const line = pending.length === 1 ? pending[0].toString('utf8') : Buffer.concat(pending).toString('utf8');
    pending = [];
    start = nl + 1;
    if (!line) continue;
    let req;
    try {
      req = JSON.parse(line);
    } catch (error) {
      handle(null, null, error);
      continue;
    }
    if (req && req.mdxBytes > 0) reading = { req, bytes: req.mdxBytes + (req.mdxMarkup || []).reduce((a, n) => a + n, 0) };
    else handle(req, null);
  }
});
