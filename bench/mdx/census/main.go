// Command census counts, for the MDX pages under a folder (.mdx files, and .md files that are MDX
// by Docusaurus 3's rule, pkg/mdx.IsMDX), how many get their module without the MDX compiler
// (pkg/mdx's direct.go) and how many the compiler compiles: the share of a real site's pages
// that issue #21's cheapest path serves. Each page is compiled as a page, with any component
// allowed (a site's MDXComponents is not read); errors are counted apart.
//
//	go run ./bench/mdx/census [-compiler site/mdx-compiler/compile.mjs] DIR...
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"docsd/pkg/mdx"
)

func main() {
	script := flag.String("compiler", "site/mdx-compiler/compile.mjs", "the MDX compiler's script")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: census [-compiler compile.mjs] DIR...")
		os.Exit(2)
	}
	abs, err := filepath.Abs(*script)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, dir := range flag.Args() {
		if err := census(abs, dir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

// census prints one folder's counts, with a compiler of its own.
func census(script, dir string) error {
	c := mdx.NewCompiler(script)
	defer c.Close()
	pages, failed := 0, 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mdxFile, mdFile := strings.HasSuffix(path, ".mdx"), strings.HasSuffix(path, ".md")
		if d.IsDir() || !mdxFile && !mdFile {
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if mdFile && !mdx.IsMDX(path, "", raw) {
			return nil
		}
		pages++
		if _, err := c.Compile(raw, mdx.Options{File: path, Page: true, Provided: mdx.Provided{Open: true}}); err != nil {
			failed++
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("census of %s: %w", dir, err)
	}
	written, compiled := c.Counts()
	fmt.Printf("%s: %d MDX pages: %d written without the compiler, %d compiled; %d with errors\n", dir, pages, written, compiled, failed)
	return nil
}
