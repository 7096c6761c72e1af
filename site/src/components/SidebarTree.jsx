import { useState } from 'react';
import Collapsible from './Collapsible.jsx';
import SiteLink from './SiteLink.jsx';

function contains(item, route) {
  if (item.route === route) return true;
  return (item.items || []).some((child) => contains(child, route));
}

// Category is one collapsible group; opening it closes its open siblings (auto-collapse). Its items
// are rendered once it has been open: a page's HTML carries the open categories only (about 30 of a
// sidebar's 160 links), since collapsed ones are hidden and need the script to open anyway. That is
// most of the server rendering of every page. Once rendered they stay, so closing animates.
function Category({ item, current, open, onToggle, onNavigate }) {
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
        {(open || rendered) && <Items items={item.items || []} current={current} onNavigate={onNavigate} />}
      </Collapsible>
    </li>
  );
}

function Items({ items, current, onNavigate }) {
  // One open category per level: the one holding the current page, or the one the reader opened.
  const initial = items.findIndex((it) => it.type === 'category' && (contains(it, current) || (it.collapsible === false || !it.collapsed)));
  const [openIndex, setOpenIndex] = useState(initial);
  return items.map((item, i) =>
    item.type === 'category' ? (
      <Category key={i} item={item} current={current} open={openIndex === i || item.collapsible === false} onToggle={() => setOpenIndex(openIndex === i ? -1 : i)} onNavigate={onNavigate} />
    ) : item.type === 'html' ? (
      // A hand-written sidebar's html item: markup the site's own sidebars file holds.
      <li key={i} className="menu-item" dangerouslySetInnerHTML={{ __html: item.html }} />
    ) : (
      <li key={i} className="menu-item">
        <SiteLink className={`menu-link${item.route && item.route === current ? ' active' : ''}`} href={item.route || item.href} aria-current={item.route && item.route === current ? 'page' : undefined} onNavigate={onNavigate}>
          {item.label}
        </SiteLink>
      </li>
    ),
  );
}

export default function SidebarTree({ items, current, onNavigate }) {
  return (
    <ul className="menu-list menu-root">
      <Items items={items} current={current} onNavigate={onNavigate} />
    </ul>
  );
}
