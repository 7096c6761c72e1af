import { useState } from 'react';
import { useNavigation } from '../navigation.js';
import { usePartCache } from '../parts.js';
import { sidebarItems, swapActive } from '../sidebar-parts.js';
import Collapsible from './Collapsible.jsx';
import ServerCached from './ServerCached.jsx';
import SiteLink from './SiteLink.jsx';

function contains(item, route) {
  if (item.route === route) return true;
  return (item.items || []).some((child) => contains(child, route));
}

// Category is one collapsible group; opening it closes its open siblings (auto-collapse). Its items
// are rendered once it has been open: a page's HTML carries the open categories only (about 30 of a
// sidebar's 160 links), since collapsed ones are hidden and need the script to open anyway. That is
// most of the server rendering of every page. Once rendered they stay, so closing animates.
function Category({ item, current, open, onToggle, onNavigate, parts }) {
  const active = contains(item, current);
  const [rendered, setRendered] = useState(open);
  if (open && !rendered) setRendered(true);
  return (
    <li className={`menu-item menu-category${active ? ' active-trail' : ''}`}>
      <div className="menu-category-row">
        {item.route ? (
          <SiteLink className={`menu-link${item.route === current ? ' active' : ''}`} href={item.route} aria-current={item.route === current ? 'page' : undefined} onNavigate={onNavigate}>
            {item.label}
          </SiteLink>
        ) : (
          <button type="button" className="menu-link menu-link-button" onClick={onToggle}>
            {item.label}
          </button>
        )}
        {item.collapsible !== false && (
          <button type="button" className={`menu-caret${open ? ' open' : ''}`} aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} sidebar category '${item.label}'`} onClick={onToggle} />
        )}
      </div>
      <Collapsible collapsed={!open} className="menu-list">
        {(open || rendered) && <Items items={item.items || []} current={current} onNavigate={onNavigate} parts={parts} />}
      </Collapsible>
    </li>
  );
}

// Items renders a list of items. On the server, with the part cache, each item is a part of its
// own (parts, from sidebarItems): the items a page shares with earlier pages are not rendered again.
function Items({ items, current, onNavigate, parts }) {
  // One open category per level: the one holding the current page, or the one the reader opened.
  const initial = items.findIndex((it) => it.type === 'category' && (contains(it, current) || (it.collapsible === false || !it.collapsed)));
  const [openIndex, setOpenIndex] = useState(initial);
  return items.map((item, i) => {
    const open = openIndex === i || item.collapsible === false;
    const node =
      item.type === 'category' ? (
        <Category key={i} item={item} current={current} open={open} onToggle={() => setOpenIndex(openIndex === i ? -1 : i)} onNavigate={onNavigate} parts={parts} />
      ) : item.type === 'html' ? (
        // A hand-written sidebar's html item: markup the site's own sidebars file holds.
        <li key={i} className="menu-item" dangerouslySetInnerHTML={{ __html: item.html }} />
      ) : (
        <li key={i} className="menu-item">
          <SiteLink className={`menu-link${item.route && item.route === current ? ' active' : ''}`} href={item.route || item.href} aria-current={item.route && item.route === current ? 'page' : undefined} onNavigate={onNavigate}>
            {item.label}
          </SiteLink>
        </li>
      );
    const part = parts && parts(item, open);
    if (!part) return node;
    return (
      <ServerCached key={i} owner={item} name={part.name} value={part.value} swap={swapActive} bracket>
        {node}
      </ServerCached>
    );
  });
}

export default function SidebarTree({ items, current, onNavigate }) {
  const cache = usePartCache();
  const nav = useNavigation();
  const parts = cache && nav ? sidebarItems(nav.basePath, items, current) : null;
  return (
    <ul className="menu-list menu-root">
      <Items items={items} current={current} onNavigate={onNavigate} parts={parts} />
    </ul>
  );
}
