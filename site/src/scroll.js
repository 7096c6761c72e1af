// Smooth scrolling for jumps inside the page (the table of contents, heading anchors, #links), with
// the easing factor of SPEC §9: on every animation frame the window moves to
//   target + trunc((current - target) × 0.85)
// so each frame covers 15% of the distance still to go: fast at first, settling gently. Truncating
// toward the target guarantees at least one pixel of progress per frame, so the glide always ends.
export const SCROLL_EASING = 0.85;

// The only glide under way, if any: a new one replaces it.
let active = null;

function reducedMotion() {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function jump(top) {
  window.scrollTo({ top, behavior: 'instant' });
}

export function cancelSmoothScroll() {
  if (active) active.stop();
}

// The reader's own scrolling wins over a glide.
const interruptions = ['wheel', 'touchstart', 'keydown', 'mousedown'];

// smoothScrollTo glides the window to a vertical position.
export function smoothScrollTo(top) {
  const max = Math.max(0, document.documentElement.scrollHeight - window.innerHeight);
  // The window cannot scroll past its end: glide to where it can actually go.
  const target = Math.round(Math.min(Math.max(0, top), max));
  if (active && active.target === target) return; // already on its way there
  cancelSmoothScroll();
  if (reducedMotion()) {
    jump(target);
    return;
  }
  let frame = 0;
  let previous = null;
  const glide = {
    target,
    stop() {
      cancelAnimationFrame(frame);
      for (const type of interruptions) window.removeEventListener(type, glide.stop);
      if (active === glide) active = null;
    },
  };
  const step = () => {
    const current = window.scrollY;
    const remaining = current - target;
    // Done, or stuck (something else holds the scroll position): stop rather than spin.
    if (Math.abs(remaining) < 1 || current === previous) {
      if (Math.abs(remaining) < 1) jump(target);
      glide.stop();
      return;
    }
    previous = current;
    jump(target + Math.trunc(remaining * SCROLL_EASING));
    frame = requestAnimationFrame(step);
  };
  for (const type of interruptions) window.addEventListener(type, glide.stop, { passive: true });
  active = glide;
  frame = requestAnimationFrame(step);
}

// elementTop is where scrollIntoView() would put the window for an element: its top, less the
// scroll padding that keeps headings clear of the sticky navbar and the element's scroll margin.
export function elementTop(el) {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const margin = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
  return el.getBoundingClientRect().top + window.scrollY - padding - margin;
}

export function smoothScrollToElement(el) {
  smoothScrollTo(elementTop(el));
}
