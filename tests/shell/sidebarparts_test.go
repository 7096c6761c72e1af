// Package shell tests parts of the React shell (site/src) that the server renders, by bundling a
// script of testdata with esbuild and running it in Node.
package shell

import (
	"encoding/json"
	"os/exec"
	"slices"
	"testing"

	"docsd/internal/testnode"
)

// item is a sidebar item as the renderer receives it (pkg/site's JSON).
type item struct {
	Type        string `json:"type"`
	Label       string `json:"label,omitempty"`
	Route       string `json:"route,omitempty"`
	Href        string `json:"href,omitempty"`
	HTML        string `json:"html,omitempty"`
	Collapsed   *bool  `json:"collapsed,omitempty"`
	Collapsible *bool  `json:"collapsible,omitempty"`
	Items       []item `json:"items,omitempty"`
}

func link(route string) item { return item{Type: "link", Label: "Page " + route, Route: route} }

func category(label, route string, collapsed bool, items ...item) item {
	return item{Type: "category", Label: label, Route: route, Collapsed: &collapsed, Items: items}
}

// routes lists the routes a sidebar's items link to, depth first, and a route in no sidebar.
func routes(items []item) []string {
	var out []string
	var walk func([]item)
	walk = func(list []item) {
		for _, it := range list {
			if it.Route != "" {
				out = append(out, it.Route)
			}
			walk(it.Items)
		}
	}
	walk(items)
	return append(out, "/docs/elsewhere")
}

// orders are the orders the pages of a sidebar are rendered in: what the cache learns on one
// page it reuses on the next, so each order reuses differently.
func orders(rs []string) [][]string {
	back := slices.Clone(rs)
	slices.Reverse(back)
	// Every third route first, then the others: a fixed shuffle.
	var mixed []string
	for start := 0; start < 3; start++ {
		for i := start; i < len(rs); i += 3 {
			mixed = append(mixed, rs[i])
		}
	}
	return [][]string{rs, back, mixed}
}

// The server renders a sidebar once per set of open categories (the categories that hold the
// page: site/src/sidebar-parts.js) and reuses the HTML on the other pages of the set, swapping
// the active link. Every page of these sidebars, in three orders, must be what a render without
// the cache makes; the nested sidebar must come from learnt HTML on some pages (or this test
// would not test the swap), and the sidebars whose links cannot be swapped exactly (the same
// href twice, raw HTML) must render in full.
func TestSidebarPartsEqualFreshRender(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("needs Node.js")
	}
	nested := []item{
		link("/docs/a"),
		category("One", "", true,
			link("/docs/one/x"),
			category("Deep", "/docs/one/deep", true,
				link("/docs/one/deep/p"),
				category("Deeper", "", true, link("/docs/one/deep/deeper/q"), link("/docs/one/deep/deeper/r")),
				category("Beside", "", true, link("/docs/one/deep/beside/s")),
			),
			link("/docs/one/y"),
		),
		// Open on every page outside One: the pages under Two find it first (SidebarTree's
		// Items), so Two holds them but stays closed.
		category("Open by default", "", false,
			link("/docs/open/m"),
			category("Inner", "", true, link("/docs/open/inner/n")),
		),
		category("Two", "/docs/two", true,
			link("/docs/two/z"),
			item{Type: "category", Label: "Fixed", Collapsible: new(bool), Items: []item{link("/docs/two/fixed/w")}},
			category("Last", "", true, link("/docs/two/last/v"), link("/docs/two/last/u")),
		),
		{Type: "link", Label: "Elsewhere", Href: "https://example.test/x"},
		{Type: "link", Label: "A section", Href: "/docs/a#section"},
	}
	sameHref := []item{
		link("/docs/a"),
		category("One", "", true, link("/docs/one/x"), link("/docs/a")),
		category("Two", "", true, link("/docs/two/y")),
	}
	rawHTML := []item{
		link("/docs/a"),
		category("One", "", true, link("/docs/one/x"), item{Type: "html", HTML: `<span class="note">Note</span>`}),
		category("Two", "", true, link("/docs/two/y")),
	}
	type sidebar struct {
		Name   string     `json:"name"`
		Items  []item     `json:"items"`
		Orders [][]string `json:"orders"`
	}
	var in struct {
		BasePath string    `json:"basePath"`
		Sidebars []sidebar `json:"sidebars"`
	}
	in.BasePath = "/docs/"
	for _, s := range []struct {
		name  string
		items []item
	}{{"nested", nested}, {"same href", sameHref}, {"raw html", rawHTML}} {
		in.Sidebars = append(in.Sidebars, sidebar{s.name, s.items, orders(routes(s.items))})
	}

	var got []struct {
		Sidebar string   `json:"sidebar"`
		First   string   `json:"first"`
		Differs []string `json:"differs"`
		Cached  int      `json:"cached"`
		Reused  int      `json:"reused"`
	}
	if err := json.Unmarshal(testnode.RunScript(t, "testdata/sidebarparts.jsx", in), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3*len(in.Sidebars) {
		t.Fatalf("the script rendered %d sidebar orders, want %d", len(got), 3*len(in.Sidebars))
	}
	for _, r := range got {
		if len(r.Differs) > 0 {
			t.Errorf("%s sidebar, pages from %s on: the cached sidebar differs from a fresh render on %v", r.Sidebar, r.First, r.Differs)
		}
		switch r.Sidebar {
		case "nested":
			if r.Reused == 0 {
				t.Errorf("nested sidebar, pages from %s on: %d pages used the cache, none reused a sidebar learnt on an earlier page", r.First, r.Cached)
			}
		default:
			if r.Cached != 0 {
				t.Errorf("%s sidebar, pages from %s on: %d pages used the cache, want none (its links cannot be swapped exactly)", r.Sidebar, r.First, r.Cached)
			}
		}
	}
}
