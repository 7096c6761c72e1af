// How long the Copy button shows what happened before it says "Copy" again.
const SHOWN_MS = 1500;

// The timer that turns each button back to "Copy": a second click restarts it.
const resets = new WeakMap();

// finishCopy ends a click on a code block's Copy button (useContentHandlers.js started it, and loads
// this module on demand: it is not part of a page's first load) and says what happened, on the
// button and in the page's live region (CopyStatus.jsx), so that a screen reader hears it too.
//
// `written` is the asynchronous clipboard API's write, started within the click (Safari wants it
// there), resolved to whether it worked; null when there is no such API, as in a page served over
// plain http from a LAN address (not a secure context). Then, or when the write was refused, the
// code is selected and copied with the legacy copy command; if even that fails, the code stays
// selected and the reader is told to press Ctrl+C.
export async function finishCopy(button, code, written) {
  if (written && (await written)) {
    tell(button, 'Copied', 'Copied the code to the clipboard');
    return;
  }
  const selection = window.getSelection();
  selection.selectAllChildren(code);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  if (copied) {
    selection.removeAllRanges();
    tell(button, 'Copied', 'Copied the code to the clipboard');
    return;
  }
  tell(button, 'Selected', `The code is selected: press ${onMac() ? '⌘' : 'Ctrl'}+C to copy it`);
}

// onMac is search/load.js's isMac, not imported from there: that would make the search loader a
// chunk of its own, loaded first by every page.
function onMac() {
  const p = `${(navigator.userAgentData && navigator.userAgentData.platform) || ''} ${navigator.platform || ''}`;
  return /mac|iphone|ipad|ipod/i.test(p);
}

// tell shows `short` on the button for a moment and puts `long` in the live region. The region is
// emptied first, so that the same message twice in a row is announced twice.
function tell(button, short, long) {
  const status = document.getElementById('copy-status');
  button.textContent = short;
  clearTimeout(resets.get(button));
  resets.set(button, setTimeout(() => (button.textContent = 'Copy'), SHOWN_MS));
  if (!status) return;
  status.textContent = '';
  requestAnimationFrame(() => (status.textContent = long));
}
