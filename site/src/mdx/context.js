// What the components an MDX page uses may ask of the page around them: the site's base path and
// the page's data (its table of contents, its category's cards), for a doc its sidebar, and the
// site's data (useDocusaurusContext).
import { createContext, useContext } from 'react';

export const MdxPageContext = createContext({ basePath: '/', site: null, page: null, sidebar: null });

export function useMdxPage() {
  return useContext(MdxPageContext);
}
