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
