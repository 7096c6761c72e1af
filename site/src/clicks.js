// isPlainClick: a primary-button click without a modifier key, the only click the shell handles
// itself; the others (open in a new tab or window, download) stay the browser's.
export function isPlainClick(event) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
