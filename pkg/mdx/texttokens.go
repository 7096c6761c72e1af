package mdx

// texttokens.go reads a server-rendered page's MDX content for Sections without encoding/xml,
// whose decoder (a reader, a name space per element, a token interface per step) was 0.12 ms of
// docsd's CPU per MDX page. React writes plain markup: elements with double-quoted attributes, void
// elements closed (`<br/>`), text with &amp; &lt; &gt; &quot; &#x27;, `<!-- -->` between texts; the
// highlighted code's HTML adds numeric references. The reader takes only that; on anything else
// (another entity, a name with a colon, an element left open or closed out of turn, script or
// style, CDATA, a character XML does not allow…) it gives up and Sections reads the content with
// encoding/xml as before, so the sections are the same either way (TestSectionsReaderMatchesXML).

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// textToken is what Sections reads of one token: an element's start (name, id, class) or end
// (name), or text (decoded).
type textToken struct {
	kind      byte // 's' start, 'e' end, 't' text
	name      string
	id, class string
	text      string
}

// scanTokens gives yield the tokens of the element that s starts with, to its end (or until yield
// says it is done); false when s holds anything the reader does not take, which it may find after
// it gave tokens.
func scanTokens(s string, yield func(textToken) bool) bool {
	var open []string
	for i := 0; i < len(s); {
		if s[i] != '<' {
			j := strings.IndexByte(s[i:], '<')
			if j < 0 {
				return false // the element never ends
			}
			text, ok := decodeText(s[i : i+j])
			if !ok {
				return false
			}
			if yield(textToken{kind: 't', text: text}) {
				return true
			}
			i += j
			continue
		}
		rest := s[i+1:]
		switch {
		case strings.HasPrefix(rest, "!--"):
			end := strings.Index(rest[3:], "-->")
			if end < 0 || strings.Contains(rest[3:3+end], "--") {
				return false
			}
			i += 1 + 3 + end + 3
		case strings.HasPrefix(rest, "/"):
			end := strings.IndexByte(rest, '>')
			if end < 0 {
				return false
			}
			name := strings.TrimRight(rest[1:end], " \t\n")
			if len(open) == 0 || open[len(open)-1] != name {
				return false
			}
			open = open[:len(open)-1]
			if yield(textToken{kind: 'e', name: name}) || len(open) == 0 {
				return true
			}
			i += 1 + end + 1
		default:
			t, n, closed, ok := readStart(rest)
			if !ok {
				return false
			}
			if closed {
				if yield(t) || yield(textToken{kind: 'e', name: t.name}) || len(open) == 0 {
					return true
				}
				i += 1 + n
				continue
			}
			for _, void := range htmlVoid {
				if strings.EqualFold(void, t.name) {
					return false // a void element left open: encoding/xml closes it itself
				}
			}
			if yield(t) {
				return true
			}
			i += 1 + n
			open = append(open, t.name)
		}
	}
	return false
}

// htmlVoid is encoding/xml's HTMLAutoClose: elements it closes when they are not.
var htmlVoid = []string{"basefont", "br", "area", "link", "img", "param", "hr", "input", "col", "frame", "isindex", "base", "meta"}

// readStart reads a start tag after its '<': its token, how many bytes it took, and whether it
// closed itself (`/>`).
func readStart(s string) (t textToken, n int, closed, ok bool) {
	i := nameEnd(s, 0)
	if i == 0 {
		return t, 0, false, false
	}
	t = textToken{kind: 's', name: s[:i]}
	if t.name == "script" || t.name == "style" {
		return t, 0, false, false // their text is not markup
	}
	for {
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
			j++
		}
		switch {
		case strings.HasPrefix(s[j:], "/>"):
			return t, j + 2, true, true
		case strings.HasPrefix(s[j:], ">"):
			return t, j + 1, false, true
		case j == i:
			return t, 0, false, false // no space before an attribute
		}
		k := nameEnd(s, j)
		if k == j || !strings.HasPrefix(s[k:], `="`) {
			return t, 0, false, false
		}
		end := strings.IndexByte(s[k+2:], '"')
		if end < 0 {
			return t, 0, false, false
		}
		raw := s[k+2 : k+2+end]
		if strings.ContainsRune(raw, '<') {
			return t, 0, false, false
		}
		value, ok := decodeText(raw)
		if !ok {
			return t, 0, false, false
		}
		switch s[j:k] {
		case "id":
			t.id = value
		case "class":
			t.class = value
		}
		i = k + 2 + end + 1
	}
}

// nameEnd is where the name starting at s[i] ends (i when there is none): a letter or '_', then
// letters, digits, '-', '_' and '.' (a colon, a name space to encoding/xml, is not taken).
func nameEnd(s string, i int) int {
	if i >= len(s) || !('a' <= s[i] && s[i] <= 'z' || 'A' <= s[i] && s[i] <= 'Z' || s[i] == '_') {
		return i
	}
	for ; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			break
		}
	}
	return i
}

// decodeText is s with its character references replaced; ok is false for a reference the reader
// does not take, a character XML does not allow, an invalid byte or U+FFFD, a carriage return or
// "]]>" (encoding/xml rewrites the one and stops at the other).
func decodeText(s string) (string, bool) {
	if strings.Contains(s, "]]>") {
		return "", false
	}
	for _, r := range s {
		if r == '\r' || r == utf8.RuneError || !xmlChar(r) {
			return "", false
		}
	}
	if !strings.Contains(s, "&") {
		return s, true
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '&')
		if i < 0 {
			b.WriteString(s)
			return b.String(), true
		}
		b.WriteString(s[:i])
		s = s[i+1:]
		semi := strings.IndexByte(s, ';')
		if semi < 0 {
			return "", false
		}
		ref := s[:semi]
		switch ref {
		case "amp":
			b.WriteByte('&')
		case "lt":
			b.WriteByte('<')
		case "gt":
			b.WriteByte('>')
		case "quot":
			b.WriteByte('"')
		case "apos":
			b.WriteByte('\'')
		default:
			var n uint64
			var err error
			switch {
			case strings.HasPrefix(ref, "#x"):
				n, err = strconv.ParseUint(ref[2:], 16, 32)
			case strings.HasPrefix(ref, "#") && len(ref) > 1 && ref[1] != '+':
				n, err = strconv.ParseUint(ref[1:], 10, 32)
			default:
				return "", false
			}
			if err != nil || strings.ContainsAny(ref[1:], "+-_") || !xmlChar(rune(n)) || n > utf8.MaxRune {
				return "", false
			}
			b.WriteRune(rune(n))
		}
		s = s[semi+1:]
	}
}

// xmlChar is XML's Char production, which encoding/xml checks.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}
