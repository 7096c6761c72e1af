// This file is the hand-written YAML lexer. chroma's YAML lexer has a single state: at each position
// it tries a list of rules in order, several of which lean on backtracking (keys end at the first
// ": ", a plain value ends before its last " #"). Each rule below says which of chroma's it stands
// for and how the backtracking resolves.
package highlight

import (
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

// yamlConstants are chroma's YAML constants in its order (each must end at a word boundary).
var yamlConstants = [...]string{"false", "False", "FALSE", "true", "True", "TRUE", "null", "Off", "off",
	"yes", "Yes", "YES", "OFF", "On", "ON", "no", "No", "on", "NO", "n", "N", "Y", "y"}

// lexYAML yields chroma's YAML tokens for text, or false for what it does not model (%include
// lines, unterminated quotes, numbers next to non-ASCII digits).
func lexYAML(text string) ([]chroma.Token, bool) {
	text, ok := normalise(text)
	if !ok {
		return nil, false
	}
	out := newTokenList(text)
	for pos := 0; pos < len(text); {
		next, ok := yamlRule(text, pos, out)
		if !ok || next <= pos {
			return nil, false
		}
		pos = next
	}
	return out.finish()
}

// yamlRule applies the first of chroma's YAML rules that matches at pos and returns the offset after
// its match.
func yamlRule(text string, pos int, out *tokenList) (int, bool) {
	rest := text[pos:]
	// \s+
	if end := spaceEnd(text, pos); end > pos {
		out.add(chroma.TextWhitespace, pos, end)
		return end, true
	}
	lineStart := atLineStart(text, pos)
	// ^--- and ^\.\.\.
	if lineStart && (strings.HasPrefix(rest, "---") || strings.HasPrefix(rest, "...")) {
		out.add(chroma.NameNamespace, pos, pos+3)
		return pos + 3, true
	}
	c := text[pos]
	// [\n?]?\s*- (the text is not at a space, so only "? - " and "- " remain)
	if c == '?' {
		if j := spaceEnd(text, pos+1); strings.HasPrefix(text[j:], "- ") {
			out.add(chroma.Text, pos, j+2)
			return j + 2, true
		}
	}
	if strings.HasPrefix(rest, "- ") {
		out.add(chroma.Text, pos, pos+2)
		return pos + 2, true
	}
	// #.*$ and //.*$
	if c == '#' || strings.HasPrefix(rest, "//") {
		end := lineEnd(text, pos)
		out.add(chroma.Comment, pos, end)
		return end, true
	}
	// !![^\s]+, &[^\s]+ and \*[^\s]+ (tags, anchors and aliases)
	if mark := yamlMarkLen(rest); mark > 0 {
		if end := yamlNonSpaceEnd(text, pos+mark); end > pos+mark {
			out.add(chroma.CommentPreproc, pos, end)
			return end, true
		}
	}
	// ^%include\s+[^\n\r]+ backtracks its \s+ at the end of the text: not modelled.
	if lineStart && strings.HasPrefix(rest, "%include") {
		return 0, false
	}
	if end, ok := yamlKey(text, pos, out); ok {
		return end, true
	}
	if end, ok := yamlValue(text, pos, out); end > 0 || !ok {
		return end, ok
	}
	// [?:,\[\]] and .
	switch c {
	case '?', ':', ',', '[', ']':
		out.add(chroma.Punctuation, pos, pos+1)
		return pos + 1, true
	}
	_, size := runeAt(text, pos)
	out.add(chroma.Text, pos, pos+size)
	return pos + size, true
}

// yamlMarkLen is the length of the "!!", "&" or "*" that starts s, or 0.
func yamlMarkLen(s string) int {
	switch {
	case strings.HasPrefix(s, "!!"):
		return 2
	case s[0] == '&' || s[0] == '*':
		return 1
	}
	return 0
}

// yamlNonSpaceEnd returns the end of the run of [^\s] starting at i.
func yamlNonSpaceEnd(s string, i int) int {
	for i < len(s) {
		r, n := runeAt(s, i)
		if isSpace(r) {
			return i
		}
		i += n
	}
	return i
}

// yamlKey applies chroma's key rules. The rule for "- key: " can never match: "- " alone matches
// first.
func yamlKey(text string, pos int, out *tokenList) (int, bool) {
	// "[^"\n#].*": : the greedy .* makes the key run to the line's last `": `.
	if text[pos] == '"' && pos+1 < len(text) {
		if c := text[pos+1]; c != '"' && c != '\n' && c != '#' {
			_, size := runeAt(text, pos+1)
			from := pos + 1 + size
			eol := lineEnd(text, pos)
			if from <= eol {
				if i := strings.LastIndex(text[from:eol], `": `); i >= 0 {
					end := from + i + 3
					out.add(chroma.NameTag, pos, end)
					return end, true
				}
			}
		}
	}
	// ((?:(?!//)[^"\n{#])*?)(:)( ) and then the same with (\n): the lazy key ends at the first ": "
	// (or, failing that, ":\n") before a character a key cannot hold.
	j := pos
	for ; j < len(text); j++ {
		c := text[j]
		if c == ':' && j+1 < len(text) && text[j+1] == ' ' {
			out.add(chroma.NameTag, pos, j)
			out.add(chroma.Punctuation, j, j+1)
			out.add(chroma.TextWhitespace, j+1, j+2)
			return j + 2, true
		}
		if c == '"' || c == '\n' || c == '{' || c == '#' || (c == '/' && j+1 < len(text) && text[j+1] == '/') {
			break
		}
	}
	if j < len(text) && text[j] == '\n' && j > pos && text[j-1] == ':' {
		out.add(chroma.NameTag, pos, j-1)
		out.add(chroma.Punctuation, j-1, j)
		out.add(chroma.TextWhitespace, j, j+1)
		return j + 1, true
	}
	return 0, false
}

// yamlValue applies chroma's value rules. It returns 0 and true when none matches, and false where
// it gives up.
func yamlValue(text string, pos int, out *tokenList) (int, bool) {
	c := text[pos]
	if c == '|' || c == '>' {
		if end, doc := yamlBlockScalar(text, pos); end > 0 {
			out.add(chroma.Punctuation, pos, doc)
			out.add(chroma.LiteralStringDoc, doc, end)
			return end, true
		}
	}
	for _, word := range yamlConstants {
		if strings.HasPrefix(text[pos:], word) && !wordAt(text, pos+len(word)) {
			out.add(chroma.KeywordConstant, pos, pos+len(word))
			return pos + len(word), true
		}
	}
	if c == '"' || c == '\'' {
		// "(?:\\.|[^"])*" and the same with ': a backslash takes the next character unless that is
		// a newline. Without a closing quote the expression backtracks: not modelled.
		for i := pos + 1; i < len(text); i++ {
			switch text[i] {
			case '\\':
				if i+1 < len(text) && text[i+1] != '\n' {
					i++
				}
			case c:
				if c == '"' {
					out.add(chroma.LiteralStringDouble, pos, i+1)
				} else {
					out.add(chroma.LiteralStringSingle, pos, i+1)
				}
				return i + 1, true
			}
		}
		return 0, false
	}
	if end, ok := yamlDate(text, pos); !ok || end > 0 {
		if ok {
			out.add(chroma.LiteralDate, pos, end)
		}
		return end, ok
	}
	if end, ok := yamlNumber(text, pos); !ok || end > 0 {
		if ok {
			out.add(chroma.LiteralNumber, pos, end)
		}
		return end, ok
	}
	switch c {
	case '{', '}', '[', ']', '?', ',', ':', '!', '-', '*', '&', '@':
		return 0, true
	}
	// ([^…].*)( )+(#.*), then the same with //, then [^…].*: the greedy .* leaves one space before
	// the line's last " #" (or " //"), which must come after the first character.
	eol := lineEnd(text, pos)
	for _, mark := range [...]string{"#", "//"} {
		if i := strings.LastIndex(text[pos+1:eol], " "+mark); i >= 0 {
			space := pos + 1 + i
			out.add(chroma.Literal, pos, space)
			out.add(chroma.TextWhitespace, space, space+1)
			out.add(chroma.Comment, space+1, eol)
			return eol, true
		}
	}
	out.add(chroma.Literal, pos, eol)
	return eol, true
}

// yamlBlockScalar matches ([>|](?:[+-])?)(\n(^ {1,})(?:(?:.*\n*(?:^\3 *).*)+|.*)) at pos: it
// returns the end of the match and the offset of its newline, or 0. The block runs over the
// following lines that start with the first line's indentation (lines with nothing at all between
// them); once a line does not, the repetition stops, and nothing is gained by backtracking.
func yamlBlockScalar(text string, pos int) (end, doc int) {
	nl := pos + 1
	if nl < len(text) && (text[nl] == '+' || text[nl] == '-') && nl+1 < len(text) && text[nl+1] == '\n' {
		nl++
	}
	if nl >= len(text) || text[nl] != '\n' {
		return 0, 0
	}
	indentEnd := nl + 1
	for indentEnd < len(text) && text[indentEnd] == ' ' {
		indentEnd++
	}
	if indentEnd == nl+1 {
		return 0, 0
	}
	indent := text[nl+1 : indentEnd]
	end = lineEnd(text, indentEnd)
	for {
		next := end
		for next < len(text) && text[next] == '\n' {
			next++
		}
		if next == end || !strings.HasPrefix(text[next:], indent) {
			return end, nl
		}
		end = lineEnd(text, next)
	}
}

// yamlDate matches \d\d\d\d-\d\d-\d\d([T ]\d\d:\d\d:\d\d(\.\d+)?(Z|\s+[-+]\d+)?)? at pos, returning 0
// when it does not match and false where a non-ASCII digit makes it give up.
func yamlDate(text string, pos int) (int, bool) {
	// digits checks \d at each of n offsets from i.
	digits := func(i, n int) (int, bool, bool) {
		for k := 0; k < n; k++ {
			if i >= len(text) {
				return 0, false, true
			}
			if c := text[i]; c >= utf8.RuneSelf {
				r, _ := utf8.DecodeRuneInString(text[i:])
				return 0, false, !isDigit(r)
			} else if c < '0' || c > '9' {
				return 0, false, true
			}
			i++
		}
		return i, true, true
	}
	// pattern steps through the fixed part: a number is that many digits, otherwise a literal byte.
	fixed := func(i int, steps string) (int, bool, bool) {
		for _, s := range steps {
			if '1' <= s && s <= '9' {
				var found, ok bool
				if i, found, ok = digits(i, int(s-'0')); !found || !ok {
					return 0, found, ok
				}
				continue
			}
			if i >= len(text) || rune(text[i]) != s {
				return 0, false, true
			}
			i++
		}
		return i, true, true
	}
	end, found, ok := fixed(pos, "4-2-2")
	if !found || !ok {
		return 0, ok
	}
	if end >= len(text) || (text[end] != 'T' && text[end] != ' ') {
		return end, true
	}
	timeEnd, found, ok := fixed(end+1, "2:2:2")
	if !ok {
		return 0, false
	}
	if !found {
		return end, true
	}
	end = timeEnd
	if end+1 < len(text) && text[end] == '.' {
		frac, ok := asciiDigitEnd(text, end+1)
		if !ok {
			return 0, false
		}
		if frac > end+1 {
			end = frac
		}
	}
	if end < len(text) && text[end] == 'Z' {
		return end + 1, true
	}
	if sign := spaceEnd(text, end); sign > end && sign < len(text) && (text[sign] == '-' || text[sign] == '+') {
		zone, ok := asciiDigitEnd(text, sign+1)
		if !ok {
			return 0, false
		}
		if zone > sign+1 {
			return zone, true
		}
	}
	return end, true
}

// maxYAMLDigits bounds the digit runs yamlNumber backtracks over (the search is quadratic in them);
// longer runs make it give up.
const maxYAMLDigits = 64

// yamlNumber matches
// \b[+\-]?(0x[\da-f]+|0o[0-7]+|(\d+\.?\d*|\.?\d+)(e[\+\-]?\d+)?|\.inf|\.nan)\b at pos, returning 0
// when it does not match and false where it gives up. The expression backtracks into its digit
// runs until the final \b holds ("1.5x" matches "1."), so the candidates are tried in the order the
// regular expression tries them.
func yamlNumber(text string, pos int) (int, bool) {
	if !boundaryAt(text, pos) {
		return 0, true
	}
	starts := []int{pos}
	if c := text[pos]; c == '+' || c == '-' {
		starts = []int{pos + 1, pos}
	}
	for _, start := range starts {
		end, ok := yamlNumberBody(text, start)
		if !ok || end > 0 {
			return end, ok
		}
	}
	return 0, true
}

// yamlDigitsEnd is the end of the run of \d at i, false for runs it does not backtrack over.
func yamlDigitsEnd(text string, i int) (int, bool) {
	end, ok := asciiDigitEnd(text, i)
	return end, ok && end-i <= maxYAMLDigits
}

// yamlNumberBody tries the number's alternatives at start; each candidate end must be a word
// boundary.
func yamlNumberBody(text string, start int) (int, bool) {
	rest := text[start:]
	// 0x[\da-f]+ and 0o[0-7]+
	for _, radix := range [...]struct {
		prefix string
		digit  func(byte) bool
	}{
		{"0x", func(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' }},
		{"0o", func(c byte) bool { return '0' <= c && c <= '7' }},
	} {
		if !strings.HasPrefix(rest, radix.prefix) {
			continue
		}
		from := start + 2
		end := from
		for end < len(text) && radix.digit(text[end]) && end-from <= maxYAMLDigits {
			end++
		}
		if end-from > maxYAMLDigits || (radix.prefix == "0x" && !asciiDigitsOnly(text, end)) {
			return 0, false
		}
		for e := end; e > from; e-- {
			if boundaryAt(text, e) {
				return e, true
			}
		}
	}
	// (\d+\.?\d*|\.?\d+) then (e[\+\-]?\d+)?
	digitsEnd, ok := yamlDigitsEnd(text, start)
	if !ok {
		return 0, false
	}
	for e1 := digitsEnd; e1 > start; e1-- {
		afterDot := []int{e1}
		if e1 < len(text) && text[e1] == '.' {
			afterDot = []int{e1 + 1, e1}
		}
		for _, p := range afterDot {
			fracEnd, ok := yamlDigitsEnd(text, p)
			if !ok {
				return 0, false
			}
			for e2 := fracEnd; e2 >= p; e2-- {
				if end, ok := yamlExponent(text, e2); !ok || end > 0 {
					return end, ok
				}
			}
		}
	}
	afterDot := []int{start}
	if start < len(text) && text[start] == '.' {
		afterDot = []int{start + 1, start}
	}
	for _, p := range afterDot {
		digitsEnd, ok := yamlDigitsEnd(text, p)
		if !ok {
			return 0, false
		}
		for e := digitsEnd; e > p; e-- {
			if end, ok := yamlExponent(text, e); !ok || end > 0 {
				return end, ok
			}
		}
	}
	// \.inf and \.nan
	if (strings.HasPrefix(rest, ".inf") || strings.HasPrefix(rest, ".nan")) && boundaryAt(text, start+4) {
		return start + 4, true
	}
	return 0, true
}

// yamlExponent tries (e[\+\-]?\d+)? followed by \b at i: with the exponent first, then without.
func yamlExponent(text string, i int) (int, bool) {
	if i < len(text) && text[i] == 'e' {
		starts := []int{i + 1}
		if i+1 < len(text) && (text[i+1] == '+' || text[i+1] == '-') {
			starts = []int{i + 2, i + 1}
		}
		for _, from := range starts {
			end, ok := yamlDigitsEnd(text, from)
			if !ok {
				return 0, false
			}
			for e := end; e > from; e-- {
				if boundaryAt(text, e) {
					return e, true
				}
			}
		}
	}
	if boundaryAt(text, i) {
		return i, true
	}
	return 0, true
}

// asciiDigitsOnly reports that no non-ASCII decimal digit starts at i.
func asciiDigitsOnly(text string, i int) bool {
	_, ok := asciiDigitEnd(text, i)
	return ok
}
