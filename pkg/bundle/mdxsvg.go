package bundle

// A Docusaurus site's JavaScript and MDX import an .svg as a React component (webpack's SVGR:
// `import Logo from '@site/static/img/logo.svg'; <Logo className="x" />`, and the classic
// template's `Svg: require('@site/static/img/undraw.svg').default`). In a page's build (and the
// site's MDXComponents'), an import or require() of an .svg by a file of the project gives a
// component that renders the file's <svg> with its attributes as props (the caller's props win)
// and its content as it is; the shell's own .svg imports stay URLs, and so do CSS url()s and
// Markdown images.

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

const svgNamespace = "docsd-svg-component"

var (
	svgRoot     = regexp.MustCompile(`(?s)<svg\b((?:[^>"']|"[^"]*"|'[^']*')*?)(/?)>`)
	svgAttr     = regexp.MustCompile(`([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')`)
	svgPrologue = regexp.MustCompile(`(?s)<\?xml.*?\?>|<!DOCTYPE[^>]*>|<!--.*?-->`)
)

// svgComponents resolves the project's imports of .svg files to components.
func (b *Bundler) svgComponents(pb api.PluginBuild) {
	pb.OnResolve(api.OnResolveOptions{Filter: `\.svg$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		if _, again := a.PluginData.(pageResolving); again || a.PluginData == svgNamespace || a.Namespace == svgNamespace || a.Kind == api.ResolveCSSURLToken || a.Kind == api.ResolveCSSImportRule || a.Kind == api.ResolveEntryPoint {
			return api.OnResolveResult{}, nil
		}
		if _, shell := b.sharedKey(a.Importer); shell || a.Importer == "" {
			return api.OnResolveResult{}, nil // the shell's own: a URL, as before
		}
		r := pb.Resolve(a.Path, api.ResolveOptions{Importer: a.Importer, Namespace: a.Namespace, ResolveDir: a.ResolveDir,
			Kind: api.ResolveJSImportStatement, PluginData: svgNamespace})
		if len(r.Errors) > 0 {
			return api.OnResolveResult{Errors: r.Errors}, nil
		}
		if r.External || r.Namespace != "file" {
			return api.OnResolveResult{Path: r.Path, External: r.External, Namespace: r.Namespace}, nil
		}
		return api.OnResolveResult{Path: r.Path, Namespace: svgNamespace}, nil
	})
	pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: svgNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
		raw, err := os.ReadFile(a.Path)
		if err != nil {
			return api.OnLoadResult{}, err
		}
		src, err := svgModule(string(raw))
		if err != nil {
			return api.OnLoadResult{}, fmt.Errorf("%s: %w", b.projectName(a.Path), err)
		}
		return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: b.siteDir, WatchFiles: []string{a.Path}}, nil
	})
}

// projectName names a file relative to the project, as errors do.
func (b *Bundler) projectName(abs string) string {
	if rel, ok := under(b.mdx.realRoot, abs); ok {
		return rel
	}
	if rel, ok := under(b.mdx.Root, abs); ok {
		return rel
	}
	return abs
}

// svgModule is the component module of an SVG document.
func svgModule(doc string) (string, error) {
	doc = svgPrologue.ReplaceAllString(doc, "")
	m := svgRoot.FindStringSubmatchIndex(doc)
	if m == nil {
		return "", fmt.Errorf("not an SVG document (no <svg> element)")
	}
	// Attributes in the document's order, as SVGR writes them.
	var props []string
	for _, at := range svgAttr.FindAllStringSubmatch(doc[m[2]:m[3]], -1) {
		name := svgPropName(at[1])
		value, _ := json.Marshal(at[2] + at[3])
		if name == "style" {
			value = styleObject(at[2] + at[3])
		}
		key, _ := json.Marshal(name)
		props = append(props, string(key)+": "+string(value))
	}
	inner := ""
	if m[5] == m[4] { // not self-closing
		end := strings.LastIndex(doc, "</svg>")
		if end < m[1] {
			return "", fmt.Errorf("the <svg> element is not closed")
		}
		inner = strings.TrimSpace(doc[m[1]:end])
	}
	html, _ := json.Marshal(inner)
	return "import { createElement } from 'react';\n" +
		"const attrs = {" + strings.Join(props, ", ") + "};\n" +
		"const inner = { __html: " + string(html) + " };\n" +
		"export default function SvgComponent(props) {\n" +
		"  return createElement('svg', Object.assign({}, attrs, props, { dangerouslySetInnerHTML: inner }));\n" +
		"}\n" +
		"export { SvgComponent as ReactComponent };\n", nil
}

// svgPropName is React's name of an SVG attribute: class → className, xlink:href → xlinkHref,
// stroke-width → strokeWidth; data-* and aria-* stay.
func svgPropName(attr string) string {
	switch {
	case attr == "class":
		return "className"
	case strings.HasPrefix(attr, "data-") || strings.HasPrefix(attr, "aria-"):
		return attr
	}
	var b strings.Builder
	upper := false
	for _, r := range attr {
		if r == '-' || r == ':' {
			upper = true
			continue
		}
		if upper && r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		upper = false
		b.WriteRune(r)
	}
	return b.String()
}

// styleObject is a style attribute as React's style object (JavaScript), in its order.
func styleObject(css string) []byte {
	var fields []string
	for _, decl := range strings.Split(css, ";") {
		k, v, ok := strings.Cut(decl, ":")
		if k = strings.TrimSpace(k); !ok || k == "" {
			continue
		}
		if !strings.HasPrefix(k, "--") {
			k = svgPropName(k)
		}
		key, _ := json.Marshal(k)
		value, _ := json.Marshal(strings.TrimSpace(v))
		fields = append(fields, string(key)+": "+string(value))
	}
	return []byte("{" + strings.Join(fields, ", ") + "}")
}
