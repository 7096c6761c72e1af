import { memo, useEffect, useRef, useState } from 'react';
import { storageSlot } from '../storage.js';
import SidebarTree from './SidebarTree.jsx';

const hiddenSlot = storageSlot('docsd.sidebar.hidden');

// Sidebar is the desktop docs sidebar; the reader can hide it and show it again. It is memoised:
// hundreds of links that an edit of the page (docsd watch) rarely changes.
function Sidebar({ items, current }) {
  const [hidden, setHidden] = useState(false);
  const nav = useRef(null);
  useEffect(() => {
    if (hiddenSlot.get() === 'true') setHidden(true);
  }, []);
  // The current page's link is scrolled into the sidebar's view (long sidebars hide deep pages).
  useEffect(() => {
    const box = nav.current;
    const link = box && box.querySelector('[aria-current="page"]');
    if (!link) return;
    const top = link.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < 0 || top > box.clientHeight - 40) box.scrollTop += top - box.clientHeight / 3;
  }, [current, hidden]);
  const toggle = (value) => {
    setHidden(value);
    if (value) hiddenSlot.set('true');
    else hiddenSlot.del();
  };
  if (hidden) {
    return (
      <aside className="doc-sidebar doc-sidebar-hidden">
        <button type="button" className="sidebar-expand" title="Expand sidebar" aria-label="Expand sidebar" onClick={() => toggle(false)}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path fill="currentColor" d="M9.3 6.7L14.6 12l-5.3 5.3 1.4 1.4L17.4 12l-6.7-6.7z" />
          </svg>
        </button>
      </aside>
    );
  }
  return (
    <aside className="doc-sidebar">
      <nav className="sidebar-nav" aria-label="Docs sidebar" ref={nav}>
        <SidebarTree items={items} current={current} />
      </nav>
      <button type="button" className="sidebar-collapse" title="Collapse sidebar" aria-label="Collapse sidebar" onClick={() => toggle(true)}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M14.7 6.7L9.4 12l5.3 5.3-1.4 1.4L6.6 12l6.7-6.7z" />
        </svg>
      </button>
    </aside>
  );
}

export default memo(Sidebar);
