// The overlay of the dev server: build errors (the site keeps showing the last good page) and the
// broken links and anchors of the page on screen, each with its file and line.
const ID = 'docsd-dev-overlay';

export function showOverlay(errors, problems) {
  let box = document.getElementById(ID);
  if (errors.length === 0 && problems.length === 0) {
    if (box) box.remove();
    return;
  }
  if (!box) {
    box = document.createElement('div');
    box.id = ID;
    box.setAttribute('role', 'alert');
    box.style.cssText =
      'position:fixed;right:16px;bottom:16px;z-index:2000;max-width:min(640px,calc(100vw - 32px));max-height:60vh;overflow:auto;' +
      'padding:14px 18px;border-radius:10px;background:#1b1f27;color:#f3f4f6;font:14px/1.5 ui-monospace,monospace;box-shadow:0 10px 30px rgba(0,0,0,.35)';
    document.body.appendChild(box);
  }
  box.textContent = '';
  const section = (title, items, colour) => {
    if (items.length === 0) return;
    const h = document.createElement('p');
    h.textContent = title;
    h.style.cssText = `margin:0 0 6px;font-weight:700;color:${colour}`;
    box.appendChild(h);
    const ul = document.createElement('ul');
    ul.style.cssText = 'margin:0 0 10px;padding-left:18px';
    for (const item of items) {
      const li = document.createElement('li');
      li.textContent = item.message;
      ul.appendChild(li);
    }
    box.appendChild(ul);
  };
  section('Build failed: showing the last good version of the site', errors, '#ff8a8a');
  section('Broken links on this page', problems, '#ffd27a');
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Dismiss';
  close.style.cssText = 'font:inherit;color:inherit;background:#2e3440;border:1px solid #4b5563;border-radius:6px;padding:2px 10px;cursor:pointer';
  close.addEventListener('click', () => box.remove());
  box.appendChild(close);
}
