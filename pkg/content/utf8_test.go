package content

import (
	"testing"
	"unicode/utf8"
)

func TestFixUTF8(t *testing.T) {
	cases := []struct {
		in, out, warning string
	}{
		{"# Title\n\nvalid: é, €, \uFFFD\n", "# Title\n\nvalid: é, €, \uFFFD\n", ""},
		{"# Title\n\ncaf\xe9 au lait\n", "# Title\n\ncaf\uFFFD au lait\n", "x.md:3:4: invalid UTF-8 (1 byte replaced with U+FFFD)"},
		{"a\xff\xfe\n", "a\uFFFD\uFFFD\n", "x.md:1:2: invalid UTF-8 (2 bytes replaced with U+FFFD)"},
		{"ok\n\xe2\x82\nx\xc3\n", "ok\n\uFFFD\uFFFD\nx\uFFFD\n", "x.md:2:1: invalid UTF-8 (3 bytes on 2 lines replaced with U+FFFD; the first is here)"},
	}
	for _, c := range cases {
		out, w := FixUTF8("x.md", []byte(c.in))
		if string(out) != c.out || !utf8.Valid(out) {
			t.Errorf("FixUTF8(%q) = %q, want %q", c.in, out, c.out)
		}
		got := ""
		if w != nil {
			got = w.Error()
		}
		if got != c.warning {
			t.Errorf("FixUTF8(%q) warns %q, want %q", c.in, got, c.warning)
		}
	}
}
