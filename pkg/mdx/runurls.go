package mdx

// runurls.go lets a run hold GFM's autolink literals of the plainest kind: an http:// or https://
// URL written in the text ("See https://example.com/docs."). goldmark's linkify and micromark's
// autolink literals read such text by different rules, so a block with one was left to the MDX
// compiler, and with it every page with a bare URL. A block now becomes a run when each URL in it
// is one micromark reads to a place gfmURLEnd (a port of its rules) finds with certainty, made of
// characters that leave nothing to either parser's choice, and goldmark made each of them a link
// with the same text (autoLinksAgree). Anything else (www., e-mail addresses, a URL with
// parentheses, an ampersand or an underscore, one in a link's text) stays with the compiler.

import (
	"strings"

	"github.com/yuin/goldmark/ast"
)

// urlTrail are the characters micromark leaves out of the end of a URL: a URL ends before a run
// of them (with character references, and "]" then a space or bracket, among them) that reaches
// a space, a "<" or the line's end.
const urlTrail = "!\"')*,.:;?_~"

// urlsCertain reports whether each autolink literal GFM may read in line (a block's line, its code
// spans and links' destinations taken out: proseLines) is an http:// or https:// URL, its scheme
// in lower case, that gfmURLEnd reads to its end, after a space, "(", "*" or the line's start,
// holding only letters, digits and "-./:#?=+~" and "%" before two hex digits, in a line with no
// "[" (a link's text, where micromark makes no link). An ASCII line only; a scheme written
// otherwise ("HTTP:", or "http:" as a word of prose) keeps the line with the compiler.
func urlsCertain(line string) bool {
	lower := strings.ToLower(line)
	if strings.Contains(lower, "www.") || strings.ContainsAny(line, "@[\t") || strings.Contains(lower, "mailto:") || strings.Contains(lower, "xmpp:") {
		return false
	}
	for i := 0; i < len(line); i++ {
		if line[i] >= 0x80 {
			return false
		}
	}
	_, ok := lineURLs(line)
	return ok
}

// lineURLs are the URLs of an ASCII line of urlsCertain's, in order.
func lineURLs(line string) ([]string, bool) {
	var urls []string
	lower := strings.ToLower(line)
	for at := 0; ; {
		k := strings.Index(lower[at:], "http")
		if k < 0 {
			return urls, true
		}
		i := at + k
		rest := line[i:]
		if !strings.HasPrefix(rest, "http://") && !strings.HasPrefix(rest, "https://") {
			if strings.HasPrefix(strings.TrimPrefix(lower[i+len("http"):], "s"), ":") {
				return nil, false // a protocol in capitals, or without its slashes
			}
			at = i + 4
			continue
		}
		if i > 0 && !strings.ContainsRune(" (*", rune(line[i-1])) {
			return nil, false
		}
		end, ok := gfmURLEnd(line, i)
		if !ok {
			return nil, false
		}
		url := line[i:end]
		for j := 0; j < len(url); j++ {
			c := url[j]
			if c == '%' && (j+2 >= len(url) || !isHex(url[j+1]) || !isHex(url[j+2])) {
				return nil, false // the compiler's href encodes a lone "%"
			}
			if !isLetter(c) && !(c >= '0' && c <= '9') && strings.IndexByte("-./:%#?=+~", c) < 0 {
				return nil, false
			}
		}
		urls = append(urls, url)
		at = end
	}
}

// gfmURLEnd is where micromark's protocol autolink literal that starts at s[i] ("http://" or
// "https://") ends, or not ok when it makes none there (micromark-extension-gfm-autolink-literal:
// its domain, path and trail).
func gfmURLEnd(s string, i int) (int, bool) {
	j := i + len("http://")
	if strings.HasPrefix(s[i:], "https://") {
		j = i + len("https://")
	}
	if j >= len(s) || s[j] <= ' ' || isASCIIPunct(s[j]) {
		return 0, false
	}
	seen, underscore, underscoreBefore := false, false, false
	for j < len(s) {
		c := s[j]
		if c == '.' || c == '_' {
			if urlTrailAt(s, j) {
				break
			}
			if c == '_' {
				underscore = true
			} else {
				underscoreBefore, underscore = underscore, false
			}
			j++
			continue
		}
		if c == ' ' || c == '\t' || c != '-' && isASCIIPunct(c) {
			break
		}
		seen = true
		j++
	}
	if underscore || underscoreBefore || !seen {
		return 0, false
	}
	open, closed := 0, 0
	for j < len(s) {
		c := s[j]
		switch {
		case c == '(':
			open++
		case c == ')' && closed < open:
			closed++
		case c == '&' || c == '<' || c == ']' || strings.IndexByte(urlTrail, c) >= 0:
			if urlTrailAt(s, j) {
				return j, true
			}
			if c == ')' {
				closed++
			}
		case c == ' ' || c == '\t':
			return j, true
		}
		j++
	}
	return j, true
}

// urlTrailAt reports whether s from j on is a URL's trail for micromark: trail characters,
// character references and "]" (then a space, bracket or the end) up to a space, "<" or the end.
func urlTrailAt(s string, j int) bool {
	for j < len(s) {
		c := s[j]
		switch {
		case strings.IndexByte(urlTrail, c) >= 0:
			j++
		case c == '&':
			j++
			k := j
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			if j == k || j >= len(s) || s[j] != ';' {
				return false
			}
			j++
		case c == ']':
			j++
			if j >= len(s) || s[j] == '(' || s[j] == '[' || s[j] == ' ' || s[j] == '\t' {
				return true
			}
		case c == '<' || c == ' ' || c == '\t':
			return true
		default:
			return false
		}
	}
	return true
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// isASCIIPunct reports whether c is ASCII punctuation or a symbol (micromark's unicodePunctuation
// for ASCII).
func isASCIIPunct(c byte) bool {
	return c > ' ' && c < 0x7f && !isLetter(c) && !(c >= '0' && c <= '9')
}

// autoLinksAgree reports whether goldmark made links of the URLs in text (a block's lines) as
// micromark does: its autolinks, in order, are lineURLs' of the text's lines outside code, none
// in a link.
func autoLinksAgree(nodes []ast.Node, src []byte, text string) bool {
	if !strings.Contains(text, "http") {
		return true // nothing for either parser to link (urlsCertain let no other kind through)
	}
	var linked []string
	ok := true
	for _, n := range nodes {
		_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if a, is := c.(*ast.AutoLink); is && entering {
				label := string(a.Label(src))
				_, inLink := a.Parent().(*ast.Link)
				if a.AutoLinkType != ast.AutoLinkURL || inLink || string(a.URL(src)) != label {
					ok = false
					return ast.WalkStop, nil
				}
				linked = append(linked, label)
			}
			return ast.WalkContinue, nil
		})
	}
	if !ok {
		return false
	}
	var urls []string
	proseLines(text, func(_, line string) {
		if hasAutolinkText(line) {
			found, certain := lineURLs(line)
			ok = ok && certain
			urls = append(urls, found...)
		}
	})
	if !ok || len(urls) != len(linked) {
		return false
	}
	for i := range urls {
		if urls[i] != linked[i] {
			return false
		}
	}
	return true
}
