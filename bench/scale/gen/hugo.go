package gen

// The Hugo side of the comparison: the same Markdown as a generated docsd project, in a minimal Hugo
// site (one base template, one page template, one list template), so that Hugo's time is that of
// reading, parsing and rendering those pages and little else.

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

const hugoConfig = `# Made by bench/scale/gen: a minimal Hugo site over the benchmark's Markdown.
baseURL = "https://example.org/docs/"
title = "Vela"
enableRobotsTXT = false

[markup.goldmark.renderer]
# docsd renders the raw HTML of the Markdown too.
unsafe = true

[markup.highlight]
# Classes, as docsd's highlighted code uses, instead of inline styles.
noClasses = false
`

const hugoBaseof = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ .Title }} | {{ site.Title }}</title></head>
<body>
<nav>{{ with .Parent }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav>
<main>{{ block "main" . }}{{ end }}</main>
</body>
</html>
`

const hugoSingle = `{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .TableOfContents }}{{ .Content }}</article>{{ end }}
`

const hugoList = `{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}
<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
`

// fenceRanges matches a code fence's line-highlight ranges (` + "```yaml title=\"x\" {9-10}" + `): Hugo reads
// braces there as attributes and fails on Docusaurus ranges, so its copy goes without them.
var fenceRanges = regexp.MustCompile("(?m)^([ \t]*(?:```|~~~)[^\n{]*?)[ \t]*\\{[^}\n]*\\}")

// GenerateHugo writes a Hugo site into dst (deleted first) holding the Markdown of the docsd project
// in project: every .md file under content/, with each folder's index.md renamed _index.md. Hugo
// takes an index.md for a leaf bundle and would then hide the other pages of its folder.
func GenerateHugo(project, dst string) (pages int, err error) {
	if err := os.RemoveAll(dst); err != nil {
		return 0, fmt.Errorf("removing the previous %s: %w", dst, err)
	}
	files := map[string]string{
		"hugo.toml":                    hugoConfig,
		"layouts/_default/baseof.html": hugoBaseof,
		"layouts/_default/single.html": hugoSingle,
		"layouts/_default/list.html":   hugoList,
	}
	for name, text := range files {
		p := filepath.Join(dst, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return 0, fmt.Errorf("creating %s: %w", filepath.Dir(p), err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return 0, fmt.Errorf("writing %s: %w", p, err)
		}
	}
	err = copyTree(filepath.Join(project, "content"), filepath.Join(dst, "content"), func(rel string, data []byte) ([]byte, bool) {
		if !strings.HasSuffix(rel, ".md") || strings.HasPrefix(rel, "static/") {
			return nil, false
		}
		pages++
		return fenceRanges.ReplaceAll(data, []byte("$1")), true
	})
	if err != nil {
		return 0, err
	}
	// Renamed after the copy: copyTree writes under the source's names.
	err = filepath.WalkDir(filepath.Join(dst, "content"), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && path.Base(filepath.ToSlash(p)) == "index.md" {
			if err := os.Rename(p, filepath.Join(filepath.Dir(p), "_index.md")); err != nil {
				return fmt.Errorf("renaming %s for Hugo: %w", p, err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("preparing the Hugo content: %w", err)
	}
	return pages, nil
}
