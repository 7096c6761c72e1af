package build

// relinked (structure.go) looks up, in a linkIndex carried from build to build, the documents that
// may link to a file whose route changed. These tests hold it to the scan of every link it
// replaced, over random edits, links written before their page exists and links taken away.

import (
	"fmt"
	"math/rand"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"docsd/pkg/graph"
	maplayers "docsd/pkg/layered"
	"docsd/pkg/markdown"
	"docsd/pkg/site"
)

// relinkedScan is relinked as it was before the index: every link of every route, looked at.
func relinkedScan(st, last *state) []graph.Node {
	s, old := st.site, last.site
	names := map[string]bool{}
	addChangedNames(names, s.FileRoute, old.FileRoute)
	addChangedNames(names, maplayers.From(st.statics), maplayers.From(last.statics))
	var out []graph.Node
	for p, r := range s.Routes.All() {
		if r.Doc == nil {
			continue
		}
		o := old.Routes.Get(p)
		if o == nil {
			continue
		}
		for i := range r.Doc.Links {
			dest := r.Doc.Links[i].Dest
			if !names[linkFileName(dest)] {
				continue
			}
			if s.Resolve(st.statics, r.Source, r.Data.Locale, dest) != old.Resolve(last.statics, o.Source, o.Data.Locale, dest) {
				out = append(out, graph.Route(p))
				if r.Data.Kind == site.KindBlogPost {
					out = append(out, graph.File(r.Source))
				}
				break
			}
		}
	}
	return out
}

func nodeSet(nodes []graph.Node) []string {
	var out []string
	for _, n := range nodes {
		out = append(out, n.String())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestRelinkedByIndexEqualsScan(t *testing.T) {
	for _, seed := range []int64{3, 17, 31} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) { relinkedByIndexEqualsScan(t, seed) })
	}
}

func relinkedByIndexEqualsScan(t *testing.T, seed int64) {
	root, opts := siteCopy(t, false)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	e := &editor{t: t, root: root, rng: rand.New(rand.NewSource(seed))}
	var linked []string // pages linked to before they exist: content-relative path of the page to come
	found, carried := 0, 0
	for i := 0; i < 40; i++ {
		var desc string
		var changed []string
		switch k := e.rng.Intn(4); {
		case k == 0:
			// A link to a page that does not exist yet, beside the doc that links to it; or the
			// link taken away again.
			f := e.pick(e.docs())
			text := read(t, root, f)
			if at := strings.Index(text, "\n[Soon]("); at >= 0 {
				end := strings.Index(text[at+1:], "\n")
				write(t, root, f, text[:at]+text[at+1+end:])
				desc = "unlink " + f
			} else {
				name := fmt.Sprintf("soon-%d.md", i)
				write(t, root, f, text+fmt.Sprintf("\n[Soon](%s)\n", name))
				linked = append(linked, path.Join(path.Dir(f), name))
				desc = "link ahead " + f
			}
			changed = []string{f}
		case k == 1 && len(linked) > 0:
			// The page linked to comes (or goes, when it came before).
			f := linked[e.rng.Intn(len(linked))]
			if _, err := os.Stat(filepath.Join(root, f)); err == nil {
				os.Remove(filepath.Join(root, f))
				desc = "remove linked " + f
			} else {
				write(t, root, f, fmt.Sprintf("---\ntitle: Soon %d\n---\n\nHere now.\n", i))
				desc = "add linked " + f
			}
			changed = []string{f}
		default:
			desc, changed = e.random()
		}
		prev := b.last
		if _, err := b.Rebuild(changed); err != nil {
			continue // the last good build stays, and the next edit is compared with it
		}
		st := b.last
		if st == prev || st.site == prev.site {
			continue
		}
		if st.links != nil && prev.links != nil {
			carried++
		}
		got, want := nodeSet(st.relinked(prev)), nodeSet(relinkedScan(st, prev))
		if !slices.Equal(got, want) {
			t.Fatalf("step %d (%s): relinked by index %v, by scanning every link %v", i, desc, got, want)
		}
		if len(want) > 0 {
			found++
		}
	}
	if found == 0 || carried == 0 {
		t.Fatalf("%d edits relinked a route, %d carried the index: the test did not test it", found, carried)
	}
}

// TestLinkIndexWithKeepsTheLastIndex checks copy-on-write: the index of a build is not changed by
// making the next one from it (the last build is still served while the next one is made).
func TestLinkIndexWithKeepsTheLastIndex(t *testing.T) {
	parse := func(links ...string) *site.Parsed {
		doc := &markdown.Doc{}
		for _, l := range links {
			doc.Links = append(doc.Links, markdown.Link{Dest: l})
		}
		return &site.Parsed{Doc: doc}
	}
	parsed := map[string]*site.Parsed{"a.md": parse("b.md", "c%20d.md#x"), "e.md": parse("b.md?q")}
	x := newLinkIndex(maplayers.From(parsed))
	parsed2 := map[string]*site.Parsed{"a.md": parsed["a.md"], "e.md": parse("f.md", "b.md")}
	y := x.with([]string{"e.md"}, maplayers.From(parsed2))
	if got := x.sources(map[string]bool{"f.md": true}); len(got) != 0 {
		t.Fatalf("the last index sees the next one's links: %v", got)
	}
	if got := y.sources(map[string]bool{"f.md": true}); !slices.Equal(got, []string{"e.md"}) {
		t.Fatalf("f.md linked from %v, want e.md", got)
	}
	// Two indexes made from the same one (a rebuild that failed, made again) do not write into
	// each other's lists.
	parsed3 := map[string]*site.Parsed{"g.md": parse("f.md"), "h.md": parse("f.md"), "i.md": parse("f.md"), "j.md": parse("f.md")}
	z := y.with([]string{"g.md", "h.md"}, maplayers.From(parsed3))
	z1, z2 := z.with([]string{"i.md"}, maplayers.From(parsed3)), z.with([]string{"j.md"}, maplayers.From(parsed3))
	for _, c := range []struct {
		x    *linkIndex
		want []string
	}{{z, []string{"e.md", "g.md", "h.md"}}, {z1, []string{"e.md", "g.md", "h.md", "i.md"}}, {z2, []string{"e.md", "g.md", "h.md", "j.md"}}} {
		got := c.x.sources(map[string]bool{"f.md": true})
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Fatalf("f.md linked from %v, want %v", got, c.want)
		}
	}
	got := x.sources(map[string]bool{"b.md": true, "c d.md": true})
	slices.Sort(got)
	if !slices.Equal(got, []string{"a.md", "e.md"}) {
		t.Fatalf("b.md and the escaped c d.md linked from %v, want a.md and e.md", got)
	}
}
