package bundle

import (
	"fmt"
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

// What Update's check of every page costs for an MDX page's body edit at 10,000 pages, each
// reading its file, a partial beside it and two site components: anyTouched (the files it read)
// and reresolved (the files beside them), as Update calls both.
func BenchmarkUpdateCheck(b *testing.B) {
	var pages [][]string
	for i := range 10000 {
		dir := filepath.FromSlash(fmt.Sprintf("/p/docs/section%d", i/50))
		pages = append(pages, []string{filepath.Join(dir, fmt.Sprintf("page%d.mdx", i)), filepath.Join(dir, "_shared.mdx"),
			filepath.FromSlash("/p/src/components/Badge.jsx"), filepath.FromSlash("/p/src/components/Tabs/index.js")})
	}
	touched := map[string]bool{pages[1234][0]: true}
	near := touchedPaths(touched) // once per Update
	for _, check := range []struct {
		name string
		fn   func([]string) bool
	}{
		{"anyTouched", func(files []string) bool { return anyTouched(files, near) }},
		{"reresolved", func(files []string) bool { return reresolved(files, near) }},
	} {
		b.Run(check.name, func(b *testing.B) {
			for b.Loop() {
				n := 0
				for _, files := range pages {
					if check.fn(files) {
						n++
					}
				}
				if n != 1 {
					b.Fatalf("%d pages to build, want 1", n)
				}
			}
		})
	}
}
