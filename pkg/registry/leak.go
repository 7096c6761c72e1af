// This file finds the API token in a fetched file (or a message) in any form a reader of the site
// could turn back into it. A plain substring search is not enough: a page that spells the token with
// HTML entities or backslash escapes shows it verbatim once rendered, and base64 is one decode away.

package registry

import (
	"encoding/base64"
	"encoding/hex"
	"html"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxDecodePasses bounds the decoding of nested escapes (an entity that spells a backslash escape
// that spells a percent escape); each pass decodes every form once.
const maxDecodePasses = 4

// tokenForm returns how text holds the token ("" when it does not): verbatim; escaped with HTML
// entities, backslash or percent escapes, in any mix and nesting; split by white space, invisible
// format characters, HTML comments or backslashes; base64-encoded (standard or URL alphabet, at any
// alignment inside a longer base64 text, also wrapped in lines) or hex-encoded.
func tokenForm(text, token string) string {
	if token == "" {
		return ""
	}
	decoded := decodeEscapes(text)
	variants := []struct{ form, text string }{
		{"verbatim", text},
		{"escaped", decoded},
		{"split", squeeze(text)},
		{"escaped and split", squeeze(decoded)},
	}
	encoded := encodedForms(token)
	for _, v := range variants {
		if strings.Contains(v.text, token) {
			return v.form
		}
	}
	for _, v := range variants {
		for _, e := range encoded {
			if strings.Contains(v.text, e.text) {
				return e.form
			}
		}
	}
	return ""
}

// decodeEscapes decodes HTML entities, backslash and percent escapes until nothing changes.
func decodeEscapes(s string) string {
	for range maxDecodePasses {
		next := unpercent(unbackslash(html.UnescapeString(s)))
		if next == s {
			break
		}
		s = next
	}
	return s
}

// squeeze removes what can split a token without hiding it from a reader: HTML comments, white
// space, format characters (zero-width spaces and joiners, soft hyphens, byte order marks) and
// backslashes (Markdown's `ghp\_…` renders as `ghp_…`). One pass by hand: it runs on pages of up
// to a megabyte, where a regular expression and strings.Map took most of the check's time.
func squeeze(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	comments := true // false once a comment is found unterminated: no later one can end either
	for len(s) > 0 {
		c := s[0]
		if c == '<' && comments && strings.HasPrefix(s, "<!--") {
			if end := strings.Index(s[4:], "-->"); end >= 0 {
				s = s[4+end+3:]
				continue
			}
			comments = false
		}
		if c < utf8.RuneSelf {
			if c != '\\' && c != ' ' && (c < '\t' || c > '\r') {
				b.WriteByte(c)
			}
			s = s[1:]
			continue
		}
		r, n := utf8.DecodeRuneInString(s)
		if !unicode.IsSpace(r) && !unicode.Is(unicode.Cf, r) {
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
}

// unbackslash decodes the backslash escapes of C, JavaScript, JSON, Python, Go and Rust: \xHH,
// \x{H…} and \u{H…}, \uHHHH, \UHHHHHHHH, octal \N to \NNN; any other escaped character stands for
// itself (so `\t` reads as `t`: a reader sees the letter, and the search only needs to find, not
// to render).
func unbackslash(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			i++
			continue
		}
		r, n := backslashEscape(s[i+1:])
		if n == 0 {
			// An escaped character stands for itself.
			_, size := utf8.DecodeRuneInString(s[i+1:])
			b.WriteString(s[i+1 : i+1+size])
			i += 1 + size
			continue
		}
		b.WriteRune(r)
		i += 1 + n
	}
	return b.String()
}

// backslashEscape decodes the numeric escape at the start of s (what follows a backslash) and
// returns the rune and the bytes it used, or 0 bytes when s does not start with one.
func backslashEscape(s string) (rune, int) {
	switch {
	case s[0] == 'x' || s[0] == 'u':
		if len(s) > 1 && s[1] == '{' {
			if end := strings.IndexByte(s, '}'); end > 2 {
				if r, ok := hexRune(s[2:end]); ok {
					return r, end + 1
				}
			}
			return 0, 0
		}
		width := 4
		if s[0] == 'x' {
			width = 2
		}
		if len(s) > width {
			if r, ok := hexRune(s[1 : 1+width]); ok {
				return r, 1 + width
			}
		}
	case s[0] == 'U':
		if len(s) > 8 {
			if r, ok := hexRune(s[1:9]); ok {
				return r, 9
			}
		}
	case s[0] >= '0' && s[0] <= '7':
		n := 1
		for n < 3 && n < len(s) && s[n] >= '0' && s[n] <= '7' {
			n++
		}
		v, _ := strconv.ParseUint(s[:n], 8, 32)
		return rune(v), n
	}
	return 0, 0
}

func hexRune(h string) (rune, bool) {
	if h == "" || len(h) > 8 {
		return 0, false
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return 0, false
	}
	return rune(v), true
}

// unpercent decodes %HH (either case) and JavaScript's old %uHHHH, leaving a lone or malformed %
// as it is: unlike url.PathUnescape it must not give up on the first bad sequence.
func unpercent(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '%' {
			if i+6 <= len(s) && (s[i+1] == 'u' || s[i+1] == 'U') {
				if r, ok := hexRune(s[i+2 : i+6]); ok {
					b.WriteRune(r)
					i += 6
					continue
				}
			}
			if i+2 < len(s) {
				if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
					b.WriteByte(byte(v))
					i += 3
					continue
				}
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// encodedForms returns the token's base64 and hex spellings. Inside a longer base64 text the
// token starts at any of three byte offsets modulo 3; for each, only the base64 characters made of
// the token's bits alone are kept (the edge characters also hold bits of the neighbouring bytes).
func encodedForms(token string) []struct{ form, text string } {
	var out []struct{ form, text string }
	seen := map[string]bool{}
	add := func(form, text string) {
		if text != "" && !seen[text] {
			seen[text] = true
			out = append(out, struct{ form, text string }{form, text})
		}
	}
	n := len(token)
	for k := range 3 {
		buf := make([]byte, k, k+n+2)
		buf = append(append(buf, token...), 0, 0)
		from, to := (8*k+5)/6, 8*(k+n)/6
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
			add("base64-encoded", enc.EncodeToString(buf)[from:to])
		}
	}
	add("hex-encoded", hex.EncodeToString([]byte(token)))
	add("hex-encoded", strings.ToUpper(hex.EncodeToString([]byte(token))))
	return out
}
