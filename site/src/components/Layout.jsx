import { Suspense } from 'react';
import AnnouncementBar from './AnnouncementBar.jsx';
import CopyStatus from './CopyStatus.jsx';
import Footer from './Footer.jsx';
import HydrationMark from './HydrationMark.jsx';
import Navbar from './Navbar.jsx';
import ProgressBar from './ProgressBar.jsx';
import ServerCached from './ServerCached.jsx';
import SkipLink from './SkipLink.jsx';

// The announcement and the footer have no useId inside: their parts are learnt in the render
// that first meets them (ServerCached's bracket).
export default function Layout({ site, page, sidebar, children }) {
  return (
    <div className="site">
      <SkipLink />
      <ProgressBar />
      <ServerCached owner={site} name="announcement" bracket>
        <AnnouncementBar announcement={site.announcement} />
      </ServerCached>
      <Navbar site={site} page={page} sidebar={sidebar} />
      {/* The page's content and the footer are Suspense boundaries: React hydrates the navbar
          first and makes it usable (search, menus) while the larger content hydrates after. */}
      <Suspense fallback={null}>
        <div className="site-body">{children}</div>
        <HydrationMark />
      </Suspense>
      <Suspense fallback={null}>
        <ServerCached owner={site} name="footer" bracket>
          <Footer site={site} />
        </ServerCached>
      </Suspense>
      <CopyStatus />
    </div>
  );
}
