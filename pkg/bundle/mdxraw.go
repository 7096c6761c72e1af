package bundle

// Docusaurus sites import a file's text with webpack's raw-loader, to show it in a <CodeBlock>:
// `import code from '!!raw-loader!./example.ts'` (ory's pages do so 200 times), or with a `?raw`
// query, which sites map to webpack's asset/source in their own webpack rule (typescript-eslint:
// `'!!../../packages/rule-tester/src/types/ValidTestCase.ts?raw'`). docsd gives such an import the
// file's text as its default export; the file must be in the project, and the page depends on it
// (pageDeps), so editing it builds the page again.

import (
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// rawNS is the namespace of a file imported as text.
const rawNS = "docsd-raw"

// rawLoader is the webpack loader prefix of such an import: raw-loader!, !raw-loader! or
// !!raw-loader! (the marks also skip webpack's other loaders; there are none here).
var rawLoader = regexp.MustCompile(`^!{0,2}raw-loader!`)

// rawSpec is the file an import of a file's text names: without its loader prefix, or without its
// `?raw` query and webpack's leading marks.
func rawSpec(p string) string {
	if loc := rawLoader.FindStringIndex(p); loc != nil {
		return p[loc[1]:]
	}
	return strings.TrimLeft(strings.TrimSuffix(p, "?raw"), "!")
}

// rawImports gives a page's build the files it imports as text.
func (b *Bundler) rawImports(pb api.PluginBuild) {
	pb.OnResolve(api.OnResolveOptions{Filter: `^!{0,2}raw-loader!|\?raw$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		spec := rawSpec(a.Path)
		var p string
		if strings.HasPrefix(spec, "@site/") {
			p = b.aliasPath(&pb, spec, a.Kind)
		} else if p = b.exactFile(spec, a.ResolveDir); p == "" {
			// Named without its extension, as webpack's resolver allows (./server for server.js).
			r := pb.Resolve(spec, api.ResolveOptions{ResolveDir: a.ResolveDir, Importer: a.Importer, Kind: api.ResolveJSImportStatement})
			if len(r.Errors) == 0 && r.Namespace == "file" && !r.External {
				p = r.Path
			}
		}
		if p == "" || !b.inProject(p) {
			return api.OnResolveResult{}, fmt.Errorf("\"%s\" names no file of the project", a.Path)
		}
		return api.OnResolveResult{Path: p, Namespace: rawNS}, nil
	})
	pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: rawNS}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
		raw, err := os.ReadFile(a.Path)
		if err != nil {
			return api.OnLoadResult{}, err
		}
		text := string(raw)
		return api.OnLoadResult{Contents: &text, Loader: api.LoaderText}, nil
	})
}
