package markdown

import (
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
)

// The sections' text is the same whichever way it is made: at a first render of a kept tree, at a
// render after an earlier one (sections released in between), from Sections on a rendered tree,
// and from a released tree; for every Markdown file of the repository's fixtures.
func TestSectionsSameEveryWay(t *testing.T) {
	var files []string
	for _, glob := range []string{"../../testdata/sites/*/content/*/*.md", "../../testdata/sites/*/content/*/*/*.md", "../../testdata/sites/*/content/*/*/*/*.md"} {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	if len(files) < 20 {
		t.Fatalf("only %d fixture files", len(files))
	}
	c := New()
	resolve := func(dest string, _ bool) string { return "/x/" + dest + "#y" }
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want := c.Parse(src, 1).Sections()
		d := c.Parse(src, 1)
		if _, err := d.Render(resolve); err != nil {
			continue
		}
		if got := d.Sections(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: sections at a first render differ", f)
		}
		d.ReleaseSections()
		_, _ = d.Render(resolve)
		if got := d.Sections(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: sections at a second render differ", f)
		}
		d.ReleaseSections()
		if got := d.Sections(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: sections of a rendered tree differ", f)
		}
		d.Release()
		d.ReleaseSections()
		_, _ = d.Render(resolve)
		if got := d.Sections(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: sections from a released tree differ", f)
		}
	}
	t.Logf("%d files", len(files))
}

// Sections read while other goroutines render the same document (locales, a search shard made
// while the page renders again): no race (go test -race).
func TestSectionsWhileRendering(t *testing.T) {
	src := []byte("Intro.\n\n## A\n\nText [l](./a.md).\n\n### B\n\n| k | v |\n|---|---|\n| `x` | y |\n")
	c := New()
	d := c.Parse(src, 1)
	want := c.Parse(src, 1).Sections()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for j := 0; j < 50; j++ {
				switch (i + j) % 4 {
				case 0:
					_, _ = d.RenderString(func(s string, _ bool) string { return s })
				case 1:
					if got := d.Sections(); !reflect.DeepEqual(got, want) {
						t.Errorf("sections %+v", got)
					}
				case 2:
					d.ReleaseSections()
				case 3:
					d.Release()
				}
			}
		}(i)
	}
	wg.Wait()
}
