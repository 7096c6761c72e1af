// MDX pages' content is a module per page (pkg/bundle, pkg/mdx). The page data names its chunk
// (page.mdx.js); loadMdx imports it before the page shows (with the page data, so the SPEC's
// preload, spinner and Retry rules cover it) and MdxPage renders it. Each chunk brings its own
// frame (MdxContent.jsx, exported as `Frame` by every page's entry), so a Markdown page's
// first load carries only this file. In the server renderer every page's module is in the bundle
// ('docsd:mdx-pages'); in the browser that module is empty and each chunk is imported by URL.
import { createElement } from 'react';
import serverPages from 'docsd:mdx-pages';

const loaded = new Map(); // chunk URL → the page's module

function mdxModule(page) {
  if (!page || !page.mdx) return null;
  if (serverPages) return serverPages[page.mdx.id] || null;
  return loaded.get(page.mdx.js) || null;
}

// loadMdx resolves once the page's MDX chunk (if it has one) is loaded.
export function loadMdx(page) {
  if (!page || !page.mdx || serverPages || loaded.has(page.mdx.js)) return Promise.resolve(page);
  return import(/* @vite-ignore */ page.mdx.js).then(
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

// MdxPage shows an MDX page's content where a Markdown page's HTML goes.
export function MdxPage({ site, page }) {
  const m = mdxModule(page);
  if (!m) throw new Error(`The content of ${page.route} is not loaded.`);
  return createElement(m.Frame, { site, page, Content: m.default });
}
