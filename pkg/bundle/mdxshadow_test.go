package bundle

import (
	"path/filepath"
	"testing"
)

// Which touched paths make a page that read a file build again (mdxshadow.go): those that may be
// what one of its imports resolves to now, and no other (a page is not built again for a file
// beside its component that no import can name).
func TestReresolved(t *testing.T) {
	p := func(s string) string { return filepath.FromSlash("/p/" + s) }
	comp, index := p("src/components/Foo.js"), p("src/components/Bar/index.js")
	for _, c := range []struct {
		touched string
		files   []string
		want    bool
	}{
		{"src/components/Foo.tsx", []string{comp}, true},           // .tsx before .js
		{"src/components/Foo", []string{comp}, true},               // the name itself, or a folder of it
		{"src/components/Foo/index.tsx", []string{comp}, true},     // that folder's index
		{"src/components/Bar.jsx", []string{index}, true},          // a file before a folder
		{"src/components/Bar/index.tsx", []string{index}, true},    // .tsx before .js
		{"src/components/Bar/package.json", []string{index}, true}, // the folder's main
		{"src/package.json", []string{comp}, true},                 // above the file
		{"tsconfig.json", []string{comp}, true},                    // paths, jsx settings
		{"src/node_modules/clsx/index.js", []string{comp}, true},   // where bare imports look first
		{"src/components/Foobar.tsx", []string{comp}, false},
		{"src/components/Other.tsx", []string{comp}, false},
		{"src/components/Bar/util.js", []string{index}, false},
		{"src/components/deep/package.json", []string{comp}, false},
		{"lib/node_modules/clsx/index.js", []string{comp}, false},
		{"src/components/Foo.tsx", []string{index}, false},
	} {
		if got := reresolved(c.files, touchedPaths(map[string]bool{p(c.touched): true})); got != c.want {
			t.Errorf("%s touched, files %v: reresolved %v, want %v", c.touched, c.files, got, c.want)
		}
	}
}
