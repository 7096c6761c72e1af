// Tests of the scale benchmark's site generator: the products are complete copies whose links
// still point inside themselves, the configuration is one docsd accepts, and the Hugo copy has no
// index.md left to hide a folder's pages.
package gen

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"docsd/pkg/config"
)

const repo = "../../.."

func TestGenerateProducts(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "site")
	site, err := Generate(repo, dst, 2)
	if err != nil {
		t.Fatal(err)
	}
	per, err := DocsPerProduct(repo)
	if err != nil {
		t.Fatal(err)
	}
	if site.Docs != 2*per {
		t.Errorf("Docs = %d, want 2 × %d", site.Docs, per)
	}
	cfg, err := config.Load(filepath.Join(dst, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	orig, err := config.Load(filepath.Join(repo, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(cfg.Sidebars), 2*len(orig.Sidebars); got != want {
		t.Fatalf("%d sidebars, want %d", got, want)
	}
	for i, sb := range cfg.Sidebars {
		p := prefix(1 + i/len(orig.Sidebars))
		o := orig.Sidebars[i%len(orig.Sidebars)]
		if sb.ID != p+"-"+o.ID || sb.Dir != p+"/"+o.Dir || sb.Entry != p+"/"+o.Entry {
			t.Errorf("sidebar %d = %+v, want %s- of %+v", i, sb, p, o)
		}
	}
	if len(cfg.Registry.Plugins) != 0 {
		t.Errorf("the registry is still configured: %+v", cfg.Registry)
	}
	if got := cfg.Versions[0].MainDocID; got != "p001/"+orig.Versions[0].MainDocID {
		t.Errorf("main_doc = %q", got)
	}
	for _, it := range cfg.Navbar.Items {
		if it.Type == config.ItemDocSidebar && !strings.HasPrefix(it.Sidebar, "p001-") {
			t.Errorf("navbar item %q opens sidebar %q, not one of the first product", it.Label, it.Sidebar)
		}
	}
	// Each product is a full copy, its category slugs apart from the other products'.
	for _, p := range []string{"p001", "p002"} {
		cat, err := os.ReadFile(filepath.Join(dst, "content/docs", p, "usage/templates/go/_category_.yml"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(cat), "slug: /"+p+"/category/go") {
			t.Errorf("%s's category slug was not given its prefix:\n%s", p, cat)
		}
	}
	// The pages' links into the docs go to existing files of the first product.
	index, err := os.ReadFile(filepath.Join(dst, "content/pages/index.md"))
	if err != nil {
		t.Fatal(err)
	}
	links := regexp.MustCompile(`\]\((\.\./docs/[^)#]+)`).FindAllSubmatch(index, -1)
	if len(links) == 0 {
		t.Fatal("content/pages/index.md has no link into the docs")
	}
	for _, l := range links {
		target := string(l[1])
		if !strings.HasPrefix(target, "../docs/p001/") {
			t.Errorf("pages/index.md links to %s, outside the first product", target)
		}
		if _, err := os.Stat(filepath.Join(dst, "content/pages", target)); err != nil {
			t.Errorf("pages/index.md links to %s: %v", target, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dst, "content/pages/products.md")); err != nil {
		t.Errorf("no products page: %v", err)
	}
	if info, err := os.Lstat(filepath.Join(dst, "site")); err != nil || !info.IsDir() {
		t.Errorf("site/ is not a copied folder: %v %v", info, err)
	}
}

func TestLinkRewriter(t *testing.T) {
	r := newLinkRewriter([]string{"usage", "reference"})
	cases := map[string]string{
		"[a](/docs/usage/x)":             "[a](/docs/p007/usage/x)",
		"[a](/docs/usage)":               "[a](/docs/p007/usage)",
		"[a](/docs/usage#top)":           "[a](/docs/p007/usage#top)",
		"[ref]: /docs/reference/api":     "[ref]: /docs/p007/reference/api",
		`<a href="/docs/usage/x">`:       `<a href="/docs/p007/usage/x">`,
		`to = "/docs/reference/cli"`:     `to = "/docs/p007/reference/cli"`,
		"[a](../docs/usage/x.md)":        "[a](../docs/p007/usage/x.md)",
		"[a](../../docs/reference/y.md)": "[a](../../docs/p007/reference/y.md)",
		// Not the docs: the blog, static files, other folders, relative links between docs.
		"[a](/docs/blog)":            "[a](/docs/blog)",
		"[a](/docs/img/logo.svg)":    "[a](/docs/img/logo.svg)",
		"[a](/docs/usages/x)":        "[a](/docs/usages/x)",
		"[a](../reference/y.md)":     "[a](../reference/y.md)",
		"https://x.org/docs/usage/x": "https://x.org/docs/usage/x",
	}
	for in, want := range cases {
		if got := string(r.rewrite([]byte(in), "p007")); got != want {
			t.Errorf("rewrite(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGenerateRealSite(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "site")
	site, err := Generate(repo, dst, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The docs are those of the repository, unchanged.
	err = filepath.WalkDir(filepath.Join(repo, "content/docs"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(repo, p)
		want, _ := os.ReadFile(p)
		got, err := os.ReadFile(filepath.Join(dst, rel))
		if err != nil || string(got) != string(want) {
			t.Errorf("%s differs from the repository's (%v)", rel, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if site.Products != 0 {
		t.Errorf("Products = %d", site.Products)
	}
}

func TestGenerateHugo(t *testing.T) {
	tmp := t.TempDir()
	project := filepath.Join(tmp, "site")
	if _, err := Generate(repo, project, 1); err != nil {
		t.Fatal(err)
	}
	hugo := filepath.Join(tmp, "hugo")
	pages, err := GenerateHugo(project, hugo)
	if err != nil {
		t.Fatal(err)
	}
	var md, index, underscored int
	filepath.WalkDir(filepath.Join(hugo, "content"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch filepath.Base(p) {
		case "index.md":
			index++
		case "_index.md":
			underscored++
		}
		if strings.HasSuffix(p, ".md") {
			md++
		} else {
			t.Errorf("%s is not Markdown", p)
		}
		return nil
	})
	if index != 0 || underscored == 0 {
		t.Errorf("%d index.md and %d _index.md files: every index.md must become _index.md", index, underscored)
	}
	if md != pages {
		t.Errorf("%d Markdown files, GenerateHugo said %d", md, pages)
	}
	for _, f := range []string{"hugo.toml", "layouts/_default/baseof.html", "layouts/_default/single.html", "layouts/_default/list.html"} {
		if _, err := os.Stat(filepath.Join(hugo, f)); err != nil {
			t.Error(err)
		}
	}
}
