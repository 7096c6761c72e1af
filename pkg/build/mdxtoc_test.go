package build

// Every MDX file has a `toc`, as Docusaurus's MDX loader gives it (pkg/mdx/toc.go): the page's JSX
// reads it (`<TOCInline toc={toc.slice(1)} />`, jest's docs), its exports too, and another page
// imports it.

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// tocLinks are the entries of each <TOCInline> list in html, as "#id text" lines, list by list.
func tocLinks(html string) []string {
	var out []string
	for _, nav := range regexp.MustCompile(`(?s)<nav class="toc-inline"[^>]*>(.*?)</nav>`).FindAllStringSubmatch(html, -1) {
		var items []string
		for _, a := range regexp.MustCompile(`<a href="([^"]*)">(.*?)</a>`).FindAllStringSubmatch(nav[1], -1) {
			items = append(items, a[1]+" "+a[2])
		}
		out = append(out, strings.Join(items, "\n"))
	}
	return out
}

func TestMDXPageHasItsTOC(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/_toc-part.mdx", "## From the partial\n\n### Deeper in it\n")
	write(t, root, "content/docs/guide/toc.mdx", "---\ntitle: TOC\n---\n\n"+
		"import TOCInline from '@theme/TOCInline';\nimport Part from './_toc-part.mdx';\n"+
		"import {toc as installTOC} from './install.mdx';\n\n"+
		"export const count = toc.length;\n\n"+
		"<TOCInline toc={toc.slice(1)} />\n\n"+
		"## First `code` & \\<more>\n\n## Second {#custom-second}\n\n#### Fourth level\n\n<Part />\n\n## Last\n\n"+
		"<TOCInline toc={toc.filter((h) => h.level === 4)} minHeadingLevel={4} maxHeadingLevel={4} />\n\n"+
		"<TOCInline toc={installTOC} />\n\n<TOCInline toc={toc.slice(0, 1)} />\n\n"+
		"Headings: {count}.\n")
	html := builtPage(t, opts, "/docs/guide/toc")
	got := tocLinks(html)
	want := []string{
		// slice(1) drops the first; the default levels are 2 and 3; the partial's headings are in
		// its place.
		"#custom-second Second\n#from-the-partial From the partial\n#deeper-in-it Deeper in it\n#last Last",
		"#fourth-level Fourth level",
		"#pick-a-platform Pick a platform\n#shared-step Shared step\n#again-per-platform Again, per platform",
		// value is HTML keeping inline code (as Docusaurus), shown as HTML (escaped once, not twice)
		"#first-code--more First <code>code</code> &amp; &lt;more&gt;",
	}
	if strings.Join(got, "\n--\n") != strings.Join(want, "\n--\n") {
		t.Errorf("TOCInline lists:\n%s\nwant:\n%s", strings.Join(got, "\n--\n"), strings.Join(want, "\n--\n"))
	}
	// The page's export reads the toc when the module loads.
	if !strings.Contains(html, "Headings: <!-- -->6<!-- -->.") {
		t.Errorf("the page's export did not read its toc of 6 headings:\n%s", html)
	}
}

// A link to a heading that an MDX page shows from a Markdown partial (`<Part />`) finds it, as the
// page's HTML has its id (react-native-website links to #configuring-gradle, a heading of the
// Kotlin partial its integration page shows in a tab); one to no heading is still reported. An edit
// of the partial that renames the heading reports the link, in a rebuild that reads only the
// partial, and renaming it back takes the report away.
func TestLinkToAHeadingOfAShownPartial(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/_anch-part.md", "## Configuring Gradle\n\nThe partial's steps.\n")
	write(t, root, "content/docs/guide/shows.mdx", "---\ntitle: Shows\n---\n\nimport Part from './_anch-part.md';\n\n## Own heading\n\n<div>\n  <Part />\n</div>\n")
	write(t, root, "content/docs/guide/linker.md", "# Linker\n\nSee [gradle](./shows.mdx#configuring-gradle), [own](./shows.mdx#own-heading) and [nothing](./shows.mdx#not-there).\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := linkerTargets(res); got != "./shows.mdx#not-there" {
		t.Fatalf("problems of linker.md: %q, want only the link to #not-there", got)
	}
	part := filepath.Join(root, "content/docs/guide/_anch-part.md")
	write(t, root, "content/docs/guide/_anch-part.md", "## Configuring Maven\n\nThe partial's steps.\n")
	if res, err = b.Rebuild([]string{part}); err != nil {
		t.Fatal(err)
	}
	if got := linkerTargets(res); got != "./shows.mdx#configuring-gradle ./shows.mdx#not-there" {
		t.Errorf("after renaming the partial's heading: %q", got)
	}
	write(t, root, "content/docs/guide/_anch-part.md", "## Configuring Gradle\n\nThe partial's steps.\n")
	if res, err = b.Rebuild([]string{part}); err != nil {
		t.Fatal(err)
	}
	if got := linkerTargets(res); got != "./shows.mdx#not-there" {
		t.Errorf("after renaming it back: %q", got)
	}
}

// After each edit that changes what an MDX page shows of its partials (an import added, a partial
// nested in a partial and its heading renamed, a partial swapped for another, the import removed),
// the link report of a page linking to the partials' headings is a full build's: the partials'
// anchors reach the pages that show them (shownAnchorsMoved), and a page's own changes when the
// partials it shows do (Parsed.Anchors). A review found each of these stale.
func TestShownPartialAnchorsFollowEdits(t *testing.T) {
	root, opts := mdxSite(t)
	const shows = "content/docs/guide/shows.mdx"
	write(t, root, "content/docs/guide/_gradle.md", "## Configuring Gradle\n\nSteps.\n")
	write(t, root, "content/docs/guide/_inner.md", "## Inner heading\n\nInner.\n")
	write(t, root, "content/docs/guide/_other.md", "## Other heading\n\nOther.\n")
	write(t, root, shows, "---\ntitle: Shows\n---\n\n## Own heading\n\n<div>Text.</div>\n")
	write(t, root, "content/docs/guide/linker.md", "# Linker\n\nSee [gradle](./shows.mdx#configuring-gradle) and [inner](./shows.mdx#inner-heading).\n")
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	withPart := func(spec string) string {
		return "---\ntitle: Shows\n---\n\nimport Part from '" + spec + "';\n\n## Own heading\n\n<div>Text.</div>\n\n<Part />\n"
	}
	for _, step := range []struct{ name, file, text string }{
		{"import added", shows, withPart("./_gradle.md")},
		{"a partial nested in it", "content/docs/guide/_gradle.md", "import Inner from './_inner.md';\n\n## Configuring Gradle\n\n<Inner />\n"},
		{"the nested heading renamed", "content/docs/guide/_inner.md", "## Inner renamed\n\nInner.\n"},
		{"and back", "content/docs/guide/_inner.md", "## Inner heading\n\nInner.\n"},
		{"the partial swapped", shows, withPart("./_other.md")},
		{"the import removed", shows, "---\ntitle: Shows\n---\n\n## Own heading\n\n<div>Text.</div>\n"},
	} {
		write(t, root, step.file, step.text)
		got, err := b.Rebuild([]string{filepath.Join(root, step.file)})
		if err != nil {
			t.Fatal(err)
		}
		full := New(opts)
		want, err := full.Build()
		full.Close()
		if err != nil {
			t.Fatal(err)
		}
		if g, w := linkerTargets(got), linkerTargets(want); g != w {
			t.Errorf("%s: linker.md's problems %q, a full build's %q", step.name, g, w)
		}
	}
}

// linkerTargets are the targets of linker.md's link problems.
func linkerTargets(res *Result) string {
	var out []string
	for _, p := range res.Problems {
		if strings.HasSuffix(p.File, "linker.md") {
			out = append(out, p.Target)
		}
	}
	return strings.Join(out, " ")
}
