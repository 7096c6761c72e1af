// Markdown that is not valid UTF-8 (a file saved as Latin-1, a bad paste) would flow byte for byte
// into the HTML, which is then invalid too. The bytes are replaced before parsing, with a warning
// where the first one is, so the writer can fix the file.
package content

import (
	"fmt"
	"unicode/utf8"
)

// FixUTF8 replaces every byte of raw that is not part of valid UTF-8 by U+FFFD. When it replaced
// any, it returns a warning at the line and column of the first, counting them all; file is the
// name for the warning. Valid input comes back as it is, without a copy.
func FixUTF8(file string, raw []byte) ([]byte, *Error) {
	if utf8.Valid(raw) {
		return raw, nil
	}
	out := make([]byte, 0, len(raw)+16)
	bad, lines, first, lastLine := 0, 0, -1, -1
	line := 1
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size == 1 {
			bad++
			if first < 0 {
				first = i
			}
			if line != lastLine {
				lines, lastLine = lines+1, line
			}
			out = utf8.AppendRune(out, utf8.RuneError)
			i++
			continue
		}
		if r == '\n' {
			line++
		}
		out = append(out, raw[i:i+size]...)
		i += size
	}
	ln, col := position(raw, first)
	msg := fmt.Sprintf("invalid UTF-8 (%d bytes replaced with U+FFFD)", bad)
	if bad == 1 {
		msg = "invalid UTF-8 (1 byte replaced with U+FFFD)"
	}
	if lines > 1 {
		msg = fmt.Sprintf("invalid UTF-8 (%d bytes on %d lines replaced with U+FFFD; the first is here)", bad, lines)
	}
	return out, &Error{File: file, Line: ln, Column: col, Msg: msg}
}
