// The page layouts by page kind. Docs layouts are in the main bundle; the blog's are a separate chunk
// that only blog readers download.
import CategoryPage from './components/CategoryPage.jsx';
import DocPage from './components/DocPage.jsx';
import Landing from './components/Landing.jsx';
import NotFound from './components/NotFound.jsx';
import VersionsPage from './components/VersionsPage.jsx';

export const coreLayouts = {
  doc: DocPage,
  category: CategoryPage,
  landing: Landing,
  versions: VersionsPage,
  notFound: NotFound,
};

export { blogKinds } from './blog/kinds.js';
