package build

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"weak"

	"docsd/internal/testfs"
)

// siteCopy copies the multi-version, multi-locale test site into a temporary project.
func siteCopy(t *testing.T, singleLocale bool) (string, Options) {
	t.Helper()
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	if singleLocale {
		cfg, err := os.ReadFile(filepath.Join(root, "docsd.toml"))
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.Index(cfg, []byte("[[locales]]\ncode = \"fr\""))
		j := bytes.Index(cfg, []byte("[blog]"))
		cfg = append(cfg[:i:i], cfg[j:]...)
		write(t, root, "docsd.toml", string(cfg))
		os.RemoveAll(filepath.Join(root, "content/i18n"))
	}
	site, _ := filepath.Abs("../../site")
	return root, Options{Root: root, SiteDir: site, Production: true}
}

func write(t *testing.T, root, rel, text string) {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, root, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestBodyEditRendersOnePage(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	f := "content/docs/guide/setup.md"
	write(t, root, f, read(t, root, f)+"\nOne more paragraph.\n")
	res, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	if res.Rendered != 1 || len(res.Changed) != 1 || res.Changed[0] != "/docs/guide/setup" {
		t.Fatalf("a body edit rendered %d routes and changed %v; want 1 and [/docs/guide/setup]", res.Rendered, res.Changed)
	}
	if !strings.Contains(string(res.Files.Data["guide/setup.html"]), "One more paragraph.") {
		t.Fatal("the edit is not in the output")
	}
}

func TestTitleEditRendersItsSidebarAndNothingElse(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	full, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, r := range full.Site.Routes.All() {
		if r.Data.Sidebar == "current-en-guide" {
			want = append(want, r.Path)
		}
	}
	sort.Strings(want)
	f := "content/docs/guide/setup.md"
	write(t, root, f, strings.Replace(read(t, root, f), "title: Setup", "title: Setting up", 1))
	res, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	if res.Rendered != len(want) {
		t.Fatalf("a title edit rendered %d routes; want the %d pages of its sidebar %v", res.Rendered, len(want), want)
	}
	if strings.Join(res.Changed, " ") != strings.Join(want, " ") {
		t.Fatalf("changed %v, want %v", res.Changed, want)
	}
	if !strings.Contains(string(res.Files.Data["guide/intro.html"]), "Setting up") {
		t.Fatal("the sidebar of another page does not show the new title")
	}
}

func TestAnchorEditRendersTheLinkingPages(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	f := "content/docs/guide/setup.md"
	write(t, root, f, strings.Replace(read(t, root, f), "## Before you start", "## Before starting", 1))
	res, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(res.Changed, " ")
	if got != "/docs/guide/setup" {
		t.Fatalf("changed %q; the linking page's HTML is the same, only its warning changes", got)
	}
	found := false
	for _, p := range res.Problems {
		if strings.Contains(p.String(), "#before-you-start") && strings.HasPrefix(p.File, "content/docs/guide/intro.md") {
			found = true
		}
	}
	if !found {
		t.Fatalf("the now-broken anchor of intro.md is not reported: %v", res.Problems)
	}
}

func TestBadEditKeepsLastGoodBuild(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	f := "content/docs/guide/setup.md"
	good := read(t, root, f)
	write(t, root, f, "---\ntitle: [oops\n---\n")
	if _, err := b.Rebuild([]string{f}); err == nil || !strings.Contains(err.Error(), "setup.md:2") {
		t.Fatalf("want an error naming setup.md line 2, got %v", err)
	}
	write(t, root, f, good+"\nFixed.\n")
	res, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(res.Files.Data["guide/setup.html"]), "Fixed.") {
		t.Fatal("fixing the file did not rebuild it")
	}
}

// TestIncrementalEqualsFull applies random edit sequences and, after every step, compares the
// incremental build with a fresh full build of the same files: they must be byte-identical.
func TestIncrementalEqualsFull(t *testing.T) {
	for _, seed := range []int64{7, 11, 23, 42} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) { incrementalEqualsFull(t, seed) })
	}
}

func incrementalEqualsFull(t *testing.T, seed int64) {
	steps := 30
	if testing.Short() {
		steps = 8
	}
	root, opts := siteCopy(t, false)
	inc := New(opts)
	defer inc.Close()
	ref := New(opts)
	defer ref.Close()
	if _, err := inc.Build(); err != nil {
		t.Fatal(err)
	}
	compareRandomEdits(t, inc, ref, root, seed, steps, nil)
}

// compareRandomEdits makes steps random edits (seeded) to the site at root and, after each, compares
// inc's rebuild with a full build by ref; after, when set, runs on each good rebuild first.
func compareRandomEdits(t *testing.T, inc, ref *Builder, root string, seed int64, steps int, after func(*Result)) {
	t.Helper()
	e := &editor{t: t, root: root, rng: rand.New(rand.NewSource(seed))}
	for i := 0; i < steps; i++ {
		desc, changed := e.random()
		got, gotErr := inc.Rebuild(changed)
		ref.last = nil
		want, wantErr := ref.Build()
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("step %d (%s): incremental error %v, full error %v", i, desc, gotErr, wantErr)
		}
		if gotErr != nil {
			continue
		}
		if after != nil {
			after(got)
		}
		compareFiles(t, fmt.Sprintf("step %d (%s)", i, desc), got, want)
	}
}

// TestInterruptedRebuildsCatchUp is the property test of the dev server's rebuilds: the pages on
// screen first, then the rest, stopped at random when newer edits wait. The pages on screen are up
// to date at once, and the next rebuild (here: one with nothing new) makes the output equal a full
// build again.
func TestInterruptedRebuildsCatchUp(t *testing.T) {
	interrupted := 0
	// 103: a rename interrupted before its link check, then caught up (a link to the renamed page
	// from a page the catch-up did not render was not reported).
	for _, seed := range []int64{5, 13, 29, 103} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) { interrupted += interruptedRebuildsCatchUp(t, seed) })
	}
	if interrupted == 0 && !testing.Short() {
		t.Fatal("no rebuild was interrupted: the test did not test it")
	}
}

func interruptedRebuildsCatchUp(t *testing.T, seed int64) int {
	steps := 30
	if testing.Short() {
		steps = 6
	}
	root, opts := siteCopy(t, false)
	rng := rand.New(rand.NewSource(seed))
	// As the dev server builds: interrupted, and keeping memory low (packed files, released trees).
	ctx := coinContext{Context: context.Background(), rng: rng}
	inc, ref, _ := devServerAndFullBuilders(t, opts)
	e := &editor{t: t, root: root, rng: rng}
	interrupted := 0
	for i := 0; i < steps; i++ {
		desc, changed := e.random()
		routes := inc.last.site.Order
		first := map[string]bool{routes[rng.Intn(len(routes))]: true}
		var early *Result
		got, err := inc.RebuildFirst(ctx, changed, first, func(r *Result) { early = r })
		if err != nil {
			continue
		}
		ref.last = nil
		want, err := ref.Build()
		if err != nil {
			t.Fatalf("step %d (%s): the full build fails: %v", i, desc, err)
		}
		if early != nil {
			for r := range first {
				p := want.Site.HTMLPath(r)
				if now, _, _ := early.Files.Get(p); want.Files.Data[p] != nil && !bytes.Equal(now, want.Files.Data[p]) {
					t.Fatalf("step %d (%s): the page on screen %s is not up to date when announced", i, desc, r)
				}
			}
		}
		if len(inc.last.stale) > 0 {
			interrupted++
			if got, err = inc.RebuildFirst(context.Background(), nil, first, nil); err != nil {
				t.Fatalf("step %d (%s): catching up: %v", i, desc, err)
			}
		}
		compareFiles(t, fmt.Sprintf("step %d (%s)", i, desc), got, want)
	}
	return interrupted
}

// devServerAndFullBuilders are the two builders of a walk that compares the dev server's rebuilds
// with fresh full builds: inc keeps memory low (packed files, released trees) as the dev server does
// and has built once (first is that build); ref builds whole.
func devServerAndFullBuilders(t *testing.T, opts Options) (inc, ref *Builder, first *Result) {
	t.Helper()
	dev, full := opts, opts
	dev.LowMemory, full.LowMemory = true, false
	inc, ref = New(dev), New(full)
	t.Cleanup(func() { inc.Close(); ref.Close() })
	first, err := inc.Build()
	if err != nil {
		t.Fatal(err)
	}
	return inc, ref, first
}

// coinContext is a context that newer edits interrupt at random: each time the builder asks, a coin
// decides, so the points where rebuilds stop follow the seed. (Done never closes; the builder asks
// Err before each page it renders after the pages on screen, which is all it needs of a context here.)
type coinContext struct {
	context.Context
	rng *rand.Rand
}

func (c coinContext) Err() error {
	if c.rng.Intn(2) == 0 {
		return context.Canceled
	}
	return nil
}

// editMatchesFull writes text to file in root, rebuilds inc with it, builds ref whole, and
// compares the two outputs (compareFiles, under name); it returns both results.
func editMatchesFull(t *testing.T, inc, ref *Builder, root, name, file, text string) (got, want *Result) {
	t.Helper()
	write(t, root, file, text)
	got, err := inc.Rebuild([]string{filepath.Join(root, file)})
	if err != nil {
		t.Fatal(err)
	}
	ref.last = nil
	if want, err = ref.Build(); err != nil {
		t.Fatal(err)
	}
	compareFiles(t, name, got, want)
	return got, want
}

func compareFiles(t *testing.T, step string, got, want *Result) {
	t.Helper()
	gotData, wantData := got.Files.Contents(), want.Files.Contents()
	// Search files after a new, deleted or renamed page mean what the full build's mean without
	// being its bytes (searchmeaning_test.go).
	diffs, byMeaning := compareSearchFiles(gotData, wantData)
	skip := func(p string) bool { return isSearchFile(p) && byMeaning[searchDir(p)] }
	for p, w := range wantData {
		if skip(p) {
			continue
		}
		if g, ok := gotData[p]; !ok {
			diffs = append(diffs, "missing "+p)
		} else if !bytes.Equal(g, w) {
			diffs = append(diffs, "differs "+p)
			if os.Getenv("DOCSD_DIFF_DIR") != "" {
				os.WriteFile(filepath.Join(os.Getenv("DOCSD_DIFF_DIR"), "got-"+filepath.Base(p)), g, 0o644)
				os.WriteFile(filepath.Join(os.Getenv("DOCSD_DIFF_DIR"), "want-"+filepath.Base(p)), w, 0o644)
			}
		}
	}
	for p := range gotData {
		if _, ok := wantData[p]; !ok && !skip(p) {
			diffs = append(diffs, "extra "+p)
		}
	}
	if fmt.Sprint(got.Files.Copies) != fmt.Sprint(want.Files.Copies) {
		diffs = append(diffs, "static files differ")
	}
	if fmt.Sprint(got.Problems) != fmt.Sprint(want.Problems) {
		diffs = append(diffs, fmt.Sprintf("link problems differ:\n%v\n%v", got.Problems, want.Problems))
	}
	// The whole link report (the watch check re-checks only the pages an edit touched).
	if g, w := fmt.Sprintf("%+v %+v", got.Links.External, got.Links.Orphans), fmt.Sprintf("%+v %+v", want.Links.External, want.Links.Orphans); g != w {
		diffs = append(diffs, fmt.Sprintf("external links or orphans differ:\n%s\n%s", g, w))
	}
	sort.Strings(diffs)
	if len(diffs) > 0 {
		t.Fatalf("%s: incremental output differs from a full build:\n%s", step, strings.Join(diffs, "\n"))
	}
}

// editor makes the kinds of edits writers make.
type editor struct {
	t    *testing.T
	root string
	rng  *rand.Rand
	n    int
}

func (e *editor) docs() []string {
	var out []string
	filepath.Walk(filepath.Join(e.root, "content/docs"), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ".md") {
			rel, _ := filepath.Rel(e.root, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

func (e *editor) pick(list []string) string { return list[e.rng.Intn(len(list))] }

// random makes one edit of a kind chosen among the first ten (the kinds the seeded sequences of
// TestIncrementalEqualsFull were written with: their steps stay as they were).
func (e *editor) random() (string, []string) { return e.edit(e.rng.Intn(10)) }

// editKinds is how many kinds of edit edit makes: random's ten, a heading added, and a blog post's
// body edited after and before its truncate marker.
const editKinds = 13

func (e *editor) edit(kind int) (string, []string) {
	e.n++
	docs := e.docs()
	// the entry doc stays so that most steps build
	var movable []string
	for _, d := range docs {
		if !strings.HasSuffix(d, "guide/intro.md") {
			movable = append(movable, d)
		}
	}
	switch kind {
	case 0:
		f := e.pick(docs)
		write(e.t, e.root, f, read(e.t, e.root, f)+fmt.Sprintf("\nParagraph %d.\n", e.n))
		return "body " + f, []string{f}
	case 1:
		f := e.pick(docs)
		text := read(e.t, e.root, f)
		if strings.HasPrefix(text, "---\n") {
			text = strings.Replace(text, "---\n", fmt.Sprintf("---\nsidebar_label: Label %d\n", e.n), 1)
		} else {
			text = fmt.Sprintf("---\ntitle: Title %d\n---\n", e.n) + text
		}
		write(e.t, e.root, f, text)
		return "title " + f, []string{f}
	case 2:
		dir := e.pick([]string{"content/docs/guide", "content/docs/guide/more", "content/docs/guide/new"})
		f := fmt.Sprintf("%s/page-%d.md", dir, e.n)
		write(e.t, e.root, f, fmt.Sprintf("---\ntitle: Page %d\nsidebar_position: %d\n---\n\nSee [setup](/docs/guide/setup#before-you-start).\n\n## Part %d\n", e.n, e.rng.Intn(5), e.n))
		return "add " + f, []string{f}
	case 3:
		if len(movable) == 0 {
			return "nothing", nil
		}
		f := e.pick(movable)
		os.Remove(filepath.Join(e.root, f))
		return "delete " + f, []string{f}
	case 4:
		if len(movable) == 0 {
			return "nothing", nil
		}
		f := e.pick(movable)
		to := strings.TrimSuffix(f, ".md") + fmt.Sprintf("-renamed-%d.md", e.n)
		os.Rename(filepath.Join(e.root, f), filepath.Join(e.root, to))
		return "rename " + f, []string{f, to}
	case 5:
		f := "content/docs/guide/more/_category_.yml"
		write(e.t, e.root, f, fmt.Sprintf("label: More %d\nposition: %d\nlink:\n  type: generated-index\n  slug: /category/more\n  title: More pages\n  description: Everything else, take %d.\n", e.n, e.rng.Intn(4), e.n))
		return "category", []string{f}
	case 6:
		f := "content/blog/2025-01-01-first.md"
		write(e.t, e.root, f, fmt.Sprintf("---\ntitle: First post, take %d\nauthors: [team]\ntags: [news]\n---\n\nAll of the first post, take %d.\n", e.n, e.n))
		return "blog front matter", []string{f}
	case 7:
		f := e.pick(docs)
		write(e.t, e.root, f, read(e.t, e.root, f)+fmt.Sprintf("\nA [broken link](missing-%d.md) and [an anchor](#nowhere-%d).\n", e.n, e.n))
		return "break link " + f, []string{f}
	case 8:
		// A blog post added, or the one added before deleted: the blog is made again.
		posts, _ := filepath.Glob(filepath.Join(e.root, "content/blog/2025-03-*-added.md"))
		if len(posts) > 0 {
			rel, _ := filepath.Rel(e.root, posts[0])
			os.Remove(posts[0])
			return "delete post", []string{filepath.ToSlash(rel)}
		}
		f := fmt.Sprintf("content/blog/2025-03-%02d-added.md", 1+e.rng.Intn(28))
		write(e.t, e.root, f, fmt.Sprintf("---\ntitle: Added post %d\nauthors: [team]\ntags: [news, added]\n---\n\nA post, see [setup](/docs/guide/setup).\n", e.n))
		return "add post", []string{f}
	case 9:
		// A heading that other pages link to, renamed and back: their anchors break and mend.
		f := "content/docs/guide/setup.md"
		if _, err := os.Stat(filepath.Join(e.root, f)); err != nil {
			return "nothing", nil // deleted or renamed by an earlier step
		}
		text := read(e.t, e.root, f)
		if strings.Contains(text, "## Before you start") {
			text = strings.Replace(text, "## Before you start", "## Before starting", 1)
		} else {
			text = strings.Replace(text, "## Before starting", "## Before you start", 1)
		}
		write(e.t, e.root, f, text)
		return "linked heading " + f, []string{f}
	case 11, 12:
		// A post's body after its truncate marker (the post alone renders) or before it (its
		// excerpt: the lists and the feeds too).
		f := "content/blog/2025-01-02-second.md"
		text := read(e.t, e.root, f)
		if kind == 11 {
			write(e.t, e.root, f, text+fmt.Sprintf("\nLater words %d.\n", e.n))
			return "post body after truncate", []string{f}
		}
		write(e.t, e.root, f, strings.Replace(text, "<!-- truncate -->", fmt.Sprintf("Excerpt words %d.\n\n<!-- truncate -->", e.n), 1))
		return "post body before truncate", []string{f}
	default:
		f := e.pick(docs)
		write(e.t, e.root, f, read(e.t, e.root, f)+fmt.Sprintf("\n## Heading %d\n\nText.\n", e.n))
		return "heading " + f, []string{f}
	}
}

// TestIncrementalEqualsFullGenerated is TestIncrementalEqualsFull on a generated 2,000-page site
// (20 sidebars of 100 pages that link to each other's headings), where the dirty sets are small
// next to the site, as in the large sites the pipeline is made for.
func TestIncrementalEqualsFullGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 2,000-page site several times")
	}
	root, opts := siteCopy(t, true)
	generate(t, root, 20, 100)
	inc := New(opts)
	defer inc.Close()
	ref := New(opts)
	defer ref.Close()
	if res, err := inc.Build(); err != nil {
		t.Fatal(err)
	} else if res.Site.Routes.Len() < 2000 {
		t.Fatalf("the generated site has %d routes", res.Site.Routes.Len())
	}
	e := &editor{t: t, root: root, rng: rand.New(rand.NewSource(3))}
	for i := 0; i < 5; i++ {
		desc, changed := e.random()
		got, gotErr := inc.Rebuild(changed)
		ref.last = nil
		want, wantErr := ref.Build()
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("step %d (%s): incremental error %v, full error %v", i, desc, gotErr, wantErr)
		}
		if gotErr == nil {
			compareFiles(t, fmt.Sprintf("step %d (%s)", i, desc), got, want)
		}
	}
}

// generate adds sidebars of pages to the project at root: each page has two headings and links to
// a heading of the page before it.
func generate(t *testing.T, root string, sidebars, pages int) {
	t.Helper()
	var cfg strings.Builder
	cfg.WriteString(read(t, root, "docsd.toml"))
	for s := 0; s < sidebars; s++ {
		dir := fmt.Sprintf("gen-%02d", s)
		fmt.Fprintf(&cfg, "\n[[sidebars]]\nid = %q\ndir = %q\n", dir, dir)
		for p := 0; p < pages; p++ {
			sub := fmt.Sprintf("part-%d", p/25)
			text := fmt.Sprintf("---\ntitle: Page %d of %s\nsidebar_position: %d\n---\n\n## Overview %d\n\nText of page %d.\n\n## Details\n\nMore text.\n",
				p, dir, p%25, p, p)
			if p%25 > 0 {
				text += fmt.Sprintf("\nSee [the page before](page-%d.md#overview-%d).\n", p-1, p-1)
			}
			write(t, root, fmt.Sprintf("content/docs/%s/%s/page-%d.md", dir, sub, p), text)
		}
	}
	write(t, root, "docsd.toml", cfg.String())
}

// TestLinkReportsDoNotChain: an incremental link check reads the last report; the report it makes
// must not keep that one (and through it every report of a docsd watch session) reachable. Each
// report pointed into its checker, which held the last report in its input: the heap of
// bench/scale/edits grew by 90 MB over 20 title edits of the Vela site.
func TestLinkReportsDoNotChain(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	first := weak.Make(b.report)
	f := "content/docs/guide/setup.md"
	for i := 0; i < 2; i++ {
		write(t, root, f, read(t, root, f)+fmt.Sprintf("\nParagraph %d.\n", i))
		res, err := b.Rebuild([]string{f})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.LinksChecked) != 1 {
			t.Fatalf("the edit re-checked the links of %v, want only its page's", res.LinksChecked)
		}
	}
	runtime.GC()
	if first.Value() != nil {
		t.Fatal("the first build's link report is still reachable after two incremental checks")
	}
}

// TestNewerEditsStopTheSiteWideStep: once the page on screen is out, a rebuild that newer edits
// make stale leaves the search files and the link check to the next rebuild, even when the edits
// come while those are being made (a publish at 10,000 pages held the next edit back by most of a
// second). The next rebuild brings the output up to a full build's.
func TestNewerEditsStopTheSiteWideStep(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	f := "content/docs/guide/setup.md"
	write(t, root, f, read(t, root, f)+"\nA new paragraph.\n")
	// Newer edits arrive after the rebuild's first question, which it asks once the page on
	// screen is rendered and before the site-wide step.
	ctx := &afterContext{Context: context.Background(), fine: 1}
	first := map[string]bool{"/docs/guide/setup": true}
	res, err := b.RebuildFirst(ctx, []string{f}, first, func(*Result) {})
	if err != nil {
		t.Fatal(err)
	}
	if res.LinksChecked != nil || len(b.last.stale) == 0 {
		t.Fatalf("the site-wide step ran (links checked: %v) while newer edits waited", res.LinksChecked)
	}
	catchUpEqualsFull(t, b, opts, first)
}

// afterContext answers Err with nil fine times, then with context.Canceled: newer edits that
// arrive at a known point of a rebuild.
type afterContext struct {
	context.Context
	fine int
}

func (c *afterContext) Err() error {
	if c.fine > 0 {
		c.fine--
		return nil
	}
	return context.Canceled
}

// catchUpEqualsFull runs the rebuild that follows an interrupted one (no new changes) and compares
// its output with a fresh full build of the same content.
func catchUpEqualsFull(t *testing.T, b *Builder, opts Options, first map[string]bool) {
	t.Helper()
	got, err := b.RebuildFirst(context.Background(), nil, first, nil)
	if err != nil {
		t.Fatal(err)
	}
	ref := New(opts)
	defer ref.Close()
	want, err := ref.Build()
	if err != nil {
		t.Fatal(err)
	}
	compareFiles(t, "after catching up", got, want)
}

// TestWatchKeepsOnlyTheLastBuild: docsd watch rebuilds all day, and each rebuild starts from the
// last one (its model, output, hashes and search state are cloned or shared). What a rebuild keeps
// must not reach the build before it, or memory grows with every edit: after a body edit, a title
// edit and an interrupted rebuild, the first build's state, model and output are unreachable. Nor
// does the builder keep a page's parsed tree or the text of its sections once its search shard is
// made (37 MB at 10,000 pages): every document is released.
func TestWatchKeepsOnlyTheLastBuild(t *testing.T) {
	root, opts := siteCopy(t, true)
	opts.LowMemory = true
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	first, firstSite, firstFiles := weak.Make(b.last), weak.Make(b.last.site), weak.Make(b.last.files)
	released := func(when string) {
		t.Helper()
		for path, p := range b.last.parsed.All() {
			if p.Doc != nil && !p.Doc.Released() {
				t.Errorf("after %s: %s keeps its parsed tree or its sections' text", when, path)
			}
		}
	}
	released("the first build")
	f := "content/docs/guide/setup.md"
	onScreen := map[string]bool{"/docs/guide/setup": true}
	write(t, root, f, read(t, root, f)+"\nA new paragraph.\n")
	if _, err := b.RebuildFirst(context.Background(), []string{f}, onScreen, func(*Result) {}); err != nil {
		t.Fatal(err)
	}
	released("a body edit")
	if n, all := b.last.released, b.last.parsed.Len(); n == 0 || n > 6 {
		// The edited page's document, once per route and per step that filled it: not every source.
		t.Errorf("a body edit released %d documents of %d, want the edited page's only", n, all)
	}
	write(t, root, f, strings.Replace(read(t, root, f), "title: ", "title: Renamed ", 1))
	if _, err := b.Rebuild([]string{f}); err != nil {
		t.Fatal(err)
	}
	released("a title edit")
	// Newer edits arrive once the page on screen is rendered: the rest is left to the next rebuild.
	write(t, root, f, read(t, root, f)+"\nAnother paragraph.\n")
	if _, err := b.RebuildFirst(&afterContext{Context: context.Background(), fine: 1}, []string{f}, onScreen, func(*Result) {}); err != nil {
		t.Fatal(err)
	}
	if len(b.last.stale) == 0 {
		t.Fatal("the rebuild was not interrupted: the test did not test it")
	}
	released("an interrupted rebuild")
	b.waitPublish() // a publish the interrupted rebuild gave up on holds its state until it ends
	// Twice: what a sync.Pool held (the output's idle compressors) outlives one collection.
	runtime.GC()
	runtime.GC()
	if first.Value() != nil || firstSite.Value() != nil || firstFiles.Value() != nil {
		t.Fatalf("three rebuilds later the first build is still reachable (state %v, model %v, output %v)",
			first.Value() != nil, firstSite.Value() != nil, firstFiles.Value() != nil)
	}
	opts.LowMemory = false // the reference build keeps its files unpacked, as compareFiles reads them
	catchUpEqualsFull(t, b, opts, onScreen)
}
