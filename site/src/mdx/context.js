// What the components an MDX page uses may ask of the page around them: the site's base path and
// the page's data (its table of contents, its category's cards) and, for a doc, its sidebar.
import { createContext, useContext } from 'react';

export const MdxPageContext = createContext({ basePath: '/', page: null, sidebar: null });

export function useMdxPage() {
  return useContext(MdxPageContext);
}
