// @docusaurus/theme-common as the components of a site's pages use it: the docs hooks (where
// Docusaurus 2 had useCurrentSidebarCategory), the reader's colour mode and the small helpers the
// classic theme's own components export there. Not its internals (@docusaurus/theme-common/internal).
import { useEffect, useState } from 'react';
import { apply, themeStorage } from '../../theme.js';

export * from './docsClient.js';

function modeOf(html) {
  return html.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

// choiceOf is the reader's stored choice, light or dark; null when they made none (the page shows
// the default: the system's mode, or light), as Docusaurus's colorModeChoice.
function choiceOf() {
  const c = themeStorage.get();
  return c === 'light' || c === 'dark' ? c : null;
}

// useColorMode is {colorMode, colorModeChoice, setColorMode}: the mode the page shows, "light" or
// "dark", and the reader's choice (null when they made none). The
// server does not know the reader's choice, so the server render and the browser's first render
// say "light" (docsd's <html data-theme> before its head script runs), then the hook reads the
// page's data-theme and follows it as the navbar's toggle (or another component) changes it.
// setColorMode("light" | "dark") is the reader's choice, kept as the toggle keeps it;
// setColorMode(null) goes back to the default.
export function useColorMode() {
  const [mode, setMode] = useState({ colorMode: 'light', colorModeChoice: null });
  useEffect(() => {
    const html = document.documentElement;
    const read = () => setMode({ colorMode: modeOf(html), colorModeChoice: choiceOf() });
    read();
    if (typeof MutationObserver === 'undefined') return undefined;
    const observer = new MutationObserver(read);
    observer.observe(html, { attributes: true, attributeFilter: ['data-theme', 'data-theme-choice'] });
    return () => observer.disconnect();
  }, []);
  const setColorMode = (mode) => {
    const chosen = mode === 'light' || mode === 'dark';
    if (chosen) themeStorage.set(mode);
    else themeStorage.del();
    apply(chosen ? mode : document.documentElement.getAttribute('data-respect-system') === 'true' ? 'system' : 'light');
    // The navbar's toggle follows the stored choice as it follows another tab's (theme.js); the
    // key is themeStorage's, "theme".
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: chosen ? mode : null }));
  };
  return { ...mode, setColorMode };
}

// duplicates is the items of list that an item before them equals (comparator, else ===), in the
// list's order: every repeat, not its first place (the classic theme's Tabs names repeated values so).
export function duplicates(list, comparator = (a, b) => a === b) {
  return list.filter((item, i) => list.findIndex((other) => comparator(other, item)) !== i);
}

// uniq is list without its repeated items (===), in the order of their first place.
export function uniq(list) {
  return Array.from(new Set(list));
}
