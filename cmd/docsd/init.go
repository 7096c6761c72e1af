// docsd init --from-docusaurus: writes the docsd.toml that builds an existing Docusaurus site where
// it is (pkg/docusaurus), after evaluating its config with Node (pkg/jsmodule), and prints what it
// could not carry over. It writes one file, docsd.toml in the project, and nothing else.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"docsd/pkg/config"
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
	if _, err := config.Parse("docsd.toml", text); err != nil {
		fmt.Fprintf(stderr, "docsd init: the docsd.toml written from %s does not load (a docsd bug): %s\n", relCfg, err)
		return 1
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
	fmt.Fprintf(stdout, "Build it with: docsd build --once --root %s\n", *root)
	return 0
}
