package build

// How the process step of a one-file edit grows with the site (issue #16): its work should follow
// the edit, not the number of sources. go test -run '^$' -bench ProcessOneEdit -benchmem ./pkg/build

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"docsd/pkg/config"
	"docsd/pkg/content"
	maplayers "docsd/pkg/layered"
	"docsd/pkg/site"
)

func BenchmarkProcessOneEdit(b *testing.B) {
	for _, n := range []int{1000, 10000, 30000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			root := b.TempDir()
			if err := os.MkdirAll(filepath.Join(root, "content", "docs"), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, "docsd.toml"), []byte("title = \"T\"\nurl = \"https://example.test\"\n"), 0o644); err != nil {
				b.Fatal(err)
			}
			edited := "docs/edited.md"
			if err := os.WriteFile(filepath.Join(root, "content", filepath.FromSlash(edited)), []byte("# Edited\n\nText.\n"), 0o644); err != nil {
				b.Fatal(err)
			}
			cfg, err := config.Load(filepath.Join(root, "docsd.toml"))
			if err != nil {
				b.Fatal(err)
			}
			bu := New(Options{Root: root})
			// The other sources are only held, as a rebuild holds the ones it does not read.
			all := map[string]*site.Parsed{}
			for i := range n {
				p := fmt.Sprintf("docs/p%05d.md", i)
				all[p] = &site.Parsed{Src: content.Source{Path: p, Kind: content.Doc}}
			}
			first, err := bu.process(nil, nil, cfg, nil, true, nil)
			if err != nil {
				b.Fatal(err)
			}
			all[edited] = first.byPath.Get(edited)
			last := maplayers.From(all)
			b.ResetTimer()
			for range b.N {
				if _, err := bu.process(last, nil, cfg, []string{edited}, false, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
