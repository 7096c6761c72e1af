package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A production bundle takes react-router's production build, which its package.json's exports do
// not name (prodbuild.go); a development bundle keeps the development build. The package here is
// a stand-in laid out as react-router 7 is: exports naming dist/development only, a
// dist/production beside it, files of a build importing each other by relative path.
func TestRouterProductionBuildInProduction(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"node_modules/react-router/package.json": `{"name": "react-router", "sideEffects": false, "exports": {
			".": {"import": "./dist/development/index.mjs", "default": "./dist/development/index.mjs"},
			"./dom": {"import": "./dist/development/dom-export.mjs", "default": "./dist/development/dom-export.mjs"}}}`,
		"node_modules/react-router/dist/development/index.mjs":      `export { mode } from "./chunk.mjs";`,
		"node_modules/react-router/dist/development/chunk.mjs":      `export const mode = "router-development";`,
		"node_modules/react-router/dist/development/dom-export.mjs": `export const dom = "dom-development";`,
		"node_modules/react-router/dist/production/index.mjs":       `export { mode } from "./chunk.mjs";`,
		"node_modules/react-router/dist/production/chunk.mjs":       `export const mode = "router-production";`,
		"node_modules/react-router/dist/production/dom-export.mjs":  `export const dom = "dom-production";`,
		"site/src/entry-client.jsx":                                 "import { mode } from 'react-router';\nimport { dom } from 'react-router/dom';\nconsole.log(mode, dom);\n",
		"site/src/entry-server.jsx":                                 "import { mode } from 'react-router';\nexport const all = [mode];\n",
	}
	writeFiles(t, root, files)
	for _, production := range []bool{true, false} {
		want, not := "production", "development"
		if !production {
			want, not = not, want
		}
		b, err := New(filepath.Join(root, "site"), "/", "", production)
		if err != nil {
			t.Fatal(err)
		}
		out, err := b.Build()
		b.Close()
		if err != nil {
			t.Fatal(err)
		}
		var client strings.Builder
		for name, data := range out.Files {
			if strings.HasSuffix(name, ".js") {
				client.Write(data)
			}
		}
		for _, bundle := range []struct{ name, js string }{{"browser", client.String()}, {"server", string(out.ServerJS)}} {
			if !strings.Contains(bundle.js, "router-"+want) || strings.Contains(bundle.js, "router-"+not) {
				t.Errorf("production=%v: the %s bundle does not hold react-router's %s build alone:\n%s", production, bundle.name, want, bundle.js)
			}
		}
		if !strings.Contains(client.String(), "dom-"+want) {
			t.Errorf("production=%v: react-router/dom is not its %s build", production, want)
		}
	}
}

func TestProductionFile(t *testing.T) {
	dir := t.TempDir()
	prod := filepath.Join(dir, "node_modules", "react-router", "dist", "production", "index.mjs")
	if err := os.MkdirAll(filepath.Dir(prod), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(prod, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	dev := filepath.Join(dir, "node_modules", "react-router", "dist", "development", "index.mjs")
	if got := productionFile(dev); got != prod {
		t.Errorf("productionFile(%s) = %q, want %q", dev, got, prod)
	}
	for _, p := range []string{filepath.Join(dir, "node_modules", "react-router", "dist", "development", "missing.mjs"),
		filepath.Join(dir, "node_modules", "react", "index.js")} {
		if got := productionFile(p); got != "" {
			t.Errorf("productionFile(%s) = %q, want none", p, got)
		}
	}
}
