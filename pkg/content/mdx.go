package content

// Docusaurus builds `.mdx` files as well as `.md` ones, and leaves out of the pages every file
// whose name (or a folder's) starts with "_": those are partials, which pages import.

import (
	"path"
	"strings"
)

// IsMarkdown reports whether a file name is a Markdown or MDX page's.
func IsMarkdown(name string) bool {
	return strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".mdx")
}

// IsMDX reports whether a file is compiled as MDX (by its extension).
func IsMDX(name string) bool { return strings.HasSuffix(name, ".mdx") }

// TrimMarkdownExt removes a .md or .mdx extension.
func TrimMarkdownExt(name string) string {
	if s, ok := strings.CutSuffix(name, ".mdx"); ok {
		return s
	}
	return strings.TrimSuffix(name, ".md")
}

// IsPartial reports whether rel (a path inside a docs, blog or pages folder) is a partial: a
// Markdown or MDX file under a name starting with "_".
func IsPartial(rel string) bool {
	if !IsMarkdown(rel) {
		return false
	}
	for _, part := range strings.Split(path.Clean(rel), "/") {
		if strings.HasPrefix(part, "_") {
			return true
		}
	}
	return false
}
