package bundle

// A Docusaurus site gives components to every MDX page, without an import, through its own
// src/theme/MDXComponents, whose default export is an object of components (usually docsd's own
// map, imported as @theme-original/MDXComponents, spread, and the site's components added). When
// the project has one, every page's provider (docsd:mdx-components, the providerImportSource of
// its compiled module) is a module of the page's build that gives that object, on top of docsd's
// map: the same module in the browser and on the server, so the page hydrates as rendered. A
// page's own imports still win: MDX looks a component up in the provider only when the page does
// not define it. The compiler learns the object's names beforehand (pkg/mdx ProvidedBy), so that a
// component nothing gives is still an error at file:line:col.

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/evanw/esbuild/pkg/api"
)

const providerNamespace = "docsd-mdx-provider"

// siteProvider resolves docsd:mdx-components, in a page's build, to a module that gives the
// project's MDXComponents; without one, the import is left to aliasPath (docsd's components.jsx,
// shared).
func (b *Bundler) siteProvider(pb api.PluginBuild) {
	pb.OnResolve(api.OnResolveOptions{Filter: `^docsd:mdx-components$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		if b.mdx.provider == "" {
			return api.OnResolveResult{}, nil
		}
		return api.OnResolveResult{Path: b.mdx.provider, Namespace: providerNamespace}, nil
	})
	pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: providerNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
		src := providerModule(filepath.Join(b.siteDir, "src", "mdx", "components.jsx"), a.Path)
		return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: filepath.Dir(a.Path)}, nil
	})
}

// providerModule is the provider of a project with its own MDXComponents (site). docsd's map comes
// first, so that a site's map that does not spread it still has <Admonition> (`:::` blocks are
// Admonitions); the components docsd's compiler writes into every module (code blocks, the
// truncate marker) come last, as no site may replace them.
func providerModule(ours, site string) string {
	o, _ := json.Marshal(ours)
	s, _ := json.Marshal(site)
	return fmt.Sprintf(`import { components as docsd } from %s;
import site from %s;
const components = { ...docsd, ...site, DocsdHTML: docsd.DocsdHTML, DocsdTruncate: docsd.DocsdTruncate };
export function useMDXComponents() {
  return components;
}
`, o, s)
}
