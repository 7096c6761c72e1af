package mdx

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"docsd/pkg/markdown"

	"github.com/evanw/esbuild/pkg/api"
)

// directSource makes a random source of the kind a split page leaves the compiler: an import
// block (at times one the compiler reads otherwise or refuses), then components, runs'
// placeholders and paragraphs, nested, with and without empty lines between them, and words and
// attributes that are plain or that Markdown, GFM or MDX read otherwise. It returns the source
// and how many placeholders it has.
func directSource(r *rand.Rand, token string) (string, int, []bool) {
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
	names, otherNames := []string{"Admonition", "DocsdHTML", "Tabs", "div", "details"}, []string{"Unknown", "Icons", "Icons.Star", "my-el", "MDXLayout", "MDXContent"}
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
		"import './styles.css';",
		`import "./other.css"; import Esc from '../a/\_b\-c.mdx'`,
		"import class from './c';",
		"import _hidden from './h';",
		`import Bad from './\n';`,
		"import'./tight.css'",
		"import\tTabbed from './tab';",
		"import Arrow from './a-->b';",
		"export const x = 1;",
		"import Card from './again';",
	}
	if r.IntN(4) > 0 {
		seen := map[string]bool{}
		for range 1 + r.IntN(3) {
			line := pick(imports[:11], imports[11:])
			if seen[line] && r.IntN(4) > 0 {
				continue
			}
			seen[line] = true
			b.WriteString(line + "\n")
			for _, n := range []string{"Card", "Tabs", "TabItem", "Steps", "One", "Icons", "Big", "Small", "Spaced", "Def", "Esc"} {
				if strings.Contains(line, n) {
					names = append(names, n)
				}
			}
		}
		if r.IntN(8) > 0 {
			b.WriteString("\n")
		}
	}
	words, otherWords := []string{"Install", "the", "worker", "then", "it's", `say "hi"`, "é", "’quote", "(note)", "a/b", "50%", "end.", "ok?", "3.", "import",
		"like:", "Note: this", "a  b", "Ruby::", "(see:)"},
		[]string{"a*b", "*em*", "__b__", "~~s~~", "10:30", "a:b", ":é", "http://x.y", "Ruby::Gem", "www.example.com", "x_y", "C#", "A&B", "<b>", "{x}", "`c`", "[l](u)", "a\\", "https"}
	attrs, otherAttrs := []string{`type="note"`, `title='A "quoted" title'`, `value="linux"`, `label='Linux'`, "default", `data-x="1"`,
		`class="k"`, `title="é"`, `title=""`, `title="a\b"`, `values={Icons.list}`, `count={3}`, `open={true}`, `v={Card}`, `v={Big.a.b}`,
		// Expressions jsexpr.go reads, which the module has as the page writes them.
		`style={{float: 'right', margin: '0 0 1em 1em'}}`, `values={Card.list(["ios", "web"])}`, `onPress={() => Card.alert('done')}`,
		`v={"Read " + "once"}`, `v={[Big.a, {opacity}]}`, `v={x}`, `v={ Card }`, `n={-1.5}`, `v={a ? 'b' : "c"}`, `v={(a, b,) => a ?? b}`,
		`v={{"max-height": "600px" }}`, `v={typeof x === 'string'}`, `v={f?.(1)?.[2]}`, `v={[...list, 'x',]}`, `v={{...rest, a: 1, class: 2}}`,
		`v={this}`, "title={`Read once`}", `src="https://x.io/e?a=1&b=2&copy=3"`, `t="a & b"`, `t="&"`, "style={{\n  color: 'red',\n  margin: 0\n}}", "v={x =>\n  x.y}", `v={'it\'s'}`, `v={null}`, `v={!(a && b) || c % 2}`},
		[]string{`key="k"`, `title="&amp;"`, `title="{x}"`, `title={x}`, `title="a<b"`, "title", `a:b="1"`,
			`shut={false}`, `n={007}`, `v={ Card }`, `v={Card()}`, `v={Card[0]}`,
			`v={$x}`, `v={class}`, `v={Tabs.x}`,
			"v={a, b}", "v={() => {}}", "v={a = 1}", "v={`t`}", "v={a < b}", "v={/x/}", "v={a ?? b || c}", "v={let}", "v={07}", `v={"a}b"}`,
			`v={'\u0041'}`, "v={(a, a) => 1}", "v={a ++b}", "v={{a() {}}}", "v={x\n=> 1}", "v={<b />}", "v={}", "v={ }", "v={async () => 1}",
			"v={{__proto__: a}}", "v={_x}", "v={eval}", "v={1.}", "v={.5}", "v={a.b.}", "v={-x ** 2}", "v={a /* c */}", "v={a // c\n}",
			"v={a}b={c}", "v={{a: {b: 1}}", "v={x\n\n}", `v={"é\u2028"}`, "v={a?.b = 1}", "v={1e3}", "v={0x1}",
			`v={"<!-- d -->"}`, `v={"-->"}`, `t="a&b;"`, `t="&#65;"`, `t="&#x41;"`, `t="&lt;"`, `t="x&;"`, `t="&Aacute;"`, "v={((a))}", "v={(a?.b).c}"}
	runs := 0
	var inAdmonition []bool // by run: written in an admonition
	admonitions := 0        // admonitions open
	var body func(depth int)
	// indent is the spaces a line starts with: none mostly, as many as its depth at times.
	indent := func(depth int) string {
		if r.IntN(3) > 0 {
			return ""
		}
		return strings.Repeat("  ", depth) + strings.Repeat(" ", r.IntN(3))
	}
	sentence := func() string {
		line := pick([]string{"Run", "Then", "Each", "Ünïcode"}, []string{"import", "export", "1.", "-", "Www.x", "#", "\tRun"})
		for range r.IntN(5) {
			line += " " + pick(words, otherWords)
		}
		return line
	}
	attributes := func() string {
		s := ""
		for range r.IntN(3) {
			s += " " + pick(attrs, otherAttrs)
		}
		return s
	}
	item := func(depth int) {
		switch k := r.IntN(16); {
		case k < 4:
			fmt.Fprintf(&b, "%s<%srun%d />\n", indent(depth), token, runs)
			runs++
			inAdmonition = append(inAdmonition, admonitions > 0)
		case k < 6:
			for l := range 1 + r.IntN(2) {
				line := sentence()
				if l > 0 && r.IntN(2) == 0 {
					line = "and " + line
				}
				if r.IntN(12) == 0 {
					line += " "
				}
				b.WriteString(indent(depth) + line + "\n")
			}
		case k < 7:
			b.WriteString(indent(depth) + pick([]string{"{/* a comment */}", "{/*  spaced   out  */}", "{/*x*/}", "{/* truncate */}",
				"<!-- prettier-ignore -->", "<!--truncate-->", "<!--  two  words -->"},
				[]string{"{/* a } b */}", "{/* a */ }", "{1}", "{/* a */}{/* b */}", "{/* \t */}", "<!-- a --> x", "<!-- `c` -->", "<!-- a <!-- b -->",
					"<!-->", "<!--->", "<!-- a <!-->", "{/* <!-- TODO --> */}", "{/* --> */}", "{/* truncate\ufeff */}", "{/*\u00a0x */}"}) + "\n")
		case k < 9 && depth == 0:
			// An import block further down the page, which MDX takes to the module's top.
			if r.IntN(2) > 0 {
				b.WriteString("\n")
			}
			for range 1 + r.IntN(2) {
				line := pick([]string{"import Later from './later';", `import {Late, Later2 as Latest} from "./late"`,
					"import One from './one'; import Two from './two';"},
					[]string{"import One from './one' import Two from './two'", "export const y = 2;", "import Later from './again';", "importance of it",
						"import'./x.css'", "import\tLater from './later';"})
				b.WriteString(line + "\n")
				for _, n := range []string{"Later", "Late", "Latest", "One", "Two"} {
					if strings.Contains(line, n) && !slices.Contains(names, n) {
						names = append(names, n)
					}
				}
			}
		case k < 10:
			// An element whole on its line, with words or nothing in it.
			name := pick([]string{"summary", "a", "span", "Admonition"}, []string{"Unknown", "b-c"})
			words := ""
			if r.IntN(3) > 0 {
				words = sentence()
			}
			b.WriteString(indent(depth) + "<" + name + attributes() + ">" + words + "</" + name + ">\n")
		case k < 11 && depth < 3:
			// An admonition (compile.mjs makes it an <Admonition>) with a title or none.
			colons := strings.Repeat(":", 3+r.IntN(2))
			b.WriteString(pick([]string{""}, []string{" "}) + colons + pick([]string{"note", "tip", "Info", "danger"}, []string{"my-kind", "note{.x}", " tip", "tip_x", "1a"}) +
				pick([]string{"", "", "[Recap]", " Read this first", "[]", "  Spaced title  ", "[it's \"quoted\"]"},
					[]string{"[Kept at 10:30]", " *em*", "[a `c`]", "[ x ]", "{.c}", "[a] more", " Kept at 10:30", " [x]", "[a\\b]", " a &amp; b"}) + "\n")
			admonitions++
			body(depth + 1)
			admonitions--
			b.WriteString(pick([]string{colons}, []string{colons + ":", ":::", " " + colons, colons + " ", "</Admonition>"}) + "\n")
		default:
			name := pick(names, otherNames)
			if r.IntN(4) == 0 {
				// The tag over lines, an attribute or more a line (at times, a line no tag has).
				b.WriteString(indent(depth) + "<" + name + "\n")
				for range 1 + r.IntN(3) {
					b.WriteString(indent(depth+1) + strings.TrimSpace(" "+pick(attrs, otherAttrs)+attributes()) + pick([]string{""}, []string{"\n", `x="a`, "\tb"}) + "\n")
				}
				if r.IntN(2) == 0 || depth > 2 {
					b.WriteString(indent(depth) + "/>\n")
					return
				}
				b.WriteString(indent(depth) + ">\n")
				body(depth + 1)
				b.WriteString(indent(depth) + "</" + name + ">\n")
				return
			}
			b.WriteString(indent(depth) + "<" + name + attributes())
			if r.IntN(3) == 0 || depth > 2 {
				b.WriteString(" />\n")
				return
			}
			b.WriteString(">\n")
			body(depth + 1)
			b.WriteString(indent(depth) + "</" + name + ">\n")
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
	return b.String(), runs, inAdmonition
}

// The module direct.go writes is the compiler's, to the byte, for every source it writes one for;
// and the sources it leaves to the compiler include all the compiler refuses or reads otherwise.
func TestDirectModuleIsTheCompilers(t *testing.T) {
	c := realCompiler(t)
	const token = "docsd0123456789abcdef0123"
	r := rand.New(rand.NewPCG(27, 1))
	headings := []heading{{Heading: markdown.Heading{Level: 2, ID: "setup", Text: "Setup"}}, {Heading: markdown.Heading{Level: 2, ID: "setup-1", Text: "Setup"}},
		{Heading: markdown.Heading{Level: 3, ID: "run", Text: "Run"}}}
	direct, cases := 0, 6000
	// What the sources written here must hold often enough: attributes' expressions, comments
	// of both kinds, an element whole on its line, imports further down, indented lines.
	features := []string{"={", "() =>", "{{", "{{\n", "=>\n", "<!--", "{/*", "</span>", "./later", "./late\"", "./one", "\n  <", "import './styles.css';", "\\_b", ">\nimport ",
		"\n/>", "\n>", "like:", "a  b", ":::note", "::::", "[Recap]", " Read this first\n"}
	seen := map[string]int{}
	for i := range cases {
		src, runs, inAdmonition := directSource(r, token)
		req := request{File: "a.mdx", Source: src, FirstLine: 1 + r.IntN(5), Token: token, Page: r.IntN(5) > 0, Runs: runs}
		if slices.Contains(inAdmonition, true) && r.IntN(8) > 0 {
			req.RunsInAdmonition = inAdmonition // (and at times not: both must then refuse the page)
		}
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
		for _, f := range features {
			if strings.Contains(src, f) {
				seen[f]++
			}
		}
		want, err := c.call(req)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case want.Error != nil || want.RunsMissing:
			t.Errorf("case %d: written here, but the compiler answers error %+v, runs missing %v, for\n%s", i, want.Error, want.RunsMissing, src)
		case got.JS != want.JS && (!scripted(src, token) || reprinted(t, got.JS) != reprinted(t, want.JS)):
			// An expression jsexpr.go read is the page's text, which the compiler prints anew: the
			// two modules are the same once esbuild has printed both.
			t.Errorf("case %d: the module differs from the compiler's for\n%s\nhere:\n%s\ncompiler:\n%s", i, src, got.JS, want.JS)
		case !reflect.DeepEqual(got.RunsInJSX, want.RunsInJSX) || len(want.Code) != 0 || len(want.Links) != 0:
			t.Errorf("case %d: runs in JSX %v, compiler's %v (code %v, links %v), for\n%s", i, got.RunsInJSX, want.RunsInJSX, want.Code, want.Links, src)
		}
		if t.Failed() {
			return
		}
	}
	// The generator makes plain sources often enough that the comparison means something.
	if direct < cases/6 {
		t.Errorf("only %d of %d sources were written here", direct, cases)
	}
	for _, f := range features {
		if seen[f] < 5 {
			t.Errorf("only %d of the %d sources written here hold %q", seen[f], direct, f)
		}
	}
	t.Logf("%d of %d sources written here; by what they hold: %v", direct, cases, seen)
}

// Admonitions around runs and elements: those direct.go writes are the compiler's to the byte; the
// others it leaves to the compiler.
func TestDirectAdmonitionsAreTheCompilers(t *testing.T) {
	c := realCompiler(t)
	const token = "docsd0123456789abcdef0123"
	run := func(n int) string { return "<" + token + "run" + itoa(n) + " />" }
	written := map[string]string{
		"a note":                ":::note\n" + run(0) + "\n:::\n",
		"a bracket title":       "\n:::tip[Recap]\n\n" + run(0) + "\n\n<Tabs>\n" + run(1) + "\n</Tabs>\n\n:::\n\n" + run(2) + "\n",
		"a title after a space": ":::Warning   Read this first  \n" + run(0) + "\n:::",
		"nested, fewer colons":  "::::info\n:::tip\n" + run(0) + "\n:::\n" + run(1) + "\n::::\n",
		"in an element":         "<Tabs>\n:::note\n" + run(0) + "\n:::\n</Tabs>\n",
		"words in it":           ":::danger[Careful]\nDo not run it twice.\n:::\n\n" + run(0),
		"one after another":     ":::note\n" + run(0) + "\n:::\n:::tip\n" + run(1) + "\n:::\n",
		"an empty title":        ":::info[]\n" + run(0) + "\n:::\n",
		"a quoted title":        ":::note[it's \"quoted\"]\n" + run(0) + "\n:::\n",
		"after a tag":           "<Tabs>\n\n" + run(0) + "\n\n</Tabs>\n:::note\n" + run(1) + "\n:::\n",
	}
	left := map[string]string{
		"nested, same colons":      ":::note\n:::tip\n" + run(0) + "\n:::\n:::\n",
		"closed by more colons":    ":::note\n" + run(0) + "\n::::\n",
		"glued under a paragraph":  "Words here\n:::note\n" + run(0) + "\n:::\n",
		"a title with a directive": ":::note Kept at 10:30\n" + run(0) + "\n:::\n",
		"a title with markup":      ":::note[a *b*]\n" + run(0) + "\n:::\n",
		"attributes":               ":::note{.x}\n" + run(0) + "\n:::\n",
		"indented":                 " :::note\n" + run(0) + "\n:::\n",
		"closed by a tag":          ":::note\n" + run(0) + "\n</Admonition>\n",
		"an element left open":     ":::note\n<Tabs>\n" + run(0) + "\n:::\n</Tabs>\n",
		"a kind with a dash":       ":::my-kind\n" + run(0) + "\n:::\n",
		"a bracket and more":       ":::note[a] more\n" + run(0) + "\n:::\n",
		"never closed":             ":::note\n" + run(0) + "\n",
	}
	// The runs the split would say are in an admonition: those between its fences.
	inAdmonition := func(src string) []bool {
		var in []bool
		depth := 0
		for _, line := range strings.Split(src, "\n") {
			switch {
			case strings.HasPrefix(line, ":::") && strings.Trim(line, ":") == "":
				depth--
			case strings.HasPrefix(line, ":::"):
				depth++
			case strings.Contains(line, token):
				in = append(in, depth > 0)
			}
		}
		return in
	}
	for name, src := range written {
		req := request{File: "a.mdx", Source: src, FirstLine: 1, Token: token, Page: true, Runs: strings.Count(src, token), Components: []string{"Tabs"},
			RunsInAdmonition: inAdmonition(src)}
		got, ok := directModule(&req)
		if !ok {
			t.Errorf("%s: left to the compiler:\n%s", name, src)
			continue
		}
		want, err := c.call(req)
		if err != nil {
			t.Fatal(err)
		}
		if want.Error != nil || want.RunsMissing || got.JS != want.JS || !reflect.DeepEqual(got.RunsInJSX, want.RunsInJSX) {
			t.Errorf("%s: here\n%s\n%v\ncompiler (error %v, runs missing %v)\n%s\n%v", name, got.JS, got.RunsInJSX, want.Error, want.RunsMissing, want.JS, want.RunsInJSX)
		}
	}
	for name, src := range left {
		req := request{File: "a.mdx", Source: src, FirstLine: 1, Token: token, Page: true, Runs: strings.Count(src, token), Components: []string{"Tabs"},
			RunsInAdmonition: inAdmonition(src)}
		if got, ok := directModule(&req); ok {
			t.Errorf("%s: written here:\n%s\n%s", name, src, got.JS)
		}
	}
	// A run where the split did not expect it, in an admonition or out of one: the compiler
	// answers that the runs are misplaced, and nothing is written here.
	for name, tc := range map[string]struct {
		src      string
		expected []bool
	}{
		"in, expected out": {":::note\n" + run(0) + "\n:::\n", []bool{false}},
		"out, expected in": {run(0) + "\n\n:::note\n" + run(1) + "\n:::\n", []bool{true, true}},
	} {
		req := request{File: "a.mdx", Source: tc.src, FirstLine: 1, Token: token, Page: true, Runs: len(tc.expected), RunsInAdmonition: tc.expected}
		if _, ok := directModule(&req); ok {
			t.Errorf("%s: written here", name)
		}
		want, err := c.call(req)
		if err != nil {
			t.Fatal(err)
		}
		if !want.RunsMissing {
			t.Errorf("%s: the compiler took the runs where the split did not put them", name)
		}
	}
}

// A page of Markdown around tabs gets its module without the compiler: no Node process starts.
func TestSimplePageIsWrittenWithoutTheCompiler(t *testing.T) {
	c := realCompiler(t)
	page := "---\ntitle: Install\n---\n\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n" +
		"Pick your system.\n\n<Tabs groupId=\"os\">\n<TabItem value=\"linux\" label=\"Linux\">\n\n```sh\napt install x\n```\n\n</TabItem>\n" +
		"<TabItem value=\"mac\" label=\"macOS\">\n\nRun **brew install x**.\n\n</TabItem>\n</Tabs>\n\n## Next\n\nRead the guide.\n"
	js, err := c.Compile([]byte(page), Options{File: "install.mdx", Page: true})
	if err != nil {
		t.Fatal(err)
	}
	if written, compiled := c.Counts(); written != 1 || compiled != 0 || len(c.procs) != 0 {
		t.Errorf("written %d, compiled %d, processes %d; want the page written here and no process", written, compiled, len(c.procs))
	}
	for _, want := range []string{"import Tabs from '@theme/Tabs';", `_jsx(TabItem, {`, `groupId: "os"`, "brew install x"} {
		if !strings.Contains(js, want) {
			t.Errorf("the module lacks %q:\n%s", want, js)
		}
	}
}

// realCompiler is a compiler running the shell's compile.mjs, closed when the test ends.
func realCompiler(t *testing.T) *Compiler {
	t.Helper()
	script, err := filepath.Abs("../../site/mdx-compiler/compile.mjs")
	if err != nil {
		t.Fatal(err)
	}
	c := NewCompiler(script)
	t.Cleanup(c.Close)
	return c
}

// scripted reports whether direct.go reads an expression of a source with jsexpr.go.
func scripted(src, token string) bool {
	nodes, _, ok := directBody(strings.Split(src, "\n"), token, &imports{locals: map[string]string{}})
	var any func([]*jsxNode) bool
	any = func(nodes []*jsxNode) bool {
		for _, n := range nodes {
			if slices.Contains(n.flags, attrScript) || any(n.children) {
				return true
			}
		}
		return false
	}
	return ok && any(nodes)
}

// reprinted is a module as esbuild prints it, without spaces: the same for two modules whose
// expressions differ only in how they are written.
func reprinted(t *testing.T, js string) string {
	t.Helper()
	r := api.Transform(js, api.TransformOptions{Loader: api.LoaderJS, Format: api.FormatESModule, MinifyWhitespace: true})
	if len(r.Errors) > 0 {
		t.Fatalf("esbuild: %s in\n%s", r.Errors[0].Text, js)
	}
	return string(r.Code)
}
