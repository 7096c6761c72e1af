package build

// <DocCardList /> on a category's own doc (its index page, the category's link) lists the
// category's items, as Docusaurus does: a doc's card with its description (front matter, else its
// first line of text), a category's with its category file's description, else its number of
// direct children ("N items"); elsewhere it shows what it showed before.

import (
	"regexp"
	"strings"
	"testing"
)

func TestDocCardListOnACategoryDoc(t *testing.T) {
	root, opts := mdxSite(t)
	list := "import DocCardList from '@theme/DocCardList';\n\n"
	write(t, root, "content/docs/guide/more/index.mdx", "---\ntitle: More\n---\n\n"+list+"Pages of this section:\n\n<DocCardList />\n")
	write(t, root, "content/docs/guide/more/alpha.md", "---\nsidebar_position: 1\n---\n\n# Alpha\n\nText.\n")
	write(t, root, "content/docs/guide/more/beta.md", "---\nsidebar_position: 2\ndescription: Beta's own words\n---\n\n# Beta\n\nText.\n")
	write(t, root, "content/docs/guide/more/gamma.md", "---\nsidebar_position: 4\n---\n\n# Gamma\n\n```sh\nnot this\n```\n\n:::tip\n\nUse the **bold** [link](./alpha.md) and `code`.\n\n:::\n")
	write(t, root, "content/docs/guide/more/deeper/one.md", "# One\n\nText.\n")
	write(t, root, "content/docs/guide/more/deeper/two.md", "# Two\n\nText.\n")
	write(t, root, "content/docs/guide/more/deeper/deepest/three.md", "# Three\n\nText.\n")
	write(t, root, "content/docs/guide/more/deeper/deepest/four.md", "# Four\n\nText.\n")
	write(t, root, "content/docs/guide/more/described/_category_.json", `{"description": "A described category"}`)
	write(t, root, "content/docs/guide/more/described/five.md", "# Five\n\nText.\n")
	// A doc that is no category's page keeps showing nothing.
	write(t, root, "content/docs/guide/more/alone.mdx", "---\nsidebar_position: 3\n---\n\n# Alone\n\n"+list+"<DocCardList />\n")
	res := built(t, opts)
	html := pageHTML(t, res, "/docs/guide/more")
	m := regexp.MustCompile(`<ul class="doc-card-list">.*?</ul>`).FindString(html)
	if m == "" {
		t.Fatalf("the category's page lists no cards:\n%s", html)
	}
	var got []string
	for _, c := range regexp.MustCompile(`<a href="([^"]+)"[^>]*><strong>([^<]+)</strong>(?:<span class="doc-card-description">([^<]+)</span>)?</a>`).FindAllStringSubmatch(m, -1) {
		got = append(got, c[1]+" "+c[2]+" "+c[3])
	}
	want := []string{"/docs/guide/more/alpha Alpha Text.", "/docs/guide/more/beta Beta Beta&#x27;s own words", "/docs/guide/more/alone Alone ",
		"/docs/guide/more/gamma Gamma Use the bold link and code.", "/docs/guide/more/deeper/deepest/four Deeper 3 items", "/docs/guide/more/described/five Described A described category"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("cards %q, want %q", got, want)
	}
	if alone := pageHTML(t, res, "/docs/guide/more/alone"); strings.Contains(alone, "doc-card-list") {
		t.Error("a doc that is no category's page shows cards")
	}
}

// <DocCardList items={useCurrentSidebarCategory().items} />, Docusaurus's own pattern, from
// @docusaurus/plugin-content-docs/client or (Docusaurus 2) @docusaurus/theme-common, lists the
// category's items (a doc's card with its description, from the page's cards), a sub-category's
// card saying how many items it holds; useDocsSidebar gives the
// doc's sidebar, @docusaurus/router the page's location.
func TestDocCardListOfUseCurrentSidebarCategory(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/more/index.mdx", "---\ntitle: More\n---\n\n"+
		"import DocCardList from '@theme/DocCardList';\nimport {useCurrentSidebarCategory, useDocsSidebar} from '@docusaurus/plugin-content-docs/client';\n"+
		"import {useLocation} from '@docusaurus/router';\n\n"+
		"export function Where() {\n  return <>{useLocation().pathname} in a sidebar of {useDocsSidebar().items.length} items, category {useCurrentSidebarCategory().label}</>;\n}\n\n"+
		"<Where />\n\n<DocCardList items={useCurrentSidebarCategory().items} />\n")
	write(t, root, "content/docs/guide/more/alpha.md", "---\nsidebar_position: 1\n---\n\n# Alpha\n\nText.\n")
	write(t, root, "content/docs/guide/more/deeper/one.md", "# One\n\nText.\n")
	write(t, root, "content/docs/guide/more/deeper/two.md", "# Two\n\nText.\n")
	write(t, root, "content/docs/guide/more/deeper/index.mdx", "---\ntitle: Deeper\n---\n\n"+
		"import DocCardList from '@theme/DocCardList';\nimport {useCurrentSidebarCategory} from '@docusaurus/theme-common';\n\n"+
		"<DocCardList items={useCurrentSidebarCategory().items} />\n")
	res := built(t, opts)
	cards := func(route string) []string {
		html := pageHTML(t, res, route)
		var got []string
		m := regexp.MustCompile(`<ul class="doc-card-list">.*?</ul>`).FindString(html)
		for _, c := range regexp.MustCompile(`<a href="([^"]+)"[^>]*><strong>([^<]+)</strong>(?:<span class="doc-card-description">([^<]+)</span>)?</a>`).FindAllStringSubmatch(m, -1) {
			got = append(got, c[1]+" "+c[2]+" "+c[3])
		}
		return got
	}
	if got, want := cards("/docs/guide/more"), []string{"/docs/guide/more/alpha Alpha Text.", "/docs/guide/more/deeper Deeper 2 items"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("cards of more %q, want %q", got, want)
	}
	if got, want := cards("/docs/guide/more/deeper"), []string{"/docs/guide/more/deeper/one One Text.", "/docs/guide/more/deeper/two Two Text."}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("cards of deeper %q, want %q", got, want)
	}
	html := strings.ReplaceAll(pageHTML(t, res, "/docs/guide/more"), "<!-- -->", "")
	if !regexp.MustCompile(`/docs/guide/more in a sidebar of \d+ items, category More`).MatchString(html) {
		t.Errorf("useLocation, useDocsSidebar and the category's label are not on the page")
	}
}

// A doc's first line is what its card shows when it has no description: an edit of it reaches the
// category's cards on a site with MDX pages, and on a site without them it is a body edit (no page
// shows it) that a card added later still reads as it now is.
func TestCardFollowsAnEditOfTheFirstLine(t *testing.T) {
	list := "---\ntitle: Cards\n---\n\nimport DocCardList from '@theme/DocCardList';\n\n<DocCardList />\n"
	card := regexp.MustCompile(`<a href="/docs/guide/cards/alpha"[^>]*><strong>Alpha</strong><span class="doc-card-description">([^<]+)</span>`)
	firstLine := func(t *testing.T, res *Result) string {
		t.Helper()
		m := card.FindStringSubmatch(pageHTML(t, res, "/docs/guide/cards"))
		if m == nil {
			t.Fatalf("the category's page has no card for alpha:\n%s", pageHTML(t, res, "/docs/guide/cards"))
		}
		return m[1]
	}
	for _, cardsFirst := range []bool{true, false} {
		root, opts := mdxSite(t)
		if !cardsFirst {
			// No MDX page at all until the category's page comes.
			root, opts = siteCopy(t, true)
		}
		alpha := "---\nsidebar_position: 1\n---\n\n# Alpha\n\n"
		write(t, root, "content/docs/guide/cards/alpha.md", alpha+"Old words.\n")
		write(t, root, "content/docs/guide/cards/beta.md", "# Beta\n\nText.\n")
		if cardsFirst {
			write(t, root, "content/docs/guide/cards/index.mdx", list)
		}
		b := New(opts)
		defer b.Close()
		res, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		if cardsFirst && firstLine(t, res) != "Old words." {
			t.Fatalf("card %q before the edit", firstLine(t, res))
		}
		write(t, root, "content/docs/guide/cards/alpha.md", alpha+"New words.\n")
		if res, err = b.Rebuild([]string{"content/docs/guide/cards/alpha.md"}); err != nil {
			t.Fatal(err)
		}
		if !cardsFirst {
			write(t, root, "content/docs/guide/cards/index.mdx", list)
			if res, err = b.Rebuild([]string{"content/docs/guide/cards/index.mdx"}); err != nil {
				t.Fatal(err)
			}
		}
		if got := firstLine(t, res); got != "New words." {
			t.Errorf("cards first %v: alpha's card says %q after the edit, want %q", cardsFirst, got, "New words.")
		}
	}
}
