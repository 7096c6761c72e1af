// The banner of the dev shell while `docsd watch` is not reachable: a small status line at the top,
// announced politely by screen readers, gone once the page reloads from the server that is back.
const ID = 'docsd-dev-offline';

export function showOffline() {
  if (document.getElementById(ID)) return;
  const bar = document.createElement('div');
  bar.id = ID;
  bar.setAttribute('role', 'status');
  bar.textContent = 'docsd stopped — reconnecting…';
  bar.style.cssText =
    'position:fixed;top:8px;left:50%;transform:translateX(-50%);z-index:2001;padding:4px 14px;border-radius:999px;' +
    'background:#1b1f27;color:#f3f4f6;font:13px/1.5 system-ui,sans-serif;box-shadow:0 4px 14px rgba(0,0,0,.3)';
  document.body.appendChild(bar);
}

export function hideOffline() {
  document.getElementById(ID)?.remove();
}
