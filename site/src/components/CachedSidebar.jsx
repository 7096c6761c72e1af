import { useNavigation } from '../navigation.js';
import { usePartCache } from '../parts.js';
import { sidebarPart, swapActive } from '../sidebar-parts.js';
import ServerCached from './ServerCached.jsx';
import Sidebar from './Sidebar.jsx';

// CachedSidebar is the docs sidebar, whose HTML the server renders once per sidebar and set of
// open categories and reuses on the pages that share them (sidebar-parts.js). Nothing in it uses
// useId, so it is learnt in the render that first meets it (bracket).
export default function CachedSidebar({ items, current }) {
  const cache = usePartCache();
  const nav = useNavigation();
  const part = cache && nav ? sidebarPart(nav.basePath, items, current) : null;
  return (
    <ServerCached owner={items} name={part && part.name} value={part && part.value} swap={swapActive} bracket>
      <Sidebar items={items} current={current} />
    </ServerCached>
  );
}
