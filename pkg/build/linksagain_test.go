package build

// The link check of docsd watch patches the last report (pkg/links/sums.go, structure.go): after
// a structural edit it reads again only the pages the edit may change and the structural links of
// what the re-assembly made again. These tests hold every incremental check to a whole check of the
// same model (problems with their suggestions, external links, orphans), over random edits where
// structural ones are the most frequent: pages added, deleted and renamed, pages nothing links to,
// links by URL to pages that come and go, category files, blog posts, a hand-written sidebars file.

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/pkg/links"
)

func TestIncrementalLinkCheckEqualsWhole(t *testing.T) {
	for _, seed := range []int64{5, 13, 29} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) { incrementalLinkCheckEqualsWhole(t, seed, false) })
	}
	t.Run("sidebars file", func(t *testing.T) { incrementalLinkCheckEqualsWhole(t, 41, true) })
}

func incrementalLinkCheckEqualsWhole(t *testing.T, seed int64, hand bool) {
	root, opts := siteCopy(t, false)
	if !hand {
		// A sidebar of docs without neighbours: only the sidebar leads to them (and its entry).
		write(t, root, "docsd.toml", read(t, root, "docsd.toml")+"\n[[sidebars]]\nid = \"solo\"\ndir = \"solo\"\n")
		write(t, root, "content/docs/solo/a.md", soloDoc("a"))
	}
	if hand {
		cfg := read(t, root, "docsd.toml")
		cfg = strings.Replace(cfg, "base_path = \"/docs/\"\n", "base_path = \"/docs/\"\nsidebars_file = \"sidebars.json\"\n", 1)
		write(t, root, "docsd.toml", cfg)
		write(t, root, "sidebars.json", `{"guide": ["guide/intro", "guide/setup"]}`)
	}
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	e := &linkEditor{editor: editor{t: t, root: root, rng: rand.New(rand.NewSource(seed))}, hand: hand, config: read(t, root, "docsd.toml")}
	patched, restructured, orphaned := 0, 0, 0
	for i := 0; i < 45; i++ {
		desc, changed := e.random()
		prev := b.report
		prevText := reportText(prev)
		if _, err := b.Rebuild(changed); err != nil {
			t.Logf("step %d (%s): %v", i, desc, err)
			continue // the last good build stays, and the next edit is compared with it
		}
		st := b.last
		if !st.linksDone || b.report == prev {
			continue
		}
		got, want := b.report, links.Run(st.linksInput(b.reactPages))
		if g, w := reportText(got), reportText(want); g != w {
			t.Fatalf("step %d (%s): the incremental link check differs from a whole check:\n%s\nwant:\n%s", i, desc, g, w)
		}
		if reportText(prev) != prevText {
			t.Fatalf("step %d (%s): the check changed the last report", i, desc)
		}
		if len(got.Checked) < len(want.Checked) {
			patched++
			if st.site.Restructured() != nil {
				restructured++
			}
		}
		if len(got.Orphans) > 0 {
			orphaned++
		}
	}
	t.Logf("%d checks patched the last report, %d after a re-assembly, %d with orphans", patched, restructured, orphaned)
	if patched == 0 || restructured == 0 || orphaned == 0 {
		t.Fatalf("%d checks patched the last report, %d after a re-assembly, %d with orphans: the test did not test it",
			patched, restructured, orphaned)
	}
}

// reportText is everything a link report says.
func reportText(r *links.Report) string {
	return fmt.Sprintf("problems %+v\nexternal %+v\norphans %+v", r.Problems, r.External, r.Orphans)
}

// linkEditor makes, besides the editor's edits, the edits that change what links lead to: pages
// that nothing links to, links to them by URL, the pages they lead to deleted, pages of
// content/pages, and the sidebars file's entries.
type linkEditor struct {
	editor
	hand   bool
	loose  []string // the routes of the loose docs made so far
	config string   // docsd.toml as the test made it
}

func (e *linkEditor) random() (string, []string) {
	e.n++
	switch e.rng.Intn(11) {
	case 0:
		// A doc in no sidebar's folder: an orphan, until something links to it.
		f := fmt.Sprintf("content/docs/loose/loose-%d.md", e.n)
		write(e.t, e.root, f, fmt.Sprintf("---\ntitle: Loose %d\n---\n\nSee [the intro](/docs/guide/intro) and [more](../guide/more/extra.md).\n", e.n))
		e.loose = append(e.loose, fmt.Sprintf("/docs/loose/loose-%d", e.n))
		return "add loose " + f, []string{f}
	case 1:
		// A link by URL from a doc to a loose page (which may be gone: a broken link), or taken away.
		if len(e.loose) == 0 {
			return e.edit()
		}
		f := e.pick(e.docs())
		text := read(e.t, e.root, f)
		if at := strings.Index(text, "\n[Loose]("); at >= 0 {
			end := strings.Index(text[at+1:], "\n")
			write(e.t, e.root, f, text[:at]+text[at+1+end:])
			return "unlink loose " + f, []string{f}
		}
		write(e.t, e.root, f, text+fmt.Sprintf("\n[Loose](%s)\n", e.pick(e.loose)))
		return "link loose " + f, []string{f}
	case 2:
		// A loose page deleted (what linked to it breaks), or one deleted before made again.
		if len(e.loose) == 0 {
			return e.edit()
		}
		route := e.pick(e.loose)
		f := "content/docs" + strings.TrimPrefix(route, "/docs") + ".md"
		if _, err := os.Stat(filepath.Join(e.root, f)); err == nil {
			os.Remove(filepath.Join(e.root, f))
			return "delete loose " + f, []string{f}
		}
		write(e.t, e.root, f, fmt.Sprintf("---\ntitle: Back %d\n---\n\nBack again.\n", e.n))
		return "restore loose " + f, []string{f}
	case 3:
		// A page of content/pages, which only links lead to.
		pages, _ := filepath.Glob(filepath.Join(e.root, "content/pages/extra-*.md"))
		if len(pages) > 0 && e.rng.Intn(2) == 0 {
			rel, _ := filepath.Rel(e.root, pages[0])
			os.Remove(pages[0])
			return "delete page", []string{filepath.ToSlash(rel)}
		}
		f := fmt.Sprintf("content/pages/extra-%d.md", e.n)
		write(e.t, e.root, f, fmt.Sprintf("---\ntitle: Extra %d\n---\n\nAn extra page, see [setup](/docs/guide/setup).\n", e.n))
		return "add page " + f, []string{f}
	case 4:
		if !e.hand {
			return e.edit()
		}
		// The sidebars file lists some of the docs of the guide, in some order.
		var ids []string
		for _, d := range e.docs() {
			if rest, ok := strings.CutPrefix(d, "content/docs/guide/"); ok && e.rng.Intn(3) > 0 {
				ids = append(ids, "guide/"+strings.TrimSuffix(rest, ".md"))
			}
		}
		e.rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		if len(ids) == 0 {
			ids = []string{"guide/intro"}
		}
		data, _ := json.Marshal(map[string][]string{"guide": ids})
		write(e.t, e.root, "sidebars.json", string(data))
		return "sidebars file " + strings.Join(ids, ","), []string{"sidebars.json"}
	case 5:
		if e.hand {
			return e.edit()
		}
		// A doc of the solo sidebar added or deleted: its sidebar is made again.
		f := fmt.Sprintf("content/docs/solo/s%d.md", e.rng.Intn(4))
		if _, err := os.Stat(filepath.Join(e.root, f)); err == nil {
			os.Remove(filepath.Join(e.root, f))
			return "delete solo " + f, []string{f}
		}
		write(e.t, e.root, f, soloDoc(f))
		return "add solo " + f, []string{f}
	case 6:
		// docsd.toml's footer links a loose page (which may be gone), a page or nowhere.
		to := e.pick(append([]string{"/docs/guide/setup", "/docs/nowhere", "/docs/extra-1"}, e.loose...))
		write(e.t, e.root, "docsd.toml", e.config+fmt.Sprintf("\n[[footer.links]]\ntitle = \"More\"\nitems = [{ label = \"Somewhere\", to = %q }]\n", to))
		return "footer links " + to, []string{"docsd.toml"}
	default:
		return e.edit()
	}
}

// soloDoc is a doc that names no neighbours.
func soloDoc(name string) string {
	return fmt.Sprintf("---\ntitle: Solo %s\npagination_prev: \"\"\npagination_next: \"\"\n---\n\nA doc alone.\n", name)
}

// edit is one of the editor's edits.
func (e *linkEditor) edit() (string, []string) {
	desc, changed := e.editor.random()
	if strings.HasPrefix(desc, "title ") {
		// The editor adds a sidebar_label line each time: a second one is a front-matter error
		// that would fail every later build. Only the newest (the first) stays.
		text := read(e.t, e.root, changed[0])
		if first := strings.Index(text, "sidebar_label: "); first >= 0 {
			end := first + strings.Index(text[first:], "\n") + 1
			for {
				at := strings.Index(text[end-1:], "\nsidebar_label: ")
				if at < 0 {
					break
				}
				at += end
				text = text[:at] + text[at+strings.Index(text[at:], "\n")+1:]
			}
			write(e.t, e.root, changed[0], text)
		}
	}
	return desc, changed
}
