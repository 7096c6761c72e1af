package secrets

import (
	"bytes"
	"sort"
	"strings"
)

// FindUnescaped is Find over data as a reader sees it too: a backslash before ASCII punctuation
// is an escape that Markdown (and a JavaScript string) does not show, so `ghp\_…`, as editors
// write to keep an underscore from starting emphasis, renders as the token. When data has such
// escapes and Find finds nothing in it, it searches data without their backslashes; the
// finding's offset is in data.
func FindUnescaped(data []byte) (Finding, bool) {
	if f, ok := Find(data); ok {
		return f, true
	}
	var text []byte
	var cut []int // the offsets in text before which a backslash was cut, ascending
	last := 0
	for i := 0; ; i += 2 { // the escaped character is kept, and escapes nothing
		k := bytes.IndexByte(data[i:], '\\')
		if k < 0 || i+k+1 >= len(data) {
			break
		}
		if i += k; !inToken(data, i) {
			i-- // the character after this backslash may be one
			continue
		}
		if text == nil {
			text = make([]byte, 0, len(data))
		}
		text = append(text, data[last:i]...)
		cut = append(cut, len(text))
		last = i + 1
	}
	if text == nil {
		return Finding{}, false
	}
	text = append(text, data[last:]...)
	f, ok := Find(text)
	if !ok {
		return Finding{}, false
	}
	// Each backslash cut at or before the finding's start moves it one byte on in data.
	f.Offset += sort.Search(len(cut), func(i int) bool { return cut[i] > f.Offset })
	return f, true
}

// inToken reports whether the backslash at data[i] escapes a character that the credentials
// Find knows have inside them (_ - / + : . @), after a letter or digit: the escapes of a token
// written in Markdown. Others (`\"` in code, `\|` in a table) are not searched again, which
// would cost a second pass over most pages (BENCHMARKS.md, Session 21: trust21).
func inToken(data []byte, i int) bool {
	return i > 0 && alnum(data[i-1]) && strings.IndexByte("_-/+:.@", data[i+1]) >= 0
}
