// pagedata.go encodes a page's data file. Most of a page's data is its HTML, one string: encoded
// by encoding/json, a 20 MB Markdown page's 82 MB of HTML went through an encoder buffer and a
// copy, each grown by doubling (531 MB of the heap profile at the peak of that build, issue 17).
// Here the page is encoded with a marker for its HTML, and the HTML's JSON string is written into a
// buffer of the exact final size: the same bytes, one allocation.

package build

import (
	"bytes"
	"unicode/utf8"

	"docsd/pkg/site"
)

// marshalPageData is marshalUnescaped(page), byte for byte.
func marshalPageData(page *site.PageData) ([]byte, error) {
	if len(page.HTML) < 64<<10 {
		return marshalUnescaped(page) // small pages: the encoder's buffers cost nothing
	}
	light := *page
	light.HTML = contentMarker
	small, err := marshalUnescaped(&light)
	if err != nil {
		return nil, err
	}
	key := []byte(`"html":"` + contentMarker + `"`)
	at := bytes.Index(small, key)
	if at < 0 || bytes.Count(small, key) != 1 {
		return marshalUnescaped(page) // the marker is in the page's text too: no splice
	}
	at += len(`"html":`)
	rest := small[at+len(contentMarker)+2:]
	out := make([]byte, 0, at+jsonStringLen(page.HTML)+len(rest))
	out = append(out, small[:at]...)
	out = appendJSONString(out, page.HTML)
	return append(out, rest...), nil
}

// jsonStringLen is the length of appendJSONString's string.
func jsonStringLen(s string) int {
	n := 2
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			switch {
			case b >= 0x20 && b != '"' && b != '\\':
				n++
			case b == '"' || b == '\\' || b == '\b' || b == '\f' || b == '\n' || b == '\r' || b == '\t':
				n += 2
			default:
				n += 6
			}
			i++
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			n += 6
		case c == '\u2028' || c == '\u2029':
			n += 6
		default:
			n += size
		}
		i += size
	}
	return n
}

// appendJSONString appends s as encoding/json writes a string without HTML escaping: quotes,
// backslashes and control characters escaped, invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
