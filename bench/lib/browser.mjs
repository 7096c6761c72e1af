// What the browser benchmarks share: waiting for a docsd server to answer, and Debian's Chromium
// launched the same way for every measurement.
import { chromium } from 'playwright-core';

// waitUp resolves once base/docs/ answers, trying every 100 ms (a watch's first build takes longer
// than a serve's start, hence the attempts).
export async function waitUp(base, attempts) {
  for (let i = 0; i < attempts; i++) {
    try {
      if ((await fetch(`${base}/docs/`)).ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

// textAppears gives tab window.__appeared(text, selector): a promise of the wall-clock time at
// which text is first in the text of an element of selector (the body when none), or -1 after a
// minute. The watch benchmarks time an edit from the file's write to it. textContent, not
// innerText: the DOM update is what is measured, and innerText would force a layout of the page on
// every mutation.
export function textAppears(tab) {
  return tab.evaluate(() => {
    window.__appeared = (text, selector) =>
      new Promise((done) => {
        const check = () => [...document.querySelectorAll(selector || 'body')].some((e) => e.textContent.includes(text));
        if (check()) return done(Date.now());
        const obs = new MutationObserver(() => {
          if (check()) {
            obs.disconnect();
            done(Date.now());
          }
        });
        obs.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => done(-1), 60000);
      });
  });
}
