package mdx

// The compiler parses a page with only the GFM parts and directives its source can use, and
// with the code of fences at the left margin blanked (site/mdx-compiler/compile.mjs, gfmUsed,
// markdownText, blankCode and directiveStart): that must change nothing in the module it makes
// nor in the code blocks it reports. Each source here is compiled both ways and the two modules
// compared; the sources leave parts out, keep them for the one character that needs them, and
// hide those characters where the source's tests could miss them (character references, import
// blocks, code fences, paragraph lines that start with "import", and lines that look like a
// fence's code and are not: a fence a list item's end closes, fence-like lines of an export
// block or an expression). MDX's own nodes move into the HTML tree uncopied (passThroughUncopied),
// which must change nothing either: the reference copies them, as remark-rehype does.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"docsd/pkg/content"
)

func TestSyntaxLeftOutChangesNothing(t *testing.T) {
	sources := map[string]string{
		"a table, an import's @ and nothing else": "import Admonition from '@theme/Admonition';\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<Admonition type=\"note\">Text</Admonition>\n",
		"plain text":                       "Just words, and a [link](./other.md).\n\n## A heading\n\nMore words.\n",
		"www autolink":                     "See www.example.com for more.\n",
		"http autolink":                    "See https://example.com/a?b=c for more.\n",
		"upper-case autolink":              "See WWW.EXAMPLE.COM and HTTP://EXAMPLE.COM.\n",
		"email":                            "Write to someone@example.com.\n",
		"email from a character reference": "Write to someone&#64;example.com.\n",
		"email after an import block":      "import X from '@site/src/x';\n\nWrite to someone@example.com.\n",
		"email in a paragraph line starting export": "Some text\nexport someone@example.com now\n",
		"email after a fence holding an import":     "```js\n\nimport x from 'y';\n```\nWrite to someone@example.com.\n",
		"an export block holding a fence":           "export const fence = `\n~~~\n`;\n\nWrite to someone@example.com.\n",
		"footnote":                                  "A claim.[^1]\n\n[^1]: The source.\n",
		"strikethrough":                             "This is ~~gone~~ and ~this~ too.\n",
		"single-tilde strikethrough":                "Only ~this~ is gone.\n",
		"task list":                                 "- [ ] to do\n- [x] done\n- [X] done too\n",
		"text directive":                            "The key:value pair and :abbr[HTML]{title=\"x\"} stay text.\n",
		"container directive":                       ":::tip[Hint]\nA tip.\n:::\n",
		"colon without a directive":                 "At 10:30, note: this.\n",
		"every part":                                "| a |\n|---|\n| www.example.com ~~x~~ [^1] |\n\n- [ ] task :::x\n\n[^1]: note\n",
		"every part's characters only in code":      "Run this:\n\n```sh\nnpm i @scope/pkg && echo https://x.y | cat ~/a [^1] [x]\n```\n\n~~~\nwww.example.com\n~~~\n\nDone.\n",
		"a fence a list item's end closes":          "- step\n  ```sh\n  run it\n- then www.example.com\n\n```\ncode\n```\n",
		"a fence-like line of an export block":      "export const fence = `\n~~~\n`;\n\nWrite to someone@example.com.\n\n~~~sh\ncode\n~~~\n",
		"a fence-like line of an expression":        "{`\n~~~\n`}\n\nSee www.example.com | ~~x~~.\n\n~~~sh\nx\n~~~\n",
		"a fence in a list item, its code indented": "1. Install:\n   ```sh\n   npm i @a/b && c\n   ```\n2. Done.\n",
		"code with tabs, blank and indented lines":  "Text.\n\n```go\n\tif x {\n\n  \treturn  \n}\n\n```\n\n~~~~\n~~~\n```\n~~~~~\n\n```\n```\n",
		"code in JSX, and a closing fence indented": "<div>\n\n```js title=\"a.js\"\nlet a = '<b>';\n    ```\n\n</div>\n",
		"a fence-like line of an MDX comment":       "{/*\n```js\n*/}\n\nA www.example.com link.\n\n```\nx\n```\n",
		"a closing fence with a no-break space":     "```\ncode\n``` \u00a0\nstill code\n```\n\nwww.example.com\n",
		"code with CR line endings":                 "Text.\r\n\r\n```sh\r\na && b\r\n```\r\n",
		"an unclosed fence":                         "Text.\n\n```sh\nnpm i @a/b\n",
		// MDX's own nodes, which move into the HTML tree without remark-rehype's copy.
		"imports, exports and expressions":                   "import A, {B as C} from '@site/src/a';\nexport const meta = {tags: ['x', {y: 1}], n: 2 ** 3};\n\n# Title {meta.n}\n\nText {meta.tags.length} and {/* a comment */} more.\n\n{meta.tags.map((t) => <C key={String(t)} t={t} />)}\n",
		"JSX with attribute expressions and Markdown inside": "<A b={{c: [1, 2]}} d=\"e\" {...{f: 1}} g>\n\n## Inside\n\nSome *text* with <B h={() => 1}>inline **JSX**</B>.\n\n<C.D />\n\n</A>\n\n<A>text <B /> {1 + 1}</A>\n",
		// A leading block of import lines, which the compiler reads without acorn (takeImports).
		"imports of every form":                   "\n\nimport A from '@site/src/a';\nimport {B, C as D,} from \"@site/src/b\";\nimport E, {F} from './e';\nimport * as G from 'g';\nimport H, * as I from 'h';\nimport {default as J} from 'j'\n\n<A /><D /><E /><F /><G.x /><H /><I.y /><J />\n\n## Title\n\nText.\n",
		"an import block ending the page":         "import A from 'a';",
		"an import block and an export in it":     "import A from 'a';\nexport const b = 1;\n\n<A />\n",
		"an import block and text in it":          "import A from 'a';\nSome text.\n\n<A />\n",
		"imports after text":                      "Text.\n\nimport A from 'a';\n\n<A />\n",
		"a tab after import":                      "import\tA from 'a';\n\nText.\n",
		"a name imported twice":                   "import A from 'a';\nimport {A} from 'b';\n\n<A />\n",
		"an import of a reserved word":            "import {default} from 'a';\n",
		"a side-effect import and a code block":   "import 'a.css';\nimport B from 'b';\n\n```js\nimport C from 'c';\n```\n",
		"an import with a comment":                "import A from 'a'; // the widget\n\n<A />\n",
		"imports that are no JavaScript":          "import A, from 'a';\n",
		"a default import glued to from":          "import Afrom 'a';\n",
		"a default and named without a comma":     "import A {B} from 'a';\n",
		"a default and a namespace, glued":        "import A,* as B from 'a';import C from 'c';\n",
		"names glued to their braces and from":    "import {A,B as C}from\"a\"\nimport D,{E}from 'e'\n\n<A /><C /><D /><E />\n",
		"CodeBlock imported, used with a literal": "import CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock language=\"js\">{`let a = 1;`}</CodeBlock>\n",
		// What UnwrapCodeBlocks leaves of an mdx-code-block fence shown inside another: a code block.
		"an mdx-code-block fence left as code": "Shown as code:\n\n```mdx-code-block\nimport Tabs from '@theme/Tabs';\n<Tabs>a && b</Tabs>\n```\n",
	}
	compile := answerBothWays(t)
	for name, source := range sources {
		if got, want := compile(source, false), compile(source, true); got != want {
			t.Errorf("%s: the answer differs when syntax the source cannot use is left out, its code not parsed or MDX nodes not copied\n--- so\n%s\n--- all of it\n%s", name, got, want)
		}
	}
}

// answerBothWays starts the compiler and gives a function that compiles a source with only the
// syntax it uses (full false) or with all of it, as the reference: the answer is the module, and
// the code blocks and links it holds places for, or the error.
func answerBothWays(t *testing.T) func(source string, full bool) string {
	send := nodeCompiler(t)
	return func(source string, full bool) string {
		t.Helper()
		a := send(map[string]any{"id": 1, "file": "page.mdx", "source": source, "firstLine": 1, "token": "tok", "fullSyntax": full})
		if a.Error != nil {
			// Both ways must fail alike (a page with an error is compiled whole, and as it is).
			return fmt.Sprintf("error at %d:%d: %s", a.Error.Line, a.Error.Column, a.Error.Message)
		}
		code, _ := json.Marshal(a.Code)
		links, _ := json.Marshal(a.Links)
		return a.JS + "\n--- code: " + string(code) + "\n--- links: " + string(links)
	}
}

// The repository's own MDX fixture pages, written as sites write them (imports, Tabs, partials,
// admonitions), compile with only the syntax they use as with all of it: the import blocks the
// compiler reads by hand among them.
func TestFixturePagesCompileAsWithAllSyntax(t *testing.T) {
	var files []string
	for _, root := range []string{"../../testdata", "../../tests"} {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".mdx") {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 10 {
		t.Fatalf("found %d MDX fixture pages, want the repository's (10 or more)", len(files))
	}
	compile := answerBothWays(t)
	imports := 0
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		_, body, _, _, err := content.ReadFrontMatter(file, raw, "")
		if err != nil {
			t.Fatal(err)
		}
		source := string(StripHeadingIDs(UnwrapCodeBlocks(body)))
		if UsesESM([]byte(source)) {
			imports++
		}
		if got, want := compile(source, false), compile(source, true); got != want {
			t.Errorf("%s: the answer differs from the one with all syntax\n--- so\n%s\n--- all of it\n%s", file, got, want)
		}
	}
	if imports == 0 {
		t.Error("no fixture page has an import block")
	}
}

// nodeCompiler starts Node on args (site/mdx-compiler/compile.mjs when none) and gives a
// function that sends the compiler one request and returns its answer.
func nodeCompiler(t *testing.T, args ...string) func(req map[string]any) answer {
	t.Helper()
	send := nodeCompilerLines(t, args...)
	return func(req map[string]any) answer {
		t.Helper()
		var a answer
		if err := json.Unmarshal(send(req), &a); err != nil {
			t.Fatal(err)
		}
		return a
	}
}

// startNodeCompiler starts the compiler's script (compile.mjs, or args) in Node, stopped when the
// test ends; closing stdin ends it earlier, and stdout then reaches its end.
func startNodeCompiler(t *testing.T, args ...string) (io.WriteCloser, io.Reader) {
	t.Helper()
	if len(args) == 0 {
		script, err := filepath.Abs("../../site/mdx-compiler/compile.mjs")
		if err != nil {
			t.Fatal(err)
		}
		args = []string{script}
	}
	cmd := exec.Command("node", args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the MDX compiler (Node.js is needed): %v", err)
	}
	t.Cleanup(func() {
		stdin.Close()
		_ = cmd.Wait()
	})
	return stdin, stdout
}

// nodeCompilerLines is nodeCompiler giving each answer's line as it is.
func nodeCompilerLines(t *testing.T, args ...string) func(req map[string]any) []byte {
	t.Helper()
	stdin, stdout := startNodeCompiler(t, args...)
	in := bufio.NewReader(stdout)
	return func(req map[string]any) []byte {
		t.Helper()
		line, _ := json.Marshal(req)
		if _, err := stdin.Write(append(line, '\n')); err != nil {
			t.Fatal(err)
		}
		out, err := in.ReadBytes('\n')
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
}

// The compiler makes a processor once per set of syntax parts and reuses it: what a page's
// plugins use (its token, headings, title, the code and links they find) must come from its own
// request, so a page compiled after others gives what it gives first.
func TestCompilerKeepsNothingBetweenPages(t *testing.T) {
	send := nodeCompiler(t)
	pages := []map[string]any{
		{"id": 1, "file": "a.mdx", "source": "# A\n\n## One\n\nSee [b](./b.mdx).\n\n```js\nlet a = 1;\n```\n", "firstLine": 1, "token": "tokA",
			"headings": []map[string]any{{"level": 1, "id": "a", "value": "A"}, {"level": 2, "id": "custom-one", "value": "One"}}, "dropTitle": true, "page": true},
		{"id": 2, "file": "b.mdx", "source": "# B\n\n## One\n\nSee [a](./a.mdx) and ![x](./x.png).\n\n```go\nvar b = 2\n```\n\n```sh\nb\n```\n", "firstLine": 3, "token": "tokB",
			"headings": []map[string]any{{"level": 1, "id": "b", "value": "B"}, {"level": 2, "id": "other-one", "value": "One"}}, "dropTitle": false, "page": true},
	}
	first := make([]answer, len(pages))
	for i, p := range pages {
		first[i] = send(p)
	}
	for round := 0; round < 2; round++ {
		for i := len(pages) - 1; i >= 0; i-- {
			again := send(pages[i])
			if !reflect.DeepEqual(again, first[i]) {
				t.Errorf("%s compiled after another page differs:\n--- first\n%+v\n--- again\n%+v", pages[i]["file"], first[i], again)
			}
		}
	}
	if first[0].Error != nil || !strings.Contains(first[0].JS, "custom-one") || strings.Contains(first[0].JS, "tokB") || len(first[0].Code) != 1 || len(first[1].Links) != 2 {
		t.Errorf("the pages did not compile as written: %+v", first)
	}
}

// The compiler lets a page use without an import exactly the components docsd's provider gives.
func TestProvidedComponents(t *testing.T) {
	read := func(path string, pattern *regexp.Regexp) []string {
		t.Helper()
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m := pattern.FindSubmatch(text)
		if m == nil {
			t.Fatalf("%s: no match for %s", path, pattern)
		}
		var names []string
		for _, n := range strings.Split(string(m[1]), ",") {
			if n = strings.TrimSpace(n); strings.HasPrefix(n, "...") {
				continue // the headings: HTML elements the page's Markdown writes, which no page imports
			}
			names = append(names, strings.Trim(n, `'"`))
		}
		sort.Strings(names)
		return names
	}
	provider := read("../../site/src/mdx/components.jsx", regexp.MustCompile(`const components = \{([^}]*)\}`))
	compiler := read("../../site/mdx-compiler/compile.mjs", regexp.MustCompile(`const provided = new Set\(\[([^\]]*)\]\)`))
	if !reflect.DeepEqual(provider, compiler) {
		t.Errorf("the provider gives %v, the compiler lets pages use %v", provider, compiler)
	}
	if direct := slices.Sorted(slices.Values(docsdProvided)); !reflect.DeepEqual(provider, direct) {
		t.Errorf("the provider gives %v, direct.go lets pages use %v", provider, direct)
	}
}

// direct.go refuses as a binding the words compile.mjs's import reader refuses.
func TestReservedWordsAreTheCompilers(t *testing.T) {
	text, err := os.ReadFile("../../site/mdx-compiler/compile.mjs")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)const reservedWords = new Set\(\s*\((.*?)\)\.split\(' '\)`).FindSubmatch(text)
	if m == nil {
		t.Fatal("compile.mjs: no reservedWords")
	}
	var words []string
	for _, part := range regexp.MustCompile(`'([^']*)'`).FindAllSubmatch(m[1], -1) {
		words = append(words, strings.Fields(string(part[1]))...)
	}
	slices.Sort(words)
	var direct []string
	for w := range reservedWords {
		direct = append(direct, w)
	}
	slices.Sort(direct)
	if len(words) < 40 || !reflect.DeepEqual(words, direct) {
		t.Errorf("compile.mjs refuses %v,\ndirect.go %v", words, direct)
	}
}

// fenceOpen is the regexp fenceLine reads by hand.
var fenceOpen = regexp.MustCompile("^[ \t]*(`{3,}|~{3,})[ \t]*([^ \t`]*)")

// TestFenceLineIsTheRegexps: fenceLine matches what the regexp matches, on chosen lines and on
// lines of random characters from those that matter to it.
func TestFenceLineIsTheRegexps(t *testing.T) {
	lines := []string{"```", "```js title=\"a.js\"", "  ~~~", "\t````md", "~~~~ yaml", "``", "~~", "text ``` inside",
		"`` ` ``", "- item", "", "   ```", "~~~`", "> ```", "~~~ a~b", "```\r", "``` \xff\xfe", "~~~~~~~~", "\t \t```\t\tgo\tx"}
	rng := rand.New(rand.NewSource(1))
	const alphabet = " \t```~~~ab\r\xff{"
	for i := 0; i < 100000; i++ {
		b := make([]byte, rng.Intn(12))
		for k := range b {
			b[k] = alphabet[rng.Intn(len(alphabet))]
		}
		lines = append(lines, string(b))
	}
	matched := 0
	for _, line := range lines {
		got, want := fenceLine(line), fenceOpen.FindStringSubmatch(line)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("fenceLine(%q) = %q, want %q", line, got, want)
		}
		if want != nil {
			matched++
		}
	}
	if matched < 2000 {
		t.Errorf("only %d lines are fence lines: the comparison tests too little", matched)
	}
}

// HTML comments are MDX comments, as Docusaurus's comment syntax reads them (compile.mjs's
// htmlComments): from "<!--" to the first "-->", over lines too, outside code; a "-->" with no
// comment open is text.
func TestHTMLCommentsAreDocusaurusComments(t *testing.T) {
	c := realCompiler(t)
	cases := []struct{ source, shown, hidden string }{
		{"Inverting a scale (2x --> 0.5x).\n", `"Inverting a scale (2x --> 0.5x)."`, "*/}"},
		{"<!-- hidden -->\n\nShown.\n", `"Shown."`, "hidden"},
		{"<!--\nhidden\n\n# Not a heading\n-->\n\nShown --> too.\n", `"Shown --> too."`, "Not a heading"},
		{"Shown <!-- hidden --> and `<!-- code -->` kept.\n", "<!-- code -->", "hidden"},
		{"<!-- a <!-->\n\nShown.\n", `"Shown."`, " a <!"},
		{"{`A-->B`}\n", "A-->B", "*/}"},
		{"```\n<!-- in code -->\n```\n", "<!-- in code -->", "{/*"},
		// A comment begun in a paragraph's line may end on a later line; a "<!--" in a tag's
		// string or an expression is no comment, and the lines after it are read as they are.
		{"Some text <!-- a note\nthat spans lines --> more text.\n", `"Some text ", " more text."`, "a note"},
		{"<span title=\"a <!-- b -->\" /> and {'<!--'}\n", "a <!-- b -->", "*/}"},
		{"<span title=\"a <!-- b\" />\n\n```mermaid\nA --> B\n```\n", "a <!-- b", "*/}"},
		{"<span title=\"a <!-- b\" />\n\n```\n:::note Title\n```\n", ":::note Title", "[Title]"},
	}
	for _, tc := range cases {
		a, err := c.call(request{File: "a.mdx", Source: tc.source, FirstLine: 1, Page: true})
		if err != nil {
			t.Fatal(err)
		}
		if a.Error != nil {
			t.Errorf("%q: %+v", tc.source, a.Error)
			continue
		}
		// (The module keeps an MDX comment as a JavaScript comment, which renders nothing.)
		js := regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(a.JS, "")
		for _, code := range a.Code {
			js += "\n" + code.Value
		}
		if !strings.Contains(js, tc.shown) || strings.Contains(js, tc.hidden) {
			t.Errorf("%q: want %q shown and %q not:\n%s", tc.source, tc.shown, tc.hidden, js)
		}
	}
}

// A page written with CRLF line ends (react-native-website's versioned docs) gets its admonitions'
// titles as one written with LF does.
func TestCRLFAdmonitionTitles(t *testing.T) {
	c := realCompiler(t)
	a, err := c.call(request{File: "a.mdx", Source: "Before.\r\n\r\n:::warning Deprecated\r\nNot any more.\r\n:::\r\n\r\nAfter.\r\n", FirstLine: 1, Page: true})
	if err != nil {
		t.Fatal(err)
	}
	if a.Error != nil || !strings.Contains(a.JS, `type: "warning"`) || !strings.Contains(a.JS, `title: "Deprecated"`) || strings.Contains(a.JS, ":::") {
		t.Errorf("error %+v, module\n%s", a.Error, a.JS)
	}
}
