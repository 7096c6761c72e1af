package mdx

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// readJSString reads a JavaScript string literal of the forms jsString writes: in double or
// single quotes or backticks, with the escapes \\, \", \', \`, \$, \n, \r, \t and \uXXXX; ok is
// false for anything else (a raw line break outside a template, a raw quote, `${` in a template,
// an unknown escape).
func readJSString(lit string) (string, bool) {
	if len(lit) < 2 || lit[0] != lit[len(lit)-1] || !strings.ContainsRune("\"'`", rune(lit[0])) {
		return "", false
	}
	q, body := lit[0], lit[1:len(lit)-1]
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == q, c == '\r', c == '\n' && q != '`':
			return "", false
		case c == '$' && q == '`' && i+1 < len(body) && body[i+1] == '{':
			return "", false
		case strings.HasPrefix(body[i:], "\u2028"), strings.HasPrefix(body[i:], "\u2029"):
			return "", false
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(body) {
			return "", false
		}
		switch e := body[i]; e {
		case '\\', '"', '\'', '`', '$':
			b.WriteByte(e)
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			if i+5 > len(body) {
				return "", false
			}
			n, err := strconv.ParseUint(body[i+1:i+5], 16, 32)
			if err != nil {
				return "", false
			}
			b.WriteRune(rune(n))
			i += 4
		default:
			return "", false
		}
	}
	return b.String(), true
}

// jsonMeaning is what json.Marshal's literal of s (the string docsd wrote before) reads as.
func jsonMeaning(s string) string {
	lit, _ := json.Marshal(s)
	var back string
	_ = json.Unmarshal(lit, &back)
	return back
}

// jsString's literal must mean what json.Marshal's meant, leave <, > and & as they are, and take
// the quote with the fewest escapes, as esbuild's minifier does (the runs' functions reach the
// browser as docsd writes them).
func TestJSStringMeansWhatJSONMeant(t *testing.T) {
	cases := []struct{ s, quote string }{
		{"", `"`}, {"plain", `"`}, {`<p class="x">a & b</p>`, `'`}, {"tab\there\nnew\rline", "`"},
		{"back\\slash \"quoted\"", `'`}, {"\x00\x01\x1f\x7f", `"`}, {"é ü 中文 😀", `"`},
		{"line\u2028sep\u2029para", `"`}, {"bad \xff\xfe utf-8 \xe2\x80", `"`}, {"</script><!-- x -->", `"`},
		{`it's "both"`, "`"}, {"a `tick` and ${x} and \"q\" and 'q'", `"`}, {"two\nlines ${x}", `"`},
		{"`${`${", `"`}, {"both ' and \" once\n\n", "`"},
	}
	for _, c := range cases {
		got := jsString(c.s)
		back, ok := readJSString(got)
		if !ok {
			t.Errorf("jsString(%q) = %s: not a string literal jsString writes", c.s, got)
			continue
		}
		if want := jsonMeaning(c.s); back != want {
			t.Errorf("jsString(%q) = %s reads %q, json.Marshal's reads %q", c.s, got, back, want)
		}
		if got[:1] != c.quote {
			t.Errorf("jsString(%q) = %s: quoted with %s, want %s", c.s, got, got[:1], c.quote)
		}
		if strings.ContainsAny(c.s, "<>&") && strings.Contains(got, `\u00`) && !strings.ContainsAny(c.s, "\x00\x01\x1f") {
			t.Errorf("jsString(%q) = %s: escapes HTML characters", c.s, got)
		}
	}
}

func FuzzJSString(f *testing.F) {
	for _, s := range []string{"a<b", "\xff", "\u2029", "\"\\\n", "'`${", "$\n{"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := jsString(s)
		back, ok := readJSString(got)
		if !ok {
			t.Fatalf("jsString(%q) = %s: not a string literal jsString writes", s, got)
		}
		if want := jsonMeaning(s); back != want {
			t.Fatalf("jsString(%q) = %s reads %q, json.Marshal's reads %q", s, got, back, want)
		}
		if !utf8.ValidString(got) {
			t.Fatalf("jsString(%q) = %q: not UTF-8", s, got)
		}
	})
}
