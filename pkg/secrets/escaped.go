package secrets

import (
	"bytes"
	"html"
	"sort"
	"strings"
)

// FindUnescaped is Find over data as a reader sees it too. What Markdown (or HTML, or a
// JavaScript string) shows differently from what it holds can hide a credential from Find:
//   - a backslash before ASCII punctuation is an escape that is not shown: `ghp\_…`, as editors
//     write to keep an underscore from starting emphasis, renders as the token;
//   - an HTML character reference is shown as its character: `ghp&#95;…` or `&#x67;hp_…`;
//   - a soft line break in a paragraph is shown as a space: a token cut in two lines is read
//     (and copied) whole but for that space;
//   - a string's escape \xHH, \uHHHH, \u{H…} (docsd.toml, JSON, a component's JavaScript) is
//     decoded by the reader of the string: `"ghp\u005F…"`, and its line continuation (a backslash
//     at a line's end) is dropped: `"ghp_abc\` and `def"` on the next line are one string.
//
// When data has such a thing inside what may be a token and Find finds nothing in it, it
// searches data as shown (without those backslashes, with those references decoded, those
// lines joined); the finding's offset is in data.
func FindUnescaped(data []byte) (Finding, bool) { return Allow(nil).FindUnescaped(data) }

// FindUnescaped is FindUnescaped with the credentials a allows passed over.
func (a Allow) FindUnescaped(data []byte) (Finding, bool) {
	if f, ok := a.Find(data); ok {
		return f, true
	}
	var eds []edit
	eds = escapes(data, eds)
	eds = references(data, eds)
	eds = softBreaks(data, eds)
	if len(eds) == 0 {
		return Finding{}, false
	}
	sort.Slice(eds, func(i, j int) bool { return eds[i].from < eds[j].from })
	text := make([]byte, 0, len(data))
	var marks, moved []int // from text offset marks[i] on, data is moved[i] bytes further
	last, shift := 0, 0
	for _, e := range eds {
		if e.from < last { // overlapping (a reference after a backslash): the first wins
			continue
		}
		text = append(text, data[last:e.from]...)
		text = append(text, e.with...)
		shift += e.to - e.from - len(e.with)
		marks, moved = append(marks, len(text)), append(moved, shift)
		last = e.to
	}
	text = append(text, data[last:]...)
	f, ok := a.Find(text)
	if !ok {
		return Finding{}, false
	}
	if i := sort.Search(len(marks), func(i int) bool { return marks[i] > f.Offset }); i > 0 {
		f.Offset += moved[i-1]
	}
	return f, true
}

// An edit is data[from:to] shown as with.
type edit struct {
	from, to int
	with     string
}

// escapes are data's backslashes that escape a character that the credentials Find knows have
// inside them (_ - / + : . @), after a letter or digit: the escapes of a token written in
// Markdown; a string's escapes that give such a character (codeEscape), and its line
// continuations inside a word (continuation). Others (`\"` in code, `\|` in a table) are not
// searched again, which would cost a second pass over most pages (BENCHMARKS.md, Session 21:
// trust21).
func escapes(data []byte, eds []edit) []edit {
	for i := 0; ; i++ {
		k := bytes.IndexByte(data[i:], '\\')
		if k < 0 || i+k+1 >= len(data) {
			return eds
		}
		i += k
		if data[i+1] == '\\' { // an escaped backslash (in Markdown, TOML, JSON, JavaScript): it escapes nothing after it
			i++
			continue
		}
		if i > 0 && alnum(data[i-1]) && strings.IndexByte("_-/+:.@", data[i+1]) >= 0 {
			eds = append(eds, edit{i, i + 1, ""})
			i++ // the escaped character is kept, and escapes nothing
			continue
		}
		if c, n := codeEscape(data[i:]); n > 0 {
			eds = append(eds, edit{i, i + n, string(c)})
			i += n - 1
		} else if n := continuation(data, i); n > 0 {
			eds = append(eds, edit{i, i + n, ""})
			i += n - 1
		}
	}
}

// continuation is the length of the line continuation at data[i], a backslash, inside a word (a
// letter, digit, _ or - on both sides), or 0. JavaScript's strings drop a backslash and the line
// break after it (LF, CR, CRLF, U+2028, U+2029), as do a shell's and Python's; TOML's multi-line
// strings drop, too, the spaces before the break and the whitespace after it. Both are read as
// TOML's: a token continued on an indented line of a JavaScript string keeps the indentation in
// the string, but its reader sees it whole (as a soft break's, softBreaks).
func continuation(data []byte, i int) int {
	if i == 0 || !word(data[i-1]) {
		return 0
	}
	j := i + 1
	for j < len(data) && (data[j] == ' ' || data[j] == '\t') {
		j++
	}
	switch rest := data[j:]; {
	case bytes.HasPrefix(rest, []byte("\r\n")):
		j += 2
	case len(rest) > 0 && (rest[0] == '\n' || rest[0] == '\r'):
		j++
	case bytes.HasPrefix(rest, []byte("\u2028")) || bytes.HasPrefix(rest, []byte("\u2029")):
		j += len("\u2028")
	default:
		return 0
	}
	for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\r' || data[j] == '\n') {
		j++
	}
	if j == len(data) || !word(data[j]) {
		return 0
	}
	return j - i
}

// codeEscape is the character and length of the escape \xHH, \uHHHH, \UHHHHHHHH or \u{H…} that
// data starts with, when it is one a token may hold (a letter, a digit, _ - / + : . @), or 0: the
// escapes of a string in docsd.toml (TOML), a JSON file or a component (JavaScript), which their
// reader decodes: `"ghp\u005F…"` in docsd.toml's custom fields reaches every page as the token.
// The braced form is JavaScript's (and Rust's, Swift's, Ruby's): any number of hex digits, of a
// code point up to U+10FFFF.
func codeEscape(data []byte) (byte, int) {
	if len(data) < 4 {
		return 0, 0
	}
	n := 0
	switch data[1] {
	case 'x':
		n = 2
	case 'u':
		n = 4
	case 'U':
		n = 8
	}
	v, end := 0, 2+n
	switch {
	case n == 4 && data[2] == '{':
		end = 3
		for ; end < len(data) && hexDigit(data[end]) >= 0; end++ {
			if v = v<<4 | hexDigit(data[end]); v > 0x10FFFF {
				return 0, 0
			}
		}
		if end == 3 || end == len(data) || data[end] != '}' {
			return 0, 0
		}
		end++
	case n == 0 || len(data) < end:
		return 0, 0
	default:
		for _, c := range data[2:end] {
			if hexDigit(c) < 0 {
				return 0, 0
			}
			v = v<<4 | hexDigit(c)
		}
	}
	if v >= 0x80 || !alnum(byte(v)) && strings.IndexByte("_-/+:.@", byte(v)) < 0 {
		return 0, 0
	}
	return byte(v), end
}

// hexDigit is the value of the hex digit c, or -1.
func hexDigit(c byte) int {
	switch {
	case digit(c):
		return int(c - '0')
	case c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F':
		return int((c|0x20)-'a') + 10
	}
	return -1
}

// references are data's HTML character references (&#95; &#x5F; &lowbar;, with their
// semicolon, as CommonMark and HTML5 read them) to a letter, a digit or one of the characters
// escapes knows: those that can be in a token. `&amp;` and `&lt;` (not in any token) are not
// searched again.
func references(data []byte, eds []edit) []edit {
	for i := 0; ; i++ {
		k := bytes.IndexByte(data[i:], '&')
		if k < 0 {
			return eds
		}
		i += k
		end := bytes.IndexByte(data[i+1:min(i+34, len(data))], ';')
		if end < 1 {
			continue
		}
		ref := data[i : i+1+end+1]
		if ref[1] != '#' && !alnum(ref[1]) {
			continue
		}
		s := html.UnescapeString(string(ref))
		if len(s) == 1 && (alnum(s[0]) || strings.IndexByte("_-/+:.@", s[0]) >= 0) {
			eds = append(eds, edit{i, i + len(ref), s})
		}
	}
}

// softBreaks are the line breaks (and the next line's indentation or quote marks) inside a word
// that starts with a token's prefix (ghp_ gho_ ghu_ ghs_ ghr_ npm_ github_pat_ xox AIza) and goes
// on on the next line: in a paragraph, a soft break, which a reader sees as a space. Only those
// words are joined: two words of prose that a line break parts are not one. The words are found
// by their prefixes, as Find finds them, not at every line's end (which cost a third of
// FindUnescaped's time over the Vela pages).
func softBreaks(data []byte, eds []edit) []edit {
	for off := 0; ; {
		i := bytes.IndexByte(data[off:], '_')
		if i < 0 {
			break
		}
		u := off + i
		off = u + 1
		switch {
		case u >= 3 && (data[u-3] == 'g' && data[u-2] == 'h' && strings.IndexByte("pousr", data[u-1]) >= 0 || string(data[u-3:u]) == "npm"):
			eds = joinLines(data, u-3, eds)
		case u >= 10 && string(data[u-10:u]) == "github_pat":
			eds = joinLines(data, u-10, eds)
		}
	}
	// Each found by its rarest letter (indexBy): bytes.Index stops at every A.
	for _, h := range []struct {
		head  string
		pivot int
	}{{"xox", 0}, {"AIza", 2}} {
		for off := 0; ; {
			at := indexBy(data, off, h.head, h.pivot)
			if at < 0 {
				break
			}
			eds = joinLines(data, at, eds)
			off = at + 1
		}
	}
	return eds
}

// joinLines adds the edits that join the word starting at data[at] (which must start it) with
// the next line's first word, while it ends at a line break: a token cut over several lines.
func joinLines(data []byte, at int, eds []edit) []edit {
	if at > 0 && word(data[at-1]) {
		return eds
	}
	for n := 0; n < 4; n++ { // no token is longer than four lines' ends
		end := at + run(data, at, word)
		from := end
		if from < len(data) && data[from] == '\r' {
			from++
		}
		if from >= len(data) || data[from] != '\n' {
			return eds
		}
		to := from + 1
		for to < len(data) && (data[to] == ' ' || data[to] == '\t' || data[to] == '>') { // indented, or quoted
			to++
		}
		if to == len(data) || !word(data[to]) {
			return eds
		}
		eds = append(eds, edit{end, to, ""})
		at = to
	}
	return eds
}
