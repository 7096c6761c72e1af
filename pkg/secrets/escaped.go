package secrets

import "sort"

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
	for i := 0; i+1 < len(data); i++ {
		if data[i] == '\\' && punct(data[i+1]) {
			if text == nil {
				text = make([]byte, 0, len(data))
			}
			text = append(text, data[last:i]...)
			cut = append(cut, len(text))
			last = i + 1
			i++ // the escaped character is kept, and escapes nothing
		}
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

// punct is ASCII punctuation, which CommonMark lets a backslash escape.
func punct(c byte) bool {
	return c > ' ' && c < 0x7f && !alnum(c)
}
