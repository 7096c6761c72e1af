package markdown

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// maxOpen is the deepest nesting of the given elements in html.
func maxOpen(html string, tags ...string) int {
	re := regexp.MustCompile(`</?(` + strings.Join(tags, "|") + `)[ >]`)
	depth, most := 0, 0
	for _, m := range re.FindAllString(html, -1) {
		if strings.HasPrefix(m, "</") {
			depth--
			continue
		}
		depth++
		most = max(most, depth)
	}
	return most
}

func TestNestingLimit(t *testing.T) {
	indented := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "%s- item%d\n", strings.Repeat("  ", i), i)
		}
		return b.String()
	}
	cases := []struct {
		name, src string
		tags      []string
		// keep is text that must be on the page; line is where the warning must point.
		keep []string
		line int
	}{
		{"one line of list markers", strings.Repeat("- ", 40000) + "end\n", []string{"ul"}, []string{"- - - end"}, 1},
		{"one line of ordered markers", "intro\n\n" + strings.Repeat("1. ", 5000) + "end\n", []string{"ol"}, []string{"1. 1. end"}, 3},
		{"one line of quote markers", strings.Repeat(">", 40000) + " end\n", []string{"blockquote"}, []string{"&gt;&gt;&gt; end"}, 1},
		{"lists in quotes", strings.Repeat("- > ", 5000) + "end\n", []string{"ul", "blockquote"}, []string{"&gt; - &gt; end"}, 1},
		{"indented list levels", indented(300), []string{"ul"}, []string{"<li>item0\n<ul>", "<li>item31\n- item32\n", "- item299"}, 33},
		{"unclosed admonitions", "text\n\n" + strings.Repeat(":::note\n", 5000) + "end\n", []string{"div"}, []string{":::note\n:::note\nend"}, 35},
		{"admonitions with longer fences", func() string {
			var b strings.Builder
			for i := 0; i < 200; i++ {
				b.WriteString(strings.Repeat(":", 203-i) + "tip\n")
			}
			return b.String() + "end\n"
		}(), []string{"div"}, []string{":::::tip\n::::tip\nend"}, 33},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			const first = 5 // front matter before the body: lines are the file's
			d := New().Parse([]byte(c.src), first)
			out, err := d.Render(func(s string, _ bool) string { return s })
			if err != nil {
				t.Fatal(err)
			}
			html := string(out)
			if got := maxOpen(html, c.tags...); got > maxNesting {
				t.Errorf("%s nest %d deep, want at most %d", c.tags, got, maxNesting)
			}
			for _, k := range c.keep {
				if !strings.Contains(html, k) {
					t.Errorf("the page lost %q", k)
				}
			}
			var nesting []Warning
			for _, w := range d.Warnings {
				if strings.Contains(w.Msg, "nest more than") {
					nesting = append(nesting, w)
				} else if strings.Contains(w.Msg, "shown as text: put a blank line") {
					t.Errorf("misleading warning %d: %s", w.Line, w.Msg)
				}
			}
			if len(nesting) != 1 {
				t.Fatalf("warnings %v, want one about nesting", d.Warnings)
			}
			if w := nesting[0]; w.Line != c.line+first-1 || !strings.Contains(w.Msg, fmt.Sprint(maxNesting)) {
				t.Errorf("warning %d:%d: %s, want line %d naming the limit %d", w.Line, w.Column, w.Msg, c.line+first-1, maxNesting)
			}
		})
	}
}

// TestNestingUpToLimit: nesting to the limit is what it was, with no warning.
func TestNestingUpToLimit(t *testing.T) {
	var b strings.Builder
	for i := 0; i < maxNesting; i++ {
		fmt.Fprintf(&b, "%s- item%d\n", strings.Repeat("  ", i), i)
	}
	src := b.String() + "\n" + strings.Repeat("> ", maxNesting) + "quoted\n\n" + strings.Repeat("- > ", maxNesting/2) + "mixed\n"
	d := New().Parse([]byte(src), 1)
	out, err := d.Render(func(s string, _ bool) string { return s })
	if err != nil {
		t.Fatal(err)
	}
	html := string(out)
	if got := maxOpen(html, "ul"); got != maxNesting {
		t.Errorf("lists nest %d deep, want %d", got, maxNesting)
	}
	if got := maxOpen(html, "blockquote"); got != maxNesting {
		t.Errorf("quotes nest %d deep, want %d", got, maxNesting)
	}
	if got := maxOpen(html, "ul", "blockquote"); got != maxNesting {
		t.Errorf("lists and quotes nest %d deep, want %d", got, maxNesting)
	}
	if len(d.Warnings) != 0 {
		t.Errorf("warnings %v, want none", d.Warnings)
	}
}

// TestNestingOfRealPages: no page of the Vela site, the test sites or the Docusaurus fixtures
// comes near the limit, so the limit changes none of them.
func TestNestingOfRealPages(t *testing.T) {
	deepest, where, pages := 0, "", 0
	for _, root := range []string{"../../content", "../../testdata"} {
		err := filepath.WalkDir(root, func(path string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() || !(strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".mdx")) {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			pages++
			d := New().Parse(src, 1)
			for _, w := range d.Warnings {
				if strings.Contains(w.Msg, "nest more than") {
					t.Errorf("%s:%d: %s", path, w.Line, w.Msg)
				}
			}
			out, err := d.Render(func(s string, _ bool) string { return s })
			if err != nil {
				return err
			}
			if n := maxOpen(string(out), "ul", "ol", "blockquote", "div"); n > deepest {
				deepest, where = n, path
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if pages < 100 {
		t.Fatalf("read %d pages: the content is not where the test looks", pages)
	}
	if deepest > maxNesting/2 {
		t.Errorf("%s nests %d deep: the limit %d is close to real pages", where, deepest, maxNesting)
	}
	t.Logf("%d pages, the deepest nests %d (%s)", pages, deepest, where)
}

// TestNestingTextAtLimit: inside the deepest container the limit allows, a line that only starts
// with a character a list, block quote or admonition could begin with ("2024 ...", "-flag",
// "*stress*", "::: 42") opens nothing, so it is no refusal: no warning, and an MDX page that has
// one is still compiled. A line that would open a block there is one.
func TestNestingTextAtLimit(t *testing.T) {
	var b strings.Builder
	for i := 0; i < maxNesting; i++ {
		fmt.Fprintf(&b, "%s- item%d\n", strings.Repeat("  ", i), i)
	}
	in := strings.Repeat("  ", maxNesting)
	deep := b.String() + "\n"
	for _, text := range []string{"2024 was the year", "-flag turns it on", "*stress* here", "+1 to that", "::: 42", "3.14 is pi"} {
		d := New().Parse([]byte(deep+in+text+"\n"), 1)
		if len(d.Warnings) != 0 {
			t.Errorf("%q at depth %d: warnings %v, want none", text, maxNesting, d.Warnings)
		}
		if _, ok := d.TooDeep(); ok {
			t.Errorf("%q at depth %d: TooDeep", text, maxNesting)
		}
	}
	for _, open := range []string{"- item", "1. item", "3) item", "> quote", ":::note"} {
		d := New().Parse([]byte(deep+in+open+"\n"), 1)
		if w, ok := d.TooDeep(); !ok || w.Line != maxNesting+2 || w.Column != len(in)+1 {
			t.Errorf("%q at depth %d: TooDeep %v %v, want line %d column %d", open, maxNesting, w, ok, maxNesting+2, len(in)+1)
		}
	}
}
