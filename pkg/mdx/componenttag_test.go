package mdx

// hasComponentTag replaces a regexp that ran over every byte of every .md page; these tests hold
// it to the regexp's answers on hand-picked edges, on every page of the repository and under fuzz.

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// componentTagRegexp is what hasComponentTag answers, as it was written before.
var componentTagRegexp = regexp.MustCompile(`(?:^|[^\\])<[A-Z][A-Za-z0-9_.]*(?:[\s/>]|$)`)

var componentTagCases = []string{
	"", "<", "<A", "<A>", "<A/>", "<A />", "<Tabs.Item>", "<Tabs.Item", "<Tabs-Item>", "<a>", "<div>",
	`\<Login />`, `\\<Login />`, `x\<A>`, "x<A>", "<<A>", "\n<A\n", "<A\tb", "<A\fb", "<A\rb", "<A\vb",
	"<A_b.c9>", "<A_b.c9-", "<Aé>", "é<A>", "\xff<A>", "<9>", "<_A>", "a < B", "a <B", "1 <B2 >",
	"text <A-", "text <Ab", "<Ab", "< A>", "<A\x00", "<A#", "<!-- <A> -->", "`<A>`", "<A><B",
}

func TestHasComponentTagMatchesRegexp(t *testing.T) {
	for _, s := range componentTagCases {
		if got, want := hasComponentTag([]byte(s)), componentTagRegexp.MatchString(s); got != want {
			t.Errorf("hasComponentTag(%q) = %v, the regexp says %v", s, got, want)
		}
	}
	pages := 0
	err := filepath.WalkDir(filepath.Join("..", "..", "content"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".mdx")) {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		pages++
		if got, want := hasComponentTag(raw), componentTagRegexp.Match(raw); got != want {
			t.Errorf("%s: hasComponentTag = %v, the regexp says %v", path, got, want)
		}
		for i, line := range strings.Split(string(raw), "\n") {
			if got, want := hasComponentTag([]byte(line)), componentTagRegexp.MatchString(line); got != want {
				t.Errorf("%s:%d: hasComponentTag(%q) = %v, the regexp says %v", path, i+1, line, got, want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages < 100 {
		t.Fatalf("read %d pages of content/, want the site's", pages)
	}
}

func FuzzHasComponentTag(f *testing.F) {
	for _, s := range componentTagCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasComponentTag([]byte(s)), componentTagRegexp.MatchString(s); got != want {
			t.Errorf("hasComponentTag(%q) = %v, the regexp says %v", s, got, want)
		}
	})
}

// BenchmarkUsesComponent asks of every page of content/ whether it uses a component, as the
// process step asks of each .md page: `go test ./pkg/mdx -run '^$' -bench UsesComponent`.
func BenchmarkUsesComponent(b *testing.B) {
	var pages [][]byte
	err := filepath.WalkDir(filepath.Join("..", "..", "content"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		raw, err := os.ReadFile(path)
		pages = append(pages, raw)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("regexp", func(b *testing.B) {
		for b.Loop() {
			for _, p := range pages {
				componentTagRegexp.Match(p)
			}
		}
	})
	b.Run("hasComponentTag", func(b *testing.B) {
		for b.Loop() {
			for _, p := range pages {
				UsesComponent(p)
			}
		}
	})
}

// A component after a comment is found; one inside a comment, also over lines, is not; a "<!--"
// in a tag's string or an expression opens no comment (compile.mjs reads it so).
func TestUsesComponentSkipsComments(t *testing.T) {
	for src, want := range map[string]bool{
		"Text.\n\n<!-- <Tabs> was here -->\n":                                                    false,
		"Text <!-- a note\nwith <Tabs> in it --> more.\n":                                        false,
		"Text <!-- a note --> <Tabs />\n":                                                        true,
		"Text <span title=\"a <!-- b\">x</span>.\n\n<Admonition type=\"note\">Hi</Admonition>\n": true,
		"Text {'<!--'} and\n\n<Admonition type=\"note\">Hi</Admonition>\n":                       true,
	} {
		if got := UsesComponent([]byte(src)); got != want {
			t.Errorf("%q: %v, want %v", src, got, want)
		}
	}
}
