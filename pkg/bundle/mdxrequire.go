package bundle

// Docusaurus sites write `require('@site/static/video/intro.mp4').default` (or a relative path)
// inside an MDX page's JSX, where webpack gives the file's URL (capacitor's docs: 6 pages). In a
// page's build, require() of an image, a video or a download gives the same URL an import of the
// file gives (the file loader, pageAssets): as a String whose `.default` is the URL too, so both
// `src={require(…)}` and `src={require(…).default}` work.

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// requireCall is a require() call in a compiled page: the page needs the bundler (quickPage).
var requireCall = regexp.MustCompile(`\brequire\s*\(`)

// hasRequireCall reports whether requireCall matches js. The expression starts with \b, so Go's
// regexp has no literal to look for first and ran over every byte of every compiled page (its
// runs' HTML included), 0.07 ms a page of cost.sh's; a page without the word, almost every one,
// is answered by strings.Contains.
func hasRequireCall(js string) bool {
	return strings.Contains(js, "require") && requireCall.MatchString(js)
}

// requiredAssetNamespace holds the module a require() of an asset gets.
const requiredAssetNamespace = "docsd-required-asset"

// requiredAssets resolves require() of an asset file to a module whose export is its URL.
func requiredAssets(pb api.PluginBuild) {
	exts := append([]string{".png", ".svg"}, pageAssets...)
	for i, e := range exts {
		exts[i] = regexp.QuoteMeta(strings.TrimPrefix(e, "."))
	}
	filter := `\.(` + strings.Join(exts, "|") + `)$`
	pb.OnResolve(api.OnResolveOptions{Filter: filter}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		if a.Kind != api.ResolveJSRequireCall || a.Namespace == requiredAssetNamespace {
			return api.OnResolveResult{}, nil // imports, and the file itself, as before
		}
		// The file as an import would resolve it (docsd's aliases, relative paths), as an import.
		r := pb.Resolve(a.Path, api.ResolveOptions{Importer: a.Importer, Namespace: a.Namespace, ResolveDir: a.ResolveDir,
			Kind: api.ResolveJSImportStatement})
		if len(r.Errors) > 0 {
			return api.OnResolveResult{Errors: r.Errors}, nil
		}
		if r.External || r.Namespace != "file" {
			return api.OnResolveResult{Path: r.Path, External: r.External, Namespace: r.Namespace}, nil
		}
		return api.OnResolveResult{Path: r.Path, Namespace: requiredAssetNamespace}, nil
	})
	pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: requiredAssetNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
		file, _ := json.Marshal(a.Path)
		// CommonJS, so that require() gives the String itself (an ES module's would be its
		// namespace); the file loader's module is the URL.
		src := "var url = require(" + string(file) + ");\n" +
			"if (typeof url !== 'string') url = url.default;\n" +
			"module.exports = Object.assign(new String(url), { default: url });\n"
		return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
	})
}
