package mdx

// A page that shows a Markdown partial (`import Note from './_note.mdx'` … `<Note />`) shows the
// partial's headings too, so its table of contents lists them where the page shows the partial
// (pkg/build/mdx.go). This file finds those places in a page's text, and a blog post's truncate
// marker.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var (
	partialImport = regexp.MustCompile(`^import[ \t]+([A-Za-z_$][\w$]*)[ \t]+from[ \t]+['"]([^'"]+\.mdx?)['"]`)
	selfClosing   = regexp.MustCompile(`^[ \t]*<([A-Za-z_$][\w$]*)[ \t]*/>[ \t]*$`)
)

// maxImportLines is how many lines FindPartials follows one import statement over.
const maxImportLines = 8

// Partials is where a page shows its partials: Marked is the page's text with each line that
// shows an imported .md/.mdx partial on its own (`<Name />`) replaced by a placeholder heading, so
// a parse of Marked lists the placeholders among the page's headings (blank lines around it end
// an enclosing JSX block, which goldmark reads as HTML; Marked is read for headings only, so
// its line numbers do not matter); Specs[i] is the import specifier of placeholder i.
type Partials struct {
	Marked []byte
	Specs  []string
	token  string
}

// FindPartials finds the partials body shows; nil when it shows none.
func FindPartials(body []byte) *Partials {
	if !bytes.Contains(body, []byte(".md")) {
		return nil // a partial's import names a .md or .mdx file: no line can be one
	}
	imported := map[string]string{}
	// Import statements as prettier wraps them: several on a line, one begun at a line's end and
	// ended on the next (react-native-website: "import A from './\_a.md'; import" then
	// "B from './\_b.md';"). pending is a statement begun on an earlier line, without its path yet.
	pending, carried := "", 0
	eachLine(string(body), func(line string) string {
		text := line
		switch {
		case pending != "" && carried < maxImportLines:
			text, carried = pending+" "+line, carried+1
		case !strings.HasPrefix(line, "import"):
			pending = ""
			return line
		default:
			carried = 0
		}
		pending = ""
		statements := splitStatements(text)
		for i, st := range statements {
			st = strings.TrimSpace(st)
			if m := partialImport.FindStringSubmatch(st); m != nil {
				if spec, ok := specValue(m[2]); ok {
					imported[m[1]] = spec
				}
			} else if i == len(statements)-1 && strings.HasPrefix(st, "import") && !strings.ContainsAny(st, `'"`) {
				pending = st
			}
		}
		return line
	}, nil)
	if len(imported) == 0 {
		return nil
	}
	sum := sha256.Sum256(body)
	p := &Partials{token: "docsdpartial" + hex.EncodeToString(sum[:6])}
	p.Marked = forLines(body, func(line string) string {
		m := selfClosing.FindStringSubmatch(line)
		if m == nil || imported[m[1]] == "" {
			return line
		}
		p.Specs = append(p.Specs, imported[m[1]])
		return fmt.Sprintf("\n###### %s-%d\n", p.token, len(p.Specs)-1)
	}, nil)
	if len(p.Specs) == 0 {
		return nil
	}
	return p
}

// specValue is the value of an import's specifier written between quotes: a backslash before a
// character with no escape of its own in JavaScript stands for that character (prettier writes
// `./\_note.mdx` for `./_note.mdx`, and the page's module imports the second). ok is false for
// any other escape, which no partial's path needs.
func specValue(raw string) (string, bool) {
	if !strings.Contains(raw, `\`) {
		return raw, true
	}
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			b.WriteByte(raw[i])
			continue
		}
		i++
		if i == len(raw) || strings.IndexByte("bfnrtvux0123456789\r\n", raw[i]) >= 0 || raw[i] >= 0x80 {
			return "", false
		}
		b.WriteByte(raw[i])
	}
	return b.String(), true
}

// Placeholder reports which placeholder a heading's text is, if it is one.
func (p *Partials) Placeholder(text string) (int, bool) {
	rest, ok := strings.CutPrefix(text, p.token+"-")
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(rest)
	if err != nil || i < 0 || i >= len(p.Specs) {
		return 0, false
	}
	return i, true
}

// truncateLine is a line that ends a blog post's excerpt: `{/* truncate */}` or the older
// `<!-- truncate -->` (the compiler reads both as the first, compile.mjs).
var truncateLine = regexp.MustCompile(`^[ \t]*(\{/\*[ \t]*truncate[ \t]*\*/\}|<!--[ \t]*truncate[ \t]*-->)[ \t]*$`)

// Truncates reports whether an MDX body has a truncate marker on a line of its own, outside code.
func Truncates(body []byte) bool {
	if !bytes.Contains(body, []byte("truncate")) {
		return false
	}
	found := false
	eachLine(string(body), func(line string) string {
		found = found || truncateLine.MatchString(line)
		return line
	}, nil)
	return found
}

// splitStatements splits a line of import statements at the semicolons outside their quotes.
func splitStatements(line string) []string {
	var out []string
	start, quote := 0, byte(0)
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == ';':
			out = append(out, line[start:i])
			start = i + 1
		}
	}
	return append(out, line[start:])
}
