package links_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"docsd/pkg/build"
	"docsd/pkg/links"
)

// TestIncrementalCheckReadsAChangedConfig: a check that reuses the last report keeps the values it
// found in docsd.toml only while the text is the same (config.go).
func TestIncrementalCheckReadsAChangedConfig(t *testing.T) {
	root := "../../testdata/sites/broken"
	b := build.New(build.Options{Root: root, SiteDir: "../../site", Production: true})
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := os.ReadFile(filepath.Join(root, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	in := links.Input{Site: res.Site, Config: cfg, ConfigFile: "docsd.toml", Last: res.Links, Recheck: map[string]bool{}, SameModel: true}
	broken := func(r *links.Report) int {
		n := 0
		for _, p := range r.Problems {
			if p.File == "docsd.toml" && p.Target == "/docs/nowhere-new" {
				n++
			}
		}
		return n
	}
	if n := broken(links.Run(in)); n != 0 {
		t.Fatalf("%d problems for a link docsd.toml does not have", n)
	}
	in.Config = append(slices.Clip(cfg), "\n[[footer.links]]\ntitle = \"More\"\nitems = [{ label = \"New\", to = \"/docs/nowhere-new\" }]\n"...)
	if n := broken(links.Run(in)); n != 1 {
		t.Fatalf("%d problems for the broken footer link docsd.toml has now, want 1", n)
	}
}
