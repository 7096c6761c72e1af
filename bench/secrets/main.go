// Command secrets runs pkg/secrets (FindUnescaped, what docsd's sources are searched with: Find,
// and the text again as a reader sees it: escapes and character references decoded, a token cut
// by a line break joined) over every regular file of the folders it is given and lists
// what it finds (file, line, kind, never the credential), then the files, bytes and findings by
// kind: how the detector's precision is measured on large real corpora (BENCHMARKS.md, Session 20:
// leak20).
//
//	go run ./bench/secrets node_modules /usr/local/go/src "$(go env GOMODCACHE)"
package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"docsd/pkg/secrets"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/secrets DIR...")
		os.Exit(2)
	}
	files, size := 0, 0
	kinds := map[string]int{}
	for _, dir := range os.Args[1:] {
		// A folder that is a link (node_modules here) is walked as the folder it names.
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			dir = real
		}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return nil // unreadable folders and links are skipped, as docsd skips them
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return nil
			}
			files, size = files+1, size+len(data)
			if f, ok := secrets.FindUnescaped(data); ok {
				kinds[f.Kind]++
				fmt.Printf("%s:%d: %s\n", path, bytes.Count(data[:f.Offset], []byte("\n"))+1, f)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintf(os.Stderr, "secrets: %s: %v\n", dir, err)
			os.Exit(1)
		}
	}
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Strings(names)
	fmt.Printf("%d files, %d bytes\n", files, size)
	for _, k := range names {
		fmt.Printf("%6d  %s\n", kinds[k], k)
	}
}
