package build

// The shortcuts an edit's steps take (a re-assembly's gone routes, the sitemap list patched, the
// hashes carried in layers, search removals, warnings from changed paths, MDX routes kept on the
// model) are each right for the edits their authors had in mind. These tests walk the multi-locale,
// multi-version, blog site through the edits the random sequences reach least (a page unlisted and
// listed again, a draft toggled, a post's tags, translated and versioned pages added and removed, a
// page renamed and renamed back, a slug that collides, the same save twice, an MDX page turned into
// Markdown and back, a folder deleted) and compare every published file with a fresh full build.

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"docsd/pkg/emit"
)

// scriptedEdit is one save of a writer: what it does to the files, and the paths a watcher reports.
type scriptedEdit struct {
	desc string
	edit func() []string
}

// checkBothFail fails the test when a step's builds fail but the step is not one meant to fail
// (two pages at one address, bad front matter): a sequence that stopped building would compare
// nothing.
func checkBothFail(t *testing.T, i int, desc string, err error) {
	t.Helper()
	if !strings.Contains(desc, "collides") && !strings.Contains(desc, "bad") {
		t.Fatalf("step %d (%s): both builds fail: %v", i, desc, err)
	}
}

func scriptedEdits(t *testing.T, root string) []scriptedEdit {
	setFM := func(f, from, to string) func() []string { return replaceStep(t, root, f, from, to) }
	add := func(f, text string) func() []string {
		return func() []string { write(t, root, f, text); return []string{f} }
	}
	remove := func(f string) func() []string {
		return func() []string {
			if err := os.Remove(filepath.Join(root, f)); err != nil {
				t.Fatal(err)
			}
			return []string{f}
		}
	}
	rename := func(from, to string) func() []string { return renameStep(t, root, from, to) }
	setup := "content/docs/guide/setup.md"
	extra := "content/docs/guide/more/extra.md"
	first := "content/blog/2025-01-01-first.md"
	second := "content/blog/2025-01-02-second.md"
	frIntro := "content/i18n/fr/docs/guide/intro.md"
	frSetup := "content/i18n/fr/docs/guide/setup.md"
	v1 := "content/versioned_docs/version-1.0/guide/intro.md"
	v1New := "content/versioned_docs/version-1.0/guide/old-way.md"
	widget := "content/docs/guide/widget.mdx"
	widgetMD := "content/docs/guide/widget.md"
	var secondText string
	return []scriptedEdit{
		{"doc unlisted", func() []string {
			text := read(t, root, setup)
			if strings.HasPrefix(text, "---\n") {
				text = strings.Replace(text, "---\n", "---\nunlisted: true\n", 1)
			} else {
				text = "---\nunlisted: true\n---\n" + text
			}
			write(t, root, setup, text)
			return []string{setup}
		}},
		{"doc body while unlisted", func() []string {
			write(t, root, setup, read(t, root, setup)+"\nMore while unlisted.\n")
			return []string{setup}
		}},
		{"doc listed again", setFM(setup, "unlisted: true\n", "unlisted: false\n")},
		{"doc draft", func() []string {
			write(t, root, extra, "---\ndraft: true\n---\n"+strings.TrimPrefix(read(t, root, extra), "---\n"))
			return []string{extra}
		}},
		{"doc draft undone", setFM(extra, "draft: true\n", "title: Extra\n")},
		{"post unlisted", setFM(first, "title: First post\n", "title: First post\nunlisted: true\n")},
		{"post listed again", setFM(first, "unlisted: true\n", "")},
		{"post tags changed", setFM(first, "tags: [news]", "tags: [news, release]")},
		{"post tags back", setFM(first, "tags: [news, release]", "tags: [news]")},
		{"post title", setFM(second, "title: Second post", "title: Second post, renamed")},
		{"post deleted", func() []string {
			secondText = read(t, root, second)
			return remove(second)()
		}},
		{"post restored", func() []string { return add(second, secondText)() }},
		{"post draft", setFM(second, "authors: team", "authors: team\ndraft: true")},
		{"post draft undone", setFM(second, "authors: team\ndraft: true", "authors: team")},
		{"post with its own tag and author added", add("content/blog/2025-02-01-lone.md", "---\ntitle: A lone post\nauthors: [{name: Lone Writer, title: Guest}]\ntags: [lonely]\n---\n\nOnly one like it.\n\n<!-- truncate -->\n\nMore.\n")},
		{"that post's tag renamed", setFM("content/blog/2025-02-01-lone.md", "tags: [lonely]", "tags: [alone]")},
		{"that post deleted: its tag page goes", remove("content/blog/2025-02-01-lone.md")},
		{"translation title", func() []string {
			write(t, root, frIntro, "---\ntitle: Présentation\n---\n"+strings.TrimPrefix(read(t, root, frIntro), "---\n"))
			return []string{frIntro}
		}},
		{"translation added", add(frSetup, "---\ntitle: Installation\n---\n\nVoir [l'intro](intro.md).\n\n## Avant de commencer\n")},
		{"translation body", func() []string {
			write(t, root, frSetup, read(t, root, frSetup)+"\nUn paragraphe.\n")
			return []string{frSetup}
		}},
		{"translation unlisted", setFM(frSetup, "title: Installation\n", "title: Installation\nunlisted: true\n")},
		{"translation deleted", remove(frSetup)},
		{"old version page added", add(v1New, "---\ntitle: The old way\nsidebar_position: 1\n---\n\nSee [intro](intro.md).\n")},
		{"old version page title", setFM(v1New, "title: The old way", "title: The older way")},
		{"old version page unlisted", setFM(v1New, "sidebar_position: 1\n", "sidebar_position: 1\nunlisted: true\n")},
		{"old version page deleted", remove(v1New)},
		{"old version intro body", func() []string {
			write(t, root, v1, read(t, root, v1)+"\nStill 1.0.\n")
			return []string{v1}
		}},
		{"doc renamed", rename(setup, "content/docs/guide/setup-renamed.md")},
		{"doc renamed back", rename("content/docs/guide/setup-renamed.md", setup)},
		{"doc slug collides", add("content/docs/guide/clash.md", "---\ntitle: Clash\nslug: /guide/setup\n---\n\nA second page at setup's address.\n")},
		{"colliding doc removed", remove("content/docs/guide/clash.md")},
		{"doc id changed", setFM(extra, "title: Extra\n", "title: Extra\nid: extra-page\n")},
		{"same save twice (first)", func() []string {
			write(t, root, extra, read(t, root, extra)+"\nTwice.\n")
			return []string{extra}
		}},
		{"same save twice (second)", func() []string { return []string{extra} }},
		{"MDX page added", add(widget, "---\ntitle: Widget\n---\n\nexport const n = 2;\n\nA widget of {n} parts.\n")},
		{"MDX page turned Markdown", rename(widget, widgetMD)},
		{"Markdown page turned MDX", rename(widgetMD, widget)},
		{"MDX page unlisted", setFM(widget, "title: Widget\n", "title: Widget\nunlisted: true\n")},
		{"MDX page deleted", remove(widget)},
		{"Markdown doc gains an export", func() []string {
			write(t, root, setup, read(t, root, setup)+"\nexport const steps = 3;\n\nThere are {steps} steps.\n")
			return []string{setup}
		}},
		{"body of the doc that became MDX", func() []string {
			write(t, root, setup, read(t, root, setup)+"\nOne more.\n")
			return []string{setup}
		}},
		{"Markdown doc loses its export", func() []string {
			write(t, root, setup, strings.Replace(read(t, root, setup), "\nexport const steps = 3;\n\nThere are {steps} steps.\n", "", 1))
			return []string{setup}
		}},
		{"quick MDX page added", add(widget, "---\ntitle: Widget\n---\n\nA plain widget.\n")},
		{"quick MDX page gains JSX", func() []string {
			write(t, root, widget, read(t, root, widget)+"\n<span className=\"w\">A span</span>\n")
			return []string{widget}
		}},
		{"MDX page loses its JSX", func() []string {
			write(t, root, widget, strings.Replace(read(t, root, widget), "\n<span className=\"w\">A span</span>\n", "", 1))
			return []string{widget}
		}},
		{"quick MDX page deleted", remove(widget)},
		{"warning added", func() []string {
			write(t, root, extra, read(t, root, extra)+"\n:::cauton\nA kind nobody knows.\n:::\n")
			return []string{extra}
		}},
		{"warned doc renamed", rename(extra, "content/docs/guide/more/extra-warned.md")},
		{"warned doc renamed back", rename("content/docs/guide/more/extra-warned.md", extra)},
		{"post body before its truncate", setFM(second, "The excerpt of the second post.", "The new excerpt of the second post.")},
		{"post body after its truncate", setFM(second, "The rest of it.", "The rest of it, longer.")},
		{"post body without truncate", func() []string {
			write(t, root, first, read(t, root, first)+"\nAnd more of the first post.\n")
			return []string{first}
		}},
		{"post author changed", setFM(first, "authors: [team]", "authors: [{name: Guest, title: Visitor}]")},
		{"post author back", setFM(first, "authors: [{name: Guest, title: Visitor}]", "authors: [team]")},
		{"title edit and a new page in one save", func() []string {
			write(t, root, v1, "---\ntitle: One point oh\n---\n"+strings.TrimPrefix(read(t, root, v1), "---\n"))
			write(t, root, "content/docs/guide/together.md", "---\ntitle: Together\n---\n\nSaved with another.\n")
			return []string{v1, "content/docs/guide/together.md"}
		}},
		{"everything reported (a watcher that lost events)", func() []string {
			if err := os.Remove(filepath.Join(root, "content/docs/guide/together.md")); err != nil {
				t.Fatal(err)
			}
			write(t, root, frIntro, read(t, root, frIntro)+"\nEncore.\n")
			return []string{"content"}
		}},
		{"bad front matter in a post", func() []string {
			write(t, root, first, strings.Replace(read(t, root, first), "title: First post", "title: [First post", 1))
			write(t, root, setup, read(t, root, setup)+"\nSaved with the bad post.\n")
			return []string{first, setup}
		}},
		{"another save while the post is bad", func() []string {
			write(t, root, frIntro, read(t, root, frIntro)+"\nPendant ce temps.\n")
			return []string{frIntro}
		}},
		{"post front matter mended", setFM(first, "title: [First post", "title: First post")},
		{"link out of the project added", func() []string {
			outside := filepath.Join(t.TempDir(), "outside.md")
			write(t, filepath.Dir(outside), "outside.md", "# Outside\n")
			if err := os.Symlink(outside, filepath.Join(root, "content/docs/guide/outside.md")); err != nil {
				t.Fatal(err)
			}
			return []string{"content/docs/guide/outside.md"}
		}},
		{"link out of the project removed", remove("content/docs/guide/outside.md")},
		{"page added", add("content/pages/about.md", "---\ntitle: About\n---\n\nWho we are; see the [guide](../docs/guide/intro.md).\n")},
		{"page title", setFM("content/pages/about.md", "title: About", "title: About us")},
		{"page body", setFM("content/pages/about.md", "Who we are", "Who we are and why")},
		{"landing page body", setFM("content/pages/index.md", "Start with", "Begin with")},
		{"page unlisted", setFM("content/pages/about.md", "title: About us", "title: About us\nunlisted: true")},
		{"page deleted", remove("content/pages/about.md")},
		{"folder deleted", func() []string {
			if err := os.RemoveAll(filepath.Join(root, "content/docs/guide/more")); err != nil {
				t.Fatal(err)
			}
			return []string{"content/docs/guide/more"}
		}},
		{"folder back", func() []string {
			write(t, root, "content/docs/guide/more/extra.md", "---\ntitle: Extra\n---\n\nBack again, see [setup](../setup.md).\n")
			return []string{"content/docs/guide/more", "content/docs/guide/more/extra.md"}
		}},
	}
}

// TestScriptedEditsEqualFull applies scriptedEdits one by one and compares each rebuild's files with a
// fresh full build's.
func TestScriptedEditsEqualFull(t *testing.T) {
	root, opts := siteCopy(t, false)
	inc := New(opts)
	defer inc.Close()
	ref := New(opts)
	defer ref.Close()
	if _, err := inc.Build(); err != nil {
		t.Fatal(err)
	}
	var last *Result
	for i, e := range scriptedEdits(t, root) {
		changed := e.edit()
		got, gotErr := inc.Rebuild(changed)
		ref.last = nil
		want, wantErr := ref.Build()
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("step %d (%s): incremental error %v, full error %v", i, e.desc, gotErr, wantErr)
		}
		if gotErr == nil && strings.HasPrefix(e.desc, "bad") {
			t.Fatalf("step %d (%s): both builds succeed", i, e.desc)
		}
		if gotErr != nil {
			checkBothFail(t, i, e.desc, gotErr)
			continue
		}
		compareScripted(t, fmt.Sprintf("step %d (%s)", i, e.desc), got, want)
		last = got
	}
	// What the walk ends with is what docsd build --once writes (its own path: trees kept or
	// released as rendered, sources dropped after a page's last route).
	compareWithOnce(t, last, opts)
}

// compareWithOnce builds the project as docsd build --once does (its own path: trees kept or
// released as rendered, sources dropped after a page's last route, pages written as they render)
// and compares the folder it writes with got's files.
func compareWithOnce(t *testing.T, got *Result, opts Options) {
	t.Helper()
	opts.Out = filepath.Join(t.TempDir(), "build")
	b := New(opts)
	defer b.Close()
	res, err := b.once()
	if err != nil {
		t.Fatalf("build --once: %v", err)
	}
	want := map[string][]byte{}
	err = filepath.WalkDir(opts.Out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(opts.Out, p)
		// The marker says the folder is docsd's output (emit.Marker): not a page of the site.
		if rel = filepath.ToSlash(rel); got.Files.Copies[rel] == "" && rel != emit.Marker {
			data, err := os.ReadFile(p)
			want[rel] = data
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	gotData := got.Files.Contents()
	diffs, byMeaning := compareSearchFiles(gotData, want)
	skip := func(p string) bool { return isSearchFile(p) && byMeaning[searchDir(p)] }
	for p, w := range want {
		if g, ok := gotData[p]; !skip(p) && (!ok || !bytes.Equal(g, w)) {
			diffs = append(diffs, "differs or missing "+p)
		}
	}
	for p := range gotData {
		if _, ok := want[p]; !ok && !skip(p) {
			diffs = append(diffs, "extra "+p)
		}
	}
	if fmt.Sprint(got.Problems) != fmt.Sprint(res.Problems) || fmt.Sprint(got.Warnings) != fmt.Sprint(res.Warnings) {
		diffs = append(diffs, "link problems or warnings differ")
	}
	if len(diffs) > 0 {
		sort.Strings(diffs)
		t.Fatalf("watch's output after the walk differs from build --once's:\n%s", strings.Join(diffs, "\n"))
	}
}

// TestScriptedEditsInterruptedEqualFull is the same walk as the dev server builds it: keeping memory
// low, the page on screen first, the rest stopped at random (seeded) and caught up by the next
// rebuild; the sitemap split into parts.
func TestScriptedEditsInterruptedEqualFull(t *testing.T) {
	for _, seed := range []int64{3, 17} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			root, opts := siteCopy(t, false)
			// A sitemap split into parts at a few routes (sitemap.go), where the plain walk keeps
			// the single file: blog lists, tags and translations that come and go move its parts.
			opts.sitemap = sitemapLimits{splitAt: 8, spacing: 4}
			rng := rand.New(rand.NewSource(seed))
			ctx := coinContext{Context: context.Background(), rng: rng}
			inc, ref, _ := devServerAndFullBuilders(t, opts)
			for i, e := range scriptedEdits(t, root) {
				step := fmt.Sprintf("step %d (%s)", i, e.desc)
				got, gotErr := rebuildAsDevServer(t, step, inc, ctx, rng, e.edit())
				ref.last = nil
				want, wantErr := ref.Build()
				if (gotErr == nil) != (wantErr == nil) {
					t.Fatalf("%s: incremental error %v, full error %v", step, gotErr, wantErr)
				}
				if gotErr != nil {
					checkBothFail(t, i, e.desc, gotErr)
					continue
				}
				compareScripted(t, step, got, want)
			}
		})
	}
}

// compareScripted is compareFiles and the warnings (the overlay's list, which a rebuild updates from
// the paths it parsed).
func compareScripted(t *testing.T, step string, got, want *Result) {
	t.Helper()
	compareFiles(t, step, got, want)
	if g, w := fmt.Sprint(got.Warnings), fmt.Sprint(want.Warnings); g != w {
		t.Fatalf("%s: warnings differ from a full build's:\n%s\n%s", step, g, w)
	}
}

// TestMDXEditsInterruptedEqualFull walks the MDX fixture through MDX edits (a title, a heading others
// link to, a page renamed and renamed back, a page that turns into Markdown and back, a partial, a
// page deleted and restored) as the dev server builds them: keeping memory low, the page on screen
// first, the rest stopped at random and caught up. Each result equals a fresh full build's.
func TestMDXEditsInterruptedEqualFull(t *testing.T) {
	root, opts := mdxSite(t)
	rng := rand.New(rand.NewSource(9))
	ctx := coinContext{Context: context.Background(), rng: rng}
	opts.LowMemory = true
	inc := New(opts)
	defer inc.Close()
	opts.LowMemory = false
	if _, err := inc.Build(); err != nil {
		t.Fatal(err)
	}
	install := "content/docs/guide/install.mdx"
	intro := "content/docs/guide/intro.md"
	var installText string
	edit := func(f, from, to string) func() []string { return replaceStep(t, root, f, from, to) }
	rename := func(from, to string) func() []string { return renameStep(t, root, from, to) }
	steps := []scriptedEdit{
		{"MDX title", edit(install, "# Install the fixture", "# Install the fixture today")},
		{"MDX sidebar position", edit(install, "sidebar_position: 2", "sidebar_position: 0")},
		{"MDX linked heading", edit(install, "## Pick a platform {#pick-a-platform}", "## Pick a platform {#platform}")},
		{"MDX linked heading back", edit(install, "## Pick a platform {#platform}", "## Pick a platform {#pick-a-platform}")},
		{"MDX unlisted", edit(install, "sidebar_position: 0", "sidebar_position: 0\nunlisted: true")},
		{"MDX listed", edit(install, "\nunlisted: true", "")},
		{"MDX renamed", rename(install, "content/docs/guide/setup.mdx")},
		{"MDX renamed back", rename("content/docs/guide/setup.mdx", install)},
		{"partial", func() []string {
			f := "content/docs/guide/_shared-note.mdx"
			write(t, root, f, read(t, root, f)+"\nA note added in a storm.\n")
			return []string{f}
		}},
		{"Markdown page turned MDX", func() []string {
			write(t, root, intro, read(t, root, intro)+"\nimport Badge from '@site/src/components/Badge';\n\nNow with a <Badge>badge</Badge>.\n")
			return []string{intro}
		}},
		{"that page's body", func() []string {
			write(t, root, intro, read(t, root, intro)+"\nAnd a line.\n")
			return []string{intro}
		}},
		{"that page Markdown again", edit(intro, "\nimport Badge from '@site/src/components/Badge';\n\nNow with a <Badge>badge</Badge>.\n", "\n")},
		{"MDX page deleted", func() []string {
			installText = read(t, root, install)
			if err := os.Remove(filepath.Join(root, install)); err != nil {
				t.Fatal(err)
			}
			return []string{install}
		}},
		{"MDX page restored", func() []string {
			write(t, root, install, installText)
			return []string{install}
		}},
		{"site component", edit("src/components/Badge.jsx", "fixture-badge ", "fixture-badge badge ")},
	}
	for i, e := range steps {
		step := fmt.Sprintf("step %d (%s)", i, e.desc)
		got, err := rebuildAsDevServer(t, step, inc, ctx, rng, e.edit())
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		ref := New(opts)
		want, err := ref.Build()
		ref.Close()
		if err != nil {
			t.Fatalf("%s: fresh build: %v", step, err)
		}
		compareScripted(t, step, got, want)
		if i == len(steps)-1 {
			compareWithOnce(t, got, opts)
		}
	}
}

// replaceStep is an edit of a walk: the first from in file f (relative to root) replaced by to.
func replaceStep(t *testing.T, root, f, from, to string) func() []string {
	return func() []string {
		text := read(t, root, f)
		if !strings.Contains(text, from) {
			t.Fatalf("%s has no %q", f, from)
		}
		write(t, root, f, strings.Replace(text, from, to, 1))
		return []string{f}
	}
}

// renameStep is an edit of a walk: file from renamed to (both relative to root).
func renameStep(t *testing.T, root, from, to string) func() []string {
	return func() []string {
		if err := os.Rename(filepath.Join(root, from), filepath.Join(root, to)); err != nil {
			t.Fatal(err)
		}
		return []string{from, to}
	}
}

// rebuildAsDevServer rebuilds changed as the dev server does: a route picked by rng is the page on
// screen and renders first, ctx stops the rest where it says, and a rebuild with nothing new
// catches up what was stopped. An error of the first rebuild is returned (the caller knows whether
// the edit breaks the build); a failed catch-up fails the test.
func rebuildAsDevServer(t *testing.T, step string, inc *Builder, ctx context.Context, rng *rand.Rand, changed []string) (*Result, error) {
	t.Helper()
	routes := inc.last.site.Order
	first := map[string]bool{routes[rng.Intn(len(routes))]: true}
	got, err := inc.RebuildFirst(ctx, changed, first, nil)
	if err != nil {
		return nil, err
	}
	if len(inc.last.stale) > 0 {
		if got, err = inc.RebuildFirst(context.Background(), nil, first, nil); err != nil {
			t.Fatalf("%s: catching up: %v", step, err)
		}
	}
	return got, nil
}
