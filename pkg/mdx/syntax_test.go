package mdx

// The compiler parses a page with only the GFM parts and directives its source can use
// (site/mdx-compiler/compile.mjs, remarkGfmFor and directiveStart): that must change nothing in
// the module it makes. Each source here is compiled both ways and the two modules compared; the
// sources leave parts out, keep them for the one character that needs them, and hide those
// characters where the source's tests could miss them (character references, import blocks,
// code fences, paragraph lines that start with "import").

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
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
	}
	script, err := filepath.Abs("../../site/mdx-compiler/compile.mjs")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", script)
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
	defer func() {
		stdin.Close()
		_ = cmd.Wait()
	}()
	in := bufio.NewReader(stdout)
	compile := func(source string, full bool) string {
		t.Helper()
		req, _ := json.Marshal(map[string]any{"id": 1, "file": "page.mdx", "source": source, "firstLine": 1, "token": "tok", "fullSyntax": full})
		if _, err := stdin.Write(append(req, '\n')); err != nil {
			t.Fatal(err)
		}
		line, err := in.ReadBytes('\n')
		if err != nil {
			t.Fatal(err)
		}
		var a answer
		if err := json.Unmarshal(line, &a); err != nil {
			t.Fatal(err)
		}
		if a.Error != nil {
			t.Fatalf("compiling %q: %+v", source, a.Error)
		}
		return a.JS
	}
	for name, source := range sources {
		if got, want := compile(source, false), compile(source, true); got != want {
			t.Errorf("%s: the module differs when syntax the source cannot use is left out\n--- left out\n%s\n--- all of it\n%s", name, got, want)
		}
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
			names = append(names, strings.Trim(strings.TrimSpace(n), `'"`))
		}
		sort.Strings(names)
		return names
	}
	provider := read("../../site/src/mdx/components.jsx", regexp.MustCompile(`const components = \{([^}]*)\}`))
	compiler := read("../../site/mdx-compiler/compile.mjs", regexp.MustCompile(`const provided = new Set\(\[([^\]]*)\]\)`))
	if !reflect.DeepEqual(provider, compiler) {
		t.Errorf("the provider gives %v, the compiler lets pages use %v", provider, compiler)
	}
}
