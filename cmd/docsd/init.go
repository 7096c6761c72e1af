// docsd init --from-docusaurus: writes the docsd.toml that builds an existing Docusaurus site where
// it is (pkg/docusaurus), after evaluating its config with Node (pkg/jsmodule), and prints what it
// could not carry over. It writes one file, docsd.toml in the project, and nothing else.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"docsd/pkg/build"
	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/docusaurus"
	"docsd/pkg/jsmodule"
)

func cmdInit(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("docsd init", flag.ContinueOnError)
	from := fs.String("from-docusaurus", "", "the Docusaurus site folder (holding docusaurus.config.js, .mjs or .ts), inside the project")
	root := fs.String("root", ".", "the project folder: docsd.toml is written here, and every path docsd reads lies inside it")
	force := fs.Bool("force", false, "replace an existing docsd.toml")
	help := "Usage: docsd init --from-docusaurus DIR [--root .] [--force]\n\nWrites docsd.toml for an existing Docusaurus site, so that docsd builds its docs, blog and\nstatic files where they are, with its hand-written sidebars file read on every build.\nWhat cannot be carried over is listed with its file and key. Nothing but docsd.toml is written.\n"
	if ok, code := parseFlags(fs, args, help, stdout, stderr); !ok {
		return code
	}
	if *from == "" || fs.NArg() > 0 {
		fmt.Fprintf(stderr, "docsd init: --from-docusaurus DIR is required\nRun \"docsd init --help\" for its flags.\n")
		return 2
	}
	absRoot, err := filepath.Abs(*root)
	if err != nil {
		fmt.Fprintf(stderr, "docsd init: %s\n", err)
		return 1
	}
	absFrom, err := filepath.Abs(*from)
	if err != nil {
		fmt.Fprintf(stderr, "docsd init: %s\n", err)
		return 1
	}
	siteDir, err := filepath.Rel(absRoot, absFrom)
	if err != nil || siteDir == ".." || strings.HasPrefix(siteDir, ".."+string(filepath.Separator)) {
		fmt.Fprintf(stderr, "docsd init: %s is outside the project %s; run docsd init from a folder that holds it, or pass --root\n", *from, absRoot)
		return 2
	}
	out := filepath.Join(absRoot, "docsd.toml")
	if _, err := os.Lstat(out); err == nil && !*force {
		fmt.Fprintf(stderr, "docsd init: %s already exists; pass --force to replace it\n", out)
		return 1
	}
	cfgFile := ""
	for _, name := range []string{"docusaurus.config.js", "docusaurus.config.mjs", "docusaurus.config.cjs", "docusaurus.config.ts", "docusaurus.config.mts"} {
		if st, err := os.Stat(filepath.Join(absFrom, name)); err == nil && !st.IsDir() {
			cfgFile = filepath.Join(absFrom, name)
			break
		}
	}
	if cfgFile == "" {
		fmt.Fprintf(stderr, "docsd init: no docusaurus.config.js, .mjs, .cjs or .ts in %s\n", *from)
		return 1
	}
	relCfg, _ := filepath.Rel(absRoot, cfgFile)
	res, err := jsmodule.New().Eval(absRoot, cfgFile)
	if err != nil {
		fmt.Fprintf(stderr, "docsd init: %s\n", err)
		return 1
	}
	in := docusaurus.Input{ConfigFile: filepath.ToSlash(relCfg), SiteDir: filepath.ToSlash(siteDir), Config: res.JSON,
		Placeholders: res.Placeholders, Enumerated: res.Enumerated, ProjectAbs: filepath.ToSlash(absRoot), Exists: func(rel string) bool {
			_, err := os.Stat(filepath.Join(absRoot, filepath.FromSlash(rel)))
			return err == nil
		}}
	if raw, err := os.ReadFile(filepath.Join(absFrom, "versions.json")); err == nil {
		if err := json.Unmarshal(raw, &in.Versions); err != nil {
			fmt.Fprintf(stderr, "docsd init: %s: %s\n", filepath.Join(*from, "versions.json"), err)
			return 1
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(stderr, "docsd init: %s\n", err)
		return 1
	}
	text, notes, err := docusaurus.Convert(in)
	if err != nil {
		fmt.Fprintf(stderr, "docsd init: %s\n", err)
		return 1
	}
	// What docsd init writes, docsd must read: a mistake here is docsd's, said before writing.
	cfg, err := config.Parse("docsd.toml", text)
	if err != nil {
		fmt.Fprintf(stderr, "docsd init: the docsd.toml written from %s does not load (a docsd bug): %s\n", relCfg, err)
		return 1
	}
	census, err := scanPages(absRoot, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "docsd init: %s\n", err)
		return 1
	}
	converted := len(text)
	npm := npm2yarnFrom(res.Stubbed, res.JSON)
	if npm.loaded {
		text = withMarkdownLines(text, npm.line())
	}
	flowConfig := flowBabelConfig(absRoot, absFrom)
	if flowConfig != "" {
		text = withTableLines(text, "docusaurus", "# "+flowConfig+" reads the site's JavaScript as Flow: docsd compiles it with the project's Babel.\nflow = true\n")
	}
	siteKeys := census.siteKeys()
	if len(siteKeys) > 0 {
		text = withSiteKeys(text, siteKeys)
	}
	// The keys the pages and the Babel config added are checked as the converted text was.
	if len(text) != converted {
		if _, err := config.Parse("docsd.toml", text); err != nil {
			fmt.Fprintf(stderr, "docsd init: the docsd.toml written from %s does not load (a docsd bug): %s\n", relCfg, err)
			return 1
		}
	}
	tmp, err := os.CreateTemp(absRoot, ".docsd.toml-*")
	if err != nil {
		fmt.Fprintf(stderr, "docsd init: %s\n", err)
		return 1
	}
	_, werr := tmp.Write(text)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), out)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		fmt.Fprintf(stderr, "docsd init: writing %s: %s\n", out, werr)
		return 1
	}
	fmt.Fprintf(stdout, "docsd: wrote %s from %s\n", out, relCfg)
	if len(notes) > 0 {
		fmt.Fprintf(stdout, "Not carried over (%d):\n", len(notes))
		for _, n := range notes {
			fmt.Fprintf(stdout, "  %s\n", n)
		}
	}
	if len(siteKeys) > 0 {
		fmt.Fprintf(stdout, "Front-matter keys of the site's own, which docsd does not read (in [markdown] front_matter_keys, so builds do not warn about them):\n")
		for _, k := range siteKeys {
			fmt.Fprintf(stdout, "  %s (%s)\n", k.name, plural(k.pages, "page"))
		}
	}
	npm.report(stdout, census)
	if flowConfig != "" {
		fmt.Fprintf(stdout, "The site's components are written in Flow (%s adds it to Babel): [docusaurus] flow = true, and docsd compiles them with the project's own Babel, which must be installed (npm install).\n", flowConfig)
	}
	fmt.Fprintf(stdout, "Build it with: docsd build --once --root %s\n", *root)
	return 0
}

// siteKey is a front-matter key of the site's own and the number of pages that use it.
type siteKey struct {
	name  string
	pages int
}

// pageCensus is what init learns from the site's pages: the front-matter keys they use, with the
// number of pages each, and where their code blocks marked npm2yarn open (file:line, in the
// order of the files, partials among them).
type pageCensus struct {
	keys          map[string]int
	npm2yarn      []string
	npm2yarnFiles int
}

// scanPages reads every doc, blog post, page and partial of the site docsd.toml describes.
func scanPages(absRoot string, cfg *config.Site) (*pageCensus, error) {
	layout := build.Layout(cfg)
	if len(layout.Only) > 0 {
		layout.Project = absRoot
	}
	sources, _, err := content.Scan(cfg.Content(absRoot), layout)
	if err != nil {
		return nil, err
	}
	census := &pageCensus{keys: map[string]int{}}
	for _, s := range sources {
		// A partial's front matter is not read, but Docusaurus compiles it with the remark plugins
		// of the content plugin it lies in: its npm2yarn blocks are tabs wherever it is shown.
		if s.Kind != content.Doc && s.Kind != content.BlogPost && s.Kind != content.Page && s.Kind != content.Partial {
			continue
		}
		raw, err := os.ReadFile(s.Abs)
		if err != nil {
			continue // the build says what it cannot read
		}
		if s.Kind != content.Partial {
			for _, k := range content.SiteFrontMatterKeys(raw) {
				census.keys[k]++
			}
		}
		rel, err := filepath.Rel(absRoot, s.Abs)
		if err != nil {
			rel = s.Abs
		}
		if lines := npm2yarnBlocks(string(raw)); len(lines) > 0 {
			census.npm2yarnFiles++
			for _, l := range lines {
				census.npm2yarn = append(census.npm2yarn, fmt.Sprintf("%s:%d", filepath.ToSlash(rel), l))
			}
		}
	}
	return census, nil
}

// firstOf is the first n of items, with "…" after them when there are more.
func firstOf(items []string, n int) []string {
	if len(items) <= n {
		return items
	}
	return append(slices.Clip(items[:n]), "…")
}

// siteKeys are the front-matter keys the site's pages use that docsd does not read and that are
// no misspelling (content.MisspeltFrontMatterKey) unless three pages or more use them: what its
// theme reads (capacitor's contributors, 554 pages; react-native-website's authorTwitter, close to
// authorTitle), each of which the build warned about once a page. A misspelling in a page or two
// is still warned about. Most used first.
func (c *pageCensus) siteKeys() []siteKey {
	var keys []siteKey
	for k, n := range c.keys {
		// A near miss of a key docsd reads is never listed: one doc's sidebar_postion is in every
		// version cut since, three pages or more, and listing it would hide it for good.
		if !content.MisspeltFrontMatterKey(k) || n >= 3 && !content.MisspeltReadKey(k) {
			keys = append(keys, siteKey{k, n})
		}
	}
	slices.SortFunc(keys, func(a, b siteKey) int {
		if a.pages != b.pages {
			return b.pages - a.pages
		}
		return strings.Compare(a.name, b.name)
	})
	return keys
}

// withSiteKeys adds [markdown] front_matter_keys to docsd.toml's text: in the [markdown] table
// when there is one, else as a table at the end.
func withSiteKeys(text []byte, keys []siteKey) []byte {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = strconv.Quote(k.name)
	}
	return withMarkdownLines(text, "# The site's own front-matter keys, which docsd does not read: listed so that builds do not warn about them.\n"+
		"front_matter_keys = ["+strings.Join(names, ", ")+"]\n")
}

// withMarkdownLines adds lines to docsd.toml's text: in the [markdown] table when there is one,
// else in one at the end.
func withMarkdownLines(text []byte, lines string) []byte {
	return withTableLines(text, "markdown", lines)
}

// withTableLines adds lines to the table name of docsd.toml's text (a top-level table), or to a
// new one at the end.
func withTableLines(text []byte, name, lines string) []byte {
	head := "\n[" + name + "]\n"
	if i := bytes.Index(text, []byte(head)); i >= 0 {
		at := i + len(head)
		return append(append(append([]byte(nil), text[:at]...), lines...), text[at:]...)
	}
	return append(append(append([]byte(nil), text...), head...), lines...)
}
