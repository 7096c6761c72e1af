package build

// docsd build --once drops what an MDX page kept for a rebuild once the page no longer needs it
// (mdx.go): its Markdown tree after the compile, the compiler's answer (pkg/mdx's OneBuild).

import (
	"regexp"
	"testing"
	"time"
)

func TestMDXOneBuildDropsThePageTree(t *testing.T) {
	assets := regexp.MustCompile(`[-.][A-Za-z0-9_]{6,}\.(js|css|json)`)
	pages := map[bool]map[string]string{}
	for _, one := range []bool{false, true} {
		_, opts := mdxSite(t)
		opts.BuildTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		b := New(opts)
		b.oneBuild = one
		res, err := b.Build()
		if err != nil {
			b.Close()
			t.Fatal(err)
		}
		pages[one] = map[string]string{}
		n := 0
		for path, r := range res.Site.Routes.All() {
			if !r.MDX || r.Doc == nil {
				continue
			}
			n++
			// A small site's trees are kept (keepTreesBelow) but for the MDX pages' in one build.
			if got := r.Doc.Released(); got != one {
				t.Errorf("one build %v: %s's document released %v", one, path, got)
			}
			// (The chunks' names follow the project's folder, a new one each build.)
			pages[one][path] = assets.ReplaceAllString(string(res.Files.Data[res.Site.HTMLPath(path)]), "-H.$1")
		}
		b.Close()
		if n < 2 {
			t.Fatalf("%d MDX pages", n)
		}
	}
	for path, html := range pages[false] {
		if w, s := pages[true][path], html; w != s {
			i := 0
			for i < len(w) && i < len(s) && w[i] == s[i] {
				i++
			}
			t.Errorf("%s differs in one build at byte %d:\n%.200s\n%.200s", path, i, w[max(i-100, 0):], s[max(i-100, 0):])
		}
	}
}
