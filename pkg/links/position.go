// position.go turns where a finding is into what an editor shows: the line and column in the
// source file of an offset in a document's body, and byte columns into character columns.

package links

import (
	"strings"
	"unicode/utf8"

	"docsd/pkg/markdown"
)

// runeColumns turns byte columns into character columns (Unicode code points), the column an editor
// shows and the SARIF report declares: a link after "Voilà" is one column further left than its
// byte offset says.
func (c *checker) runeColumns(problems []Problem, external []External) {
	// Where each file's lines start, found once per file: splitting the file again for each of its
	// links was most of the check's time on a site with many external links.
	starts := c.starts
	conv := func(file string, line, col int) int {
		text := c.in.Config
		if file != c.in.ConfigFile {
			text = c.text(file)
		}
		ls, ok := starts[file]
		if !ok {
			ls = []int{0}
			for i, ch := range text {
				if ch == '\n' {
					ls = append(ls, i+1)
				}
			}
			starts[file] = ls
		}
		if line < 1 || line > len(ls) {
			return col
		}
		end := len(text)
		if line < len(ls) {
			end = ls[line] - 1
		}
		l := text[ls[line-1]:end]
		if col-1 > len(l) {
			return col
		}
		return utf8.RuneCount(l[:col-1]) + 1
	}
	for i := range problems {
		p := &problems[i]
		p.Column = conv(p.File, p.Line, p.Column)
	}
	for i := range external {
		e := &external[i]
		e.Column = conv(e.File, e.Line, e.Column)
	}
}

// text reads a source file once per check.
func (c *checker) text(file string) []byte {
	if t, ok := c.texts[file]; ok {
		return t
	}
	var t []byte
	if c.in.ReadFile != nil {
		t, _ = c.in.ReadFile(file) // a file gone since the parse: positions fall back to 1:1
	}
	c.texts[file] = t
	return t
}

// bodyPos turns a byte offset in a document's body into the line and column of its file.
func (c *checker) bodyPos(file string, d *markdown.Doc, off int) (int, int) {
	text := c.text(file)
	body := d.Body()
	start := len(text) - len(body)
	if start < 0 || !strings.HasSuffix(string(text), string(body)) {
		start = 0
		text = body
	}
	return position(text, start+off)
}

// position is the 1-based line and column (in bytes) of an offset.
func position(text []byte, off int) (int, int) {
	if off > len(text) {
		off = len(text)
	}
	line, col := 1, 1
	for _, b := range text[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}
