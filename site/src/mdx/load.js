// MDX pages' content is a module per page (pkg/bundle, pkg/mdx). The page data names its chunk
// (page.mdx.js); loadMdx imports it before the page shows (with the page data, so the SPEC's
// preload, spinner and Retry rules cover it) and MdxPage renders it. A page's module takes React
// and the theme components from the shell through a registry (page.mdx.shared, an entry of the
// shell's bundle): the browser imports it before the page's chunk, so a Markdown page's first
// load does not carry it. Each page exports its frame (MdxContent.jsx, as `Frame`). In the server
// renderer the registry is in the bundle, and entry-server.jsx hands each page's module to
// setServerPage as docsd sends it.
import { createElement } from 'react';
import { server } from 'docsd:mdx-runtime';

const loaded = new Map(); // browser: chunk URL → the page's module; server: page id → module
const registries = new Map(); // registry URL → its import (a new one after docsd watch rebuilds it)

function mdxModule(page) {
  if (!page || !page.mdx) return null;
  return loaded.get(server ? page.mdx.id : page.mdx.js) || null;
}

// setServerPage keeps the module of page id (the server renderer holds one version per page).
export function setServerPage(id, module) {
  loaded.set(id, module);
}

// serverPage is the module of page id in the server renderer.
export function serverPage(id) {
  return loaded.get(id) || null;
}

function loadRegistry(url) {
  if (!url) return Promise.resolve();
  if (!registries.has(url)) {
    registries.set(
      url,
      import(/* @vite-ignore */ url).catch((error) => {
        registries.delete(url); // Retry asks again
        throw error;
      }),
    );
  }
  return registries.get(url);
}

// loadMdx resolves once the page's MDX chunk (if it has one) is loaded.
export function loadMdx(page) {
  if (!page || !page.mdx || server || loaded.has(page.mdx.js)) return Promise.resolve(page);
  return loadRegistry(page.mdx.shared)
    .then(() => import(/* @vite-ignore */ page.mdx.js))
    .then(
      (m) => {
        if (typeof m.default !== 'function' || typeof m.Frame !== 'function') throw new Error(`The content module of ${page.route} has no default export.`);
        loaded.set(page.mdx.js, m);
        return page;
      },
      (error) => {
        throw new Error(`The content of ${page.route} could not be loaded: ${error.message}`, { cause: error });
      },
    );
}

// MdxPage shows an MDX page's content where a Markdown page's HTML goes; sidebar is the doc's
// sidebar (DocCardList on a category's own page lists that category's items from it).
export function MdxPage({ site, page, sidebar }) {
  const m = mdxModule(page);
  if (!m) throw new Error(`The content of ${page.route} is not loaded.`);
  return createElement(m.Frame, { site, page, sidebar, Content: m.default });
}
