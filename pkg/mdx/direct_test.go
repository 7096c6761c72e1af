package mdx

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"docsd/pkg/markdown"
)

// directSource makes a random source of the kind a split page leaves the compiler: an import
// block (at times one the compiler reads otherwise or refuses), then components, runs'
// placeholders and paragraphs, nested, with and without empty lines between them, and words and
// attributes that are plain or that Markdown, GFM or MDX read otherwise. It returns the source
// and how many placeholders it has.
func directSource(r *rand.Rand, token string) (string, int) {
	// Plain choices first, then (one time in twelve) those read otherwise.
	pick := func(plain, other []string) string {
		if r.IntN(12) == 0 {
			return other[r.IntN(len(other))]
		}
		return plain[r.IntN(len(plain))]
	}
	var b strings.Builder
	for range r.IntN(3) {
		b.WriteString("\n")
	}
	names, otherNames := []string{"Admonition", "DocsdHTML", "Tabs"}, []string{"Unknown", "div", "Icons", "Icons.Star"}
	imports := []string{
		"import Card from '@site/src/components/Card';",
		`import Tabs from "@theme/Tabs";`,
		"import TabItem from '@theme/TabItem'",
		"import {Steps, Step as One} from './steps';",
		"import {Steps,} from './steps';",
		"import * as Icons from './icons';",
		"import Big, {Small} from \"./sizes\";",
		"import   Spaced   from   './spaced'  ;  ",
		"import {default as Def} from './d';",
		"import class from './c';",
		"import _hidden from './h';",
		"import './styles.css';",
		"export const x = 1;",
		"import Card from './again';",
	}
	if r.IntN(4) > 0 {
		seen := map[string]bool{}
		for range 1 + r.IntN(3) {
			line := pick(imports[:9], imports[9:])
			if seen[line] && r.IntN(4) > 0 {
				continue
			}
			seen[line] = true
			b.WriteString(line + "\n")
			for _, n := range []string{"Card", "Tabs", "TabItem", "Steps", "One", "Icons", "Big", "Small", "Spaced", "Def", "class", "_hidden"}[:10] {
				if strings.Contains(line, n) {
					names = append(names, n)
				}
			}
		}
		if r.IntN(8) > 0 {
			b.WriteString("\n")
		}
	}
	words, otherWords := []string{"Install", "the", "worker", "then", "it's", `say "hi"`, "é", "’quote", "(note)", "a/b", "50%", "end.", "ok?", "3.", "import"},
		[]string{"a*b", "*em*", "__b__", "~~s~~", "10:30", "www.example.com", "x_y", "a  b", "C#", "A&B", "<b>", "{x}", "`c`", "[l](u)", "a\\", "https"}
	attrs, otherAttrs := []string{`type="note"`, `title='A "quoted" title'`, `value="linux"`, `label='Linux'`, "default", `data-x="1"`,
		`class="k"`, `title="é"`, `title=""`, `title="a\b"`},
		[]string{`key="k"`, `title="&amp;"`, `title="{x}"`, `title={x}`, `title="a<b"`, "title", `a:b="1"`}
	runs := 0
	var body func(depth int)
	item := func(depth int) {
		switch k := r.IntN(10); {
		case k < 3:
			fmt.Fprintf(&b, "<%srun%d />\n", token, runs)
			runs++
		case k < 5:
			for l := range 1 + r.IntN(2) {
				first := pick([]string{"Run", "Then", "Each", "Ünïcode"}, []string{"import", "export", "1.", "-", "Www.x", " Run", "#"})
				if l > 0 && r.IntN(2) == 0 {
					first = "and"
				}
				line := first
				for range r.IntN(5) {
					line += " " + pick(words, otherWords)
				}
				if r.IntN(12) == 0 {
					line += " "
				}
				b.WriteString(line + "\n")
			}
		default:
			name := pick(names, otherNames)
			b.WriteString("<" + name)
			for range r.IntN(3) {
				b.WriteString(" " + pick(attrs, otherAttrs))
			}
			if r.IntN(3) == 0 || depth > 2 {
				b.WriteString(" />\n")
				return
			}
			b.WriteString(">\n")
			body(depth + 1)
			b.WriteString("</" + name + ">\n")
		}
	}
	body = func(depth int) {
		n := r.IntN(3)
		if depth == 0 {
			n++
		}
		for i := range n {
			if i > 0 || depth > 0 {
				if r.IntN(3) > 0 {
					b.WriteString("\n")
				}
			}
			item(depth)
		}
		if depth > 0 && r.IntN(2) == 0 {
			b.WriteString("\n")
		}
	}
	body(0)
	return b.String(), runs
}

// The module direct.go writes is the compiler's, to the byte, for every source it writes one for;
// and the sources it leaves to the compiler include all the compiler refuses or reads otherwise.
func TestDirectModuleIsTheCompilers(t *testing.T) {
	script, err := filepath.Abs("../../site/mdx-compiler/compile.mjs")
	if err != nil {
		t.Fatal(err)
	}
	c := NewCompiler(script)
	defer c.Close()
	const token = "docsd0123456789abcdef0123"
	r := rand.New(rand.NewPCG(27, 1))
	headings := []heading{{Heading: markdown.Heading{Level: 2, ID: "setup", Text: "Setup"}}, {Heading: markdown.Heading{Level: 2, ID: "setup-1", Text: "Setup"}},
		{Heading: markdown.Heading{Level: 3, ID: "run", Text: "Run"}}}
	direct, cases := 0, 3000
	for i := range cases {
		src, runs := directSource(r, token)
		req := request{File: "a.mdx", Source: src, FirstLine: 1 + r.IntN(5), Token: token, Page: r.IntN(5) > 0, Runs: runs}
		if r.IntN(3) == 0 {
			req.Components = []string{"Tabs"}
		}
		req.AnyComponent = r.IntN(10) == 0
		if runs > 0 && r.IntN(4) == 0 {
			// The runs' headings, in the page's order or not.
			req.Headings = headings
			req.RunHeadings = make([][]runHeading, runs)
			for _, h := range headings {
				n := r.IntN(runs)
				req.RunHeadings[n] = append(req.RunHeadings[n], runHeading{Value: h.Text, ID: h.ID})
			}
		}
		got, ok := directModule(&req)
		if !ok {
			continue
		}
		direct++
		want, err := c.call(req)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case want.Error != nil || want.RunsMissing:
			t.Errorf("case %d: written here, but the compiler answers error %+v, runs missing %v, for\n%s", i, want.Error, want.RunsMissing, src)
		case got.JS != want.JS:
			t.Errorf("case %d: the module differs from the compiler's for\n%s\nhere:\n%s\ncompiler:\n%s", i, src, got.JS, want.JS)
		case !reflect.DeepEqual(got.RunsInJSX, want.RunsInJSX) || len(want.Code) != 0 || len(want.Links) != 0:
			t.Errorf("case %d: runs in JSX %v, compiler's %v (code %v, links %v), for\n%s", i, got.RunsInJSX, want.RunsInJSX, want.Code, want.Links, src)
		}
		if t.Failed() {
			return
		}
	}
	// The generator makes plain sources often enough that the comparison means something.
	if direct < cases/4 {
		t.Errorf("only %d of %d sources were written here", direct, cases)
	}
	t.Logf("%d of %d sources written here", direct, cases)
}
