// The banner of the dev shell while `docsd watch` is not reachable: a small status line at the top,
// announced politely by screen readers, gone once the page reloads from the server that is back.
const ID = 'docsd-dev-offline';

// why is docsd's reason for refusing the page's socket; without one, docsd has stopped.
export function showOffline(why) {
  const text = why ? `${why} — retrying…` : 'docsd stopped — reconnecting…';
  let bar = document.getElementById(ID);
  if (bar) {
    if (bar.textContent !== text) bar.textContent = text;
    return;
  }
  bar = document.createElement('div');
  bar.id = ID;
  bar.setAttribute('role', 'status');
  bar.textContent = text;
  // A longer reason wraps within the screen, not within the half of it right of the centre.
  bar.style.cssText =
    'position:fixed;top:8px;left:50%;transform:translateX(-50%);z-index:2001;padding:4px 14px;border-radius:999px;' +
    'width:max-content;max-width:calc(100vw - 24px);box-sizing:border-box;text-align:center;' +
    'background:#1b1f27;color:#f3f4f6;font:13px/1.5 system-ui,sans-serif;box-shadow:0 4px 14px rgba(0,0,0,.3)';
  document.body.appendChild(bar);
}

export function hideOffline() {
  document.getElementById(ID)?.remove();
}
