import { isMac } from './search/load.js';

// How long the Copy button shows what happened before it says "Copy" again.
const SHOWN_MS = 1500;

// The timer that turns each button back to "Copy": a second click restarts it.
const resets = new WeakMap();

// copyCode copies the code of the code block whose Copy button is `button` and says what happened,
// on the button and in the page's live region (CopyStatus.jsx), so a screen reader hears it too.
//
// The asynchronous clipboard API exists only in a secure context: docs served over plain http from a
// LAN address have no navigator.clipboard, and a browser may also refuse it. Then the code is
// selected and copied with the legacy copy command, which works from a click in any context; if
// even that fails, the code stays selected and the reader is told to press Ctrl+C.
export async function copyCode(button) {
  const code = button.parentElement.querySelector('code');
  if (!code) return;
  // textContent is the code as written: innerText would add a blank line after every line, each
  // being a block (.line) that also ends with its newline.
  const text = code.textContent;
  if (navigator.clipboard && navigator.clipboard.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      tell(button, 'Copied', 'Copied the code to the clipboard');
      return;
    } catch {
      // refused: the legacy command below may still be allowed
    }
  }
  const selection = window.getSelection();
  selection.removeAllRanges();
  const range = document.createRange();
  range.selectNodeContents(code);
  selection.addRange(range);
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
  const keys = isMac() ? '⌘+C' : 'Ctrl+C';
  tell(button, 'Selected', `The code is selected: press ${keys} to copy it`);
}

// tell shows `short` on the button for a moment and puts `long` in the live region. The region is
// emptied first, so the same message twice in a row is announced twice.
function tell(button, short, long) {
  const status = document.getElementById('copy-status');
  button.textContent = short;
  clearTimeout(resets.get(button));
  resets.set(button, setTimeout(() => (button.textContent = 'Copy'), SHOWN_MS));
  if (!status) return;
  status.textContent = '';
  requestAnimationFrame(() => (status.textContent = long));
}
