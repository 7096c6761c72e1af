import AnnouncementBar from './AnnouncementBar.jsx';
import Footer from './Footer.jsx';
import Navbar from './Navbar.jsx';
import ProgressBar from './ProgressBar.jsx';
import SkipLink from './SkipLink.jsx';

export default function Layout({ site, page, sidebar, children }) {
  return (
    <div className="site">
      <SkipLink />
      <ProgressBar />
      <AnnouncementBar announcement={site.announcement} />
      <Navbar site={site} page={page} sidebar={sidebar} />
      <div className="site-body">{children}</div>
      <Footer site={site} />
    </div>
  );
}
