// Package gen makes the large docsd projects of the scale benchmarks (bench/scale): the repository's
// Vela docs copied N times as products under content/docs/pNNN/, each with its own sidebars, so that
// build and watch can be measured at 1k to 50k pages on real Markdown with every link valid.
package gen

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"docsd/pkg/config"
)

// DocsPerProduct is the number of Markdown files under the repository's content/docs/, the size of
// one product; Products rounds a target page count up to whole products with it.
func DocsPerProduct(repo string) (int, error) {
	n := 0
	err := filepath.WalkDir(filepath.Join(repo, "content", "docs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			n++
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("counting the docs of %s: %w", repo, err)
	}
	if n == 0 {
		return 0, fmt.Errorf("no Markdown under %s", filepath.Join(repo, "content", "docs"))
	}
	return n, nil
}

// Products is how many copies of the docs make at least pages pages.
func Products(pages, perProduct int) int {
	return (pages + perProduct - 1) / perProduct
}

// Site describes a generated project.
type Site struct {
	Dir      string // the project folder (docsd.toml, content/, site/)
	Products int    // 0: the repository's own site, unchanged
	Docs     int    // Markdown files under content/docs/
}

// Generate writes a project into dst (deleted first) from the repository at repo: site/ copied
// (not linked: docsd refuses symlinks out of the project), the blog, pages and static files once,
// and content/docs/ copied products times as content/docs/p001/ … with absolute doc links, category
// slugs and docsd.toml given the product's prefix. products == 0 copies the docs as they are (the
// real site). The plugin registry is dropped from docsd.toml in every case, so no run ever fetches
// from the network or rewrites a page.
func Generate(repo, dst string, products int) (Site, error) {
	site := Site{Dir: dst, Products: products}
	if err := os.RemoveAll(dst); err != nil {
		return site, fmt.Errorf("removing the previous %s: %w", dst, err)
	}
	if err := copyTree(filepath.Join(repo, "site"), filepath.Join(dst, "site"), nil); err != nil {
		return site, err
	}
	cfg, err := config.Load(filepath.Join(repo, "docsd.toml"))
	if err != nil {
		return site, err
	}
	rawCfg, err := os.ReadFile(filepath.Join(repo, "docsd.toml"))
	if err != nil {
		return site, fmt.Errorf("reading docsd.toml: %w", err)
	}
	docs := filepath.Join(repo, "content", "docs")
	tops, err := topFolders(docs)
	if err != nil {
		return site, err
	}
	links := newLinkRewriter(tops)
	// Everything of content/ but the docs is kept once; with products, its links into the docs go
	// to the first product.
	first := ""
	if products > 0 {
		first = prefix(1)
	}
	rest := func(rel string, data []byte) []byte {
		if strings.HasSuffix(rel, ".md") {
			return links.rewrite(data, first)
		}
		return data
	}
	err = copyTree(filepath.Join(repo, "content"), filepath.Join(dst, "content"), func(rel string, data []byte) ([]byte, bool) {
		if rel == "docs" || strings.HasPrefix(rel, "docs/") {
			return nil, false
		}
		return rest(rel, data), true
	})
	if err != nil {
		return site, err
	}
	copies := max(products, 1)
	for i := 1; i <= copies; i++ {
		p := ""
		if products > 0 {
			p = prefix(i)
		}
		out := filepath.Join(dst, "content", "docs", filepath.FromSlash(p))
		err := copyTree(docs, out, func(rel string, data []byte) ([]byte, bool) {
			if strings.HasSuffix(rel, ".md") {
				site.Docs++
				return links.rewrite(data, p), true
			}
			if path.Base(rel) == "_category_.yml" {
				return rewriteSlug(data, p), true
			}
			return data, true
		})
		if err != nil {
			return site, err
		}
	}
	if products > 0 {
		if err := writeProductsPage(dst, cfg, products); err != nil {
			return site, err
		}
	}
	text := configText(rawCfg, cfg, links, products)
	cfgPath := filepath.Join(dst, "docsd.toml")
	if err := os.WriteFile(cfgPath, text, 0o644); err != nil {
		return site, fmt.Errorf("writing %s: %w", cfgPath, err)
	}
	// The rewritten configuration must still be one docsd accepts.
	if _, err := config.Load(cfgPath); err != nil {
		return site, fmt.Errorf("the generated configuration is invalid: %w", err)
	}
	return site, nil
}

func prefix(i int) string { return fmt.Sprintf("p%03d", i) }

// topFolders lists the folders directly under content/docs: the targets of absolute doc links.
func topFolders(docs string) ([]string, error) {
	entries, err := os.ReadDir(docs)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", docs, err)
	}
	var tops []string
	for _, e := range entries {
		if e.IsDir() {
			tops = append(tops, e.Name())
		}
	}
	return tops, nil
}

// linkRewriter gives links into the docs a product prefix: absolute site paths (/docs/usage/…, in
// Markdown links, reference definitions, raw HTML and docsd.toml) and, from the pages and the blog,
// relative paths through docs/ (../docs/usage/x.md). Relative links between docs stay inside their
// product and need nothing.
type linkRewriter struct{ abs, rel *regexp.Regexp }

// newLinkRewriter matches links into the folders tops of content/docs.
func newLinkRewriter(tops []string) *linkRewriter {
	quoted := make([]string, len(tops))
	for i, t := range tops {
		quoted[i] = regexp.QuoteMeta(t)
	}
	alt := strings.Join(quoted, "|")
	return &linkRewriter{
		abs: regexp.MustCompile(`([(\s"'<:=])/docs/(` + alt + `)([/)#"'\s>]|$)`),
		rel: regexp.MustCompile(`((?:\.\./)+)docs/(` + alt + `)/`),
	}
}

func (r *linkRewriter) rewrite(data []byte, p string) []byte {
	if p == "" {
		return data
	}
	data = r.abs.ReplaceAll(data, []byte("${1}/docs/"+p+"/${2}${3}"))
	return r.rel.ReplaceAll(data, []byte("${1}docs/"+p+"/${2}/"))
}

var slugLine = regexp.MustCompile(`(?m)^(\s*slug:\s*["']?)/`)

// rewriteSlug keeps category index pages apart between products: /category/go becomes
// /p001/category/go.
func rewriteSlug(data []byte, p string) []byte {
	if p == "" {
		return data
	}
	return slugLine.ReplaceAll(data, []byte("${1}/"+p+"/"))
}

// writeProductsPage lists every product's sidebars on one page, so that no product is an orphan
// and a reader could reach each of them, as on a real multi-product site. The links are site paths
// of the sidebars' entry docs (doc ids, which may be a folder's index.md).
func writeProductsPage(dst string, cfg *config.Site, products int) error {
	var b bytes.Buffer
	b.WriteString("---\ntitle: Products\ndescription: Every product of this generated benchmark site.\n---\n\n# Products\n\n")
	for i := 1; i <= products; i++ {
		fmt.Fprintf(&b, "- Product %d:", i)
		for j, sb := range cfg.Sidebars {
			sep := ","
			if j == 0 {
				sep = ""
			}
			fmt.Fprintf(&b, "%s [%s](%s%s/%s)", sep, sb.ID, cfg.BasePath, prefix(i), sb.Entry)
		}
		b.WriteString("\n")
	}
	p := filepath.Join(dst, "content", "pages", "products.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", filepath.Dir(p), err)
	}
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", p, err)
	}
	return nil
}

var tableHeader = regexp.MustCompile(`^\[\[?\s*([A-Za-z0-9_.]+)\s*\]\]?\s*(#.*)?$`)

// configText is the repository's docsd.toml without its sidebars and registry tables; with
// products, the navbar, footer and main doc point into the first product and each product gets its
// own copy of every sidebar (id pNNN-<id>, dir pNNN/<dir>).
func configText(raw []byte, cfg *config.Site, links *linkRewriter, products int) []byte {
	var b bytes.Buffer
	drop := false
	for _, line := range strings.SplitAfter(string(raw), "\n") {
		if m := tableHeader.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			name := m[1]
			drop = name == "sidebars" || name == "registry" || strings.HasPrefix(name, "registry.")
		}
		if !drop {
			b.WriteString(line)
		}
	}
	text := b.Bytes()
	if products > 0 {
		p := prefix(1)
		text = links.rewrite(text, p)
		for _, sb := range cfg.Sidebars {
			text = bytes.ReplaceAll(text, []byte(`sidebar = "`+sb.ID+`"`), []byte(`sidebar = "`+p+"-"+sb.ID+`"`))
		}
		for _, v := range cfg.Versions {
			if v.MainDocID != "" {
				text = bytes.ReplaceAll(text, []byte(`main_doc = "`+v.MainDocID+`"`), []byte(`main_doc = "`+p+"/"+v.MainDocID+`"`))
			}
		}
	}
	var out bytes.Buffer
	out.Write(bytes.TrimRight(text, "\n"))
	out.WriteString("\n")
	copies := max(products, 1)
	for i := 1; i <= copies; i++ {
		for _, sb := range cfg.Sidebars {
			id, dir, entry := sb.ID, sb.Dir, sb.Entry
			if products > 0 {
				p := prefix(i)
				id, dir, entry = p+"-"+id, p+"/"+dir, p+"/"+entry
			}
			fmt.Fprintf(&out, "\n[[sidebars]]\nid = %q\ndir = %q\nentry = %q\n", id, dir, entry)
			if sb.Label != "" {
				fmt.Fprintf(&out, "label = %q\n", sb.Label)
			}
		}
	}
	return out.Bytes()
}

// copyTree copies the regular files under src to dst; edit (when set) gets each file's slash path
// relative to src and returns what to write, or false to leave the file out. Symbolic links are
// refused: a benchmark project holds only its own files.
func copyTree(src, dst string, edit func(rel string, data []byte) ([]byte, bool)) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("copying %s: %w", p, err)
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.Type()&fs.ModeSymlink != 0 {
			return fmt.Errorf("copying %s: a symbolic link, which a benchmark project may not hold", p)
		}
		if d.IsDir() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("copying %s: %w", p, err)
		}
		if edit != nil {
			var keep bool
			if data, keep = edit(rel, data); !keep {
				return nil
			}
		}
		out := filepath.Join(dst, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return fmt.Errorf("creating %s: %w", filepath.Dir(out), err)
		}
		if err := os.WriteFile(out, data, 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", out, err)
		}
		return nil
	})
}
