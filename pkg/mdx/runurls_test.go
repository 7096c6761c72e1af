package mdx

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// urlLine makes a line of words and URLs of many shapes: plain, in capitals, with underscores,
// parentheses, character references, trailing punctuation, emphasis around them, or a letter
// before them.
func urlLine(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	url := func() string {
		u := pick("https://", "http://", "https://", "HTTPS://", "https:/") + pick("example", "docs.example", "a-b.example", "x_y.example", "123", "ex_ample.a_b")
		u += pick(".com", ".io", "", ".co.uk", "._x")
		for range r.IntN(4) {
			u += pick("/a", "/b-c", "/_x", "/(p)", "/p)", "?q=1", "#frag", "/x.y", "&amp;", "&x", "/~u", "/%20", "/a+b", "/!", "/'", "/*", "/a,b", "/%", "/%2", "/%zz", "/%41")
		}
		return u + pick("", "", ".", ",", ";", ":", "!", "?", ")", "'", "\"", "*", "_", "~", "]", "&amp;", ".)", "...")
	}
	line := pick("See", "Read", "A")
	for range 1 + r.IntN(4) {
		switch r.IntN(6) {
		case 0, 1:
			line += " " + pick("the", "docs", "page", "for", "more.", "it")
		case 2:
			line += " " + url()
		case 3:
			w := pick("**", "*", "_", "~~", "(", "\"")
			end := map[string]string{"(": ")", "\"": "\""}[w]
			if end == "" {
				end = w
			}
			line += " " + w + url() + end
		case 4:
			line += pick(" x", " (", " *") + url()
		default:
			line += " " + url() + " " + url()
		}
	}
	return line
}

// gfmURLEnd and lineURLs find, in every line urlsCertain accepts, the links the MDX compiler
// makes of that line, in order.
func TestPlainURLsAreTheCompilers(t *testing.T) {
	c := realCompiler(t)
	r := rand.New(rand.NewPCG(27, 2))
	certain, lines := 0, 3000
	for range lines {
		line := urlLine(r)
		if !urlsCertain(line) {
			continue
		}
		certain++
		got, _ := lineURLs(line)
		a, err := c.call(request{File: "a.mdx", Source: line + "\n", FirstLine: 1, Token: "tok"})
		if err != nil || a.Error != nil {
			t.Fatalf("%q: %v %+v", line, err, a.Error)
		}
		var want []string
		for _, l := range a.Links {
			want = append(want, l.Dest)
		}
		for i := range got {
			got[i] = normalizeURI(got[i]) // the compiler's are its HTML's hrefs
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: URLs %q, the compiler's links %q", line, got, want)
		}
	}
	if certain < lines/10 {
		t.Errorf("only %d of %d lines had only URLs read with certainty", certain, lines)
	}
	t.Logf("%d of %d lines compared", certain, lines)
}

// normalizeURI is micromark's normalizeUri: the expected values are what
// micromark-util-sanitize-uri's normalizeUri gave for each input (node, the shell's node_modules).
func TestNormalizeURIIsMicromarks(t *testing.T) {
	for in, want := range map[string]string{
		"https://x.y/a%":             "https://x.y/a%25",
		"https://x.y/a%2":            "https://x.y/a%252",
		"https://x.y/a%zz":           "https://x.y/a%zz",
		"./my page.md":               "./my%20page.md",
		"./é.md":                     "./%C3%A9.md",
		"a\"b<c>d[e]f^g`h{i|j}k\\l":  "a%22b%3Cc%3Ed%5Be%5Df%5Eg%60h%7Bi%7Cj%7Dk%5Cl",
		"100%25":                     "100%25",
		"x%2F":                       "x%2F",
		"😀/x":                        "%F0%9F%98%80/x",
		"it's":                       "it's",
		"a\tb":                       "a%09b",
		"./plain/path.md#id?q=1&r=2": "./plain/path.md#id?q=1&r=2",
	} {
		if got := normalizeURI(in); got != want {
			t.Errorf("normalizeURI(%q) = %q, want %q", in, got, want)
		}
	}
}
