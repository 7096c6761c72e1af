// The route-change progress bar (SPEC §9): it appears 200 ms after a path change, starts at 0.08,
// trickles by up to 0.02 every 800 ms, has no spinner, and finishes once the route has updated.
export const PROGRESS = { delay: 200, minimum: 0.08, trickleRate: 0.02, trickleSpeed: 800 };

let bar = null;
let value = null;
let showTimer = null;
let trickleTimer = null;
let hideTimer = null;
let running = false; // a navigation is under way

export function attachProgressBar(element) {
  bar = element;
}

function paint() {
  if (!bar) return;
  if (value === null) {
    bar.style.opacity = '0';
    bar.style.transform = 'translateX(-100%)';
    bar.removeAttribute('data-progress');
    return;
  }
  bar.style.opacity = '1';
  bar.style.transform = `translateX(${(-1 + value) * 100}%)`;
  bar.setAttribute('data-progress', value.toFixed(3));
}

export function progressValue() {
  return value;
}

// startProgress starts the bar for a navigation; one already under way keeps its bar.
export function startProgress() {
  if (running) return;
  running = true;
  clearTimeout(hideTimer);
  if (value !== null) {
    // The last navigation's bar was still finishing: this one starts afresh.
    value = null;
    paint();
  }
  showTimer = setTimeout(() => {
    value = PROGRESS.minimum;
    paint();
    clearInterval(trickleTimer);
    trickleTimer = setInterval(() => {
      if (value === null) return;
      value = Math.min(0.994, value + Math.random() * PROGRESS.trickleRate);
      paint();
    }, PROGRESS.trickleSpeed);
  }, PROGRESS.delay);
}

export function doneProgress() {
  running = false;
  clearTimeout(showTimer);
  clearInterval(trickleTimer);
  if (value === null) return;
  value = 1;
  paint();
  hideTimer = setTimeout(() => {
    value = null;
    paint();
  }, 200);
}
