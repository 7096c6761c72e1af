// docsd's map of the components every MDX page gets without an import, as @theme/MDXComponents
// (and @theme-original/MDXComponents, which a site's own src/theme/MDXComponents spreads).
import { components } from '../components.jsx';

export default components;
