package mdx

import (
	"testing"

	"docsd/pkg/markdown"
)

// A file that binds toc itself keeps its own; a mention of toc, or an import of another file's
// toc under another name, does not count.
func TestBindsTOC(t *testing.T) {
	for src, want := range map[string]bool{
		"export const toc = [];\n":                      true,
		"import {toc} from './other.mdx';\n":            true,
		"import {a, toc as b, toc} from './o.mdx';\n":   true,
		"import {default as P, x as toc} from './o';\n": true,
		"export {toc} from './other.mdx';\n":            true,
		"import {toc as other} from './other.mdx';\n":   false,
		"export const count = toc.length;\n":            false,
		"<TOCInline toc={toc} />\n":                     false,
		"```js\nexport const toc = [];\n```\n":          false, // code
		"import Toc from './toc.mdx';\n":                false,
	} {
		if got := bindsTOC([]byte(src)); got != want {
			t.Errorf("bindsTOC(%q) = %v, want %v", src, got, want)
		}
	}
}

// The module's toc: levels 2 to 6 of the file's headings as HTML (text escaped; code, emphasis
// and strikethrough kept, links as their text, as Docusaurus gives them), a partial's toc spread
// where the file shows it.
func TestTOCModule(t *testing.T) {
	c := NewCompiler("")
	src := []byte("# Title\n\n## A & B\n\n####### not one\n\n###### Six `--flag` **bold** _em_ ~~old~~ [link](./x.md) <span>raw</span>\n")
	got := c.tocModule(src, 1, markdown.New().Parse(src, 1))
	want := `export const toc = [{"value":"A \u0026amp; B","id":"a--b","level":2}, ` +
		`{"value":"Six \u003ccode\u003e--flag\u003c/code\u003e \u003cstrong\u003ebold\u003c/strong\u003e \u003cem\u003eem\u003c/em\u003e \u003cdel\u003eold\u003c/del\u003e link raw","id":"six---flag-bold-em-old-link-raw","level":6}];` + "\n"
	if got != want {
		t.Errorf("tocModule:\n%s\nwant\n%s", got, want)
	}
	got = c.tocModule([]byte("import Part from './_part.mdx';\n\n## Before\n\n<Part />\n\n## After\n"), 1, nil)
	want = `import {toc as __docsdToc0} from "./_part.mdx";` + "\n" +
		`export const toc = [{"value":"Before","id":"before","level":2}, ...__docsdToc0, {"value":"After","id":"after","level":2}];` + "\n"
	if got != want {
		t.Errorf("tocModule with a partial:\n%s\nwant\n%s", got, want)
	}
	got = c.tocModule([]byte("import Code from '!!raw-loader!./a.md';\n\n## Only\n\n<Code />\n"), 1, nil)
	if want := `export const toc = [{"value":"Only","id":"only","level":2}];` + "\n"; got != want {
		t.Errorf("tocModule with a raw-loader import:\n%s\nwant\n%s", got, want)
	}
	if got := c.tocModule([]byte("export const toc = [];\n"), 1, nil); got != "" {
		t.Errorf("a file with its own toc got %q", got)
	}
}
