package content

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// yamlField is one line of testdata/yaml_fields.txt: the path of a pipeline key, the route of the page
// that documents it, and whether the keys below it are the user's own (free-form).
type yamlField struct {
	Path  string
	Route string
	Free  bool
}

// yamlSchema reads testdata/yaml_fields.txt. A path is dot-separated; "[]" marks a list item and "{}" a
// map entry whose key the user chooses (a stage name, a deployment parameter name).
func yamlSchema(t *testing.T) []yamlField {
	t.Helper()
	var out []yamlField
	for _, l := range listLines(t, "YAML field list", "testdata/yaml_fields.txt") {
		parts := l.Fields
		if len(parts) < 2 || len(parts) > 3 || (len(parts) == 3 && parts[2] != "free") {
			t.Fatalf("testdata/yaml_fields.txt:%d: want `path route [free]`, got %q", l.N, l.Text)
		}
		out = append(out, yamlField{Path: parts[0], Route: parts[1], Free: len(parts) == 3})
	}
	if len(out) == 0 {
		t.Fatal("YAML field list is empty")
	}
	return out
}

// lastKey returns the last named key of a field path ("steps[].ruleset.if.branch" → "branch",
// "stages.{}.steps[]" → "steps"); it returns "" for a path that ends in a user-named map entry.
func lastKey(path string) string {
	parts := strings.Split(path, ".")
	last := strings.TrimSuffix(parts[len(parts)-1], "[]")
	if last == "{}" {
		return ""
	}
	return last
}

// TestYAMLFieldsDocumented asserts that every key of a v0.26 pipeline appears, in backticks, on the
// reference page that documents it.
func TestYAMLFieldsDocumented(t *testing.T) {
	pages := map[string]page{}
	for _, f := range yamlSchema(t) {
		key := lastKey(f.Path)
		if key == "" {
			continue
		}
		p, ok := pages[f.Route]
		if !ok {
			p = readPage(t, f.Route)
			pages[f.Route] = p
		}
		if !strings.Contains(p.Body, "`"+key+"`") && !strings.Contains(p.Body, "."+key+"`") {
			t.Errorf("%s: YAML field %s is not documented (no `%s`)", p.File, f.Path, key)
		}
	}
}

// fence matches the opening line of a fenced code block and captures its indent, fence and info.
var fence = regexp.MustCompile("^( {0,3})(```+|~~~+)[ \t]*([^ \t`]*)(.*)$")

// yamlBlock is one ```yaml fenced block of a Markdown file.
type yamlBlock struct {
	File string
	Line int // line of the first line of code in the file
	Code string
}

// yamlBlocks returns the yaml fenced blocks of a Markdown text.
func yamlBlocks(file, text string) []yamlBlock {
	var (
		out    []yamlBlock
		lines  = strings.Split(text, "\n")
		inside bool
		marker string
		indent string
		lang   string
		start  int
		code   []string
	)
	for i, line := range lines {
		if !inside {
			m := fence.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			inside, indent, marker, lang, start, code = true, m[1], m[2], strings.ToLower(m[3]), i+2, nil
			continue
		}
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, marker) && strings.Trim(trimmed, marker[:1]) == "" {
			inside = false
			if lang == "yaml" || lang == "yml" {
				out = append(out, yamlBlock{File: file, Line: start, Code: strings.Join(code, "\n")})
			}
			continue
		}
		code = append(code, strings.TrimPrefix(line, indent))
	}
	return out
}

// isPipeline reports whether a YAML block is a pipeline: its first line that is neither blank nor a
// comment starts with "version:". A block with Go template actions ({{ }}) is a template source, not a
// pipeline, and is left out.
func isPipeline(code string) bool {
	if strings.Contains(code, "{{") {
		return false
	}
	for _, line := range strings.Split(code, "\n") {
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		return strings.HasPrefix(s, "version:")
	}
	return false
}

// schemaChecker walks a parsed pipeline and reports every key that the v0.26 schema does not know.
type schemaChecker struct {
	known map[string]yamlField
	block yamlBlock
	errs  []string
}

func (c *schemaChecker) fail(line int, format string, args ...any) {
	c.errs = append(c.errs, fmt.Sprintf("%s:%d: %s", c.block.File, c.block.Line+line-1, fmt.Sprintf(format, args...)))
}

// child returns the schema path of key below path, accepting a user-named entry ({}) where the schema
// has one.
func (c *schemaChecker) child(path, key string) (string, bool) {
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	if _, ok := c.known[join(key)]; ok {
		return join(key), true
	}
	if _, ok := c.known[join("{}")]; ok {
		return join("{}"), true
	}
	return "", false
}

func (c *schemaChecker) walk(n ast.Node, path string) {
	switch v := n.(type) {
	case nil:
	case *ast.DocumentNode:
		c.walk(v.Body, path)
	case *ast.AnchorNode:
		c.walk(v.Value, path)
	case *ast.TagNode:
		c.walk(v.Value, path)
	case *ast.AliasNode:
		// an alias repeats content that is checked where its anchor is defined
	case *ast.MappingNode:
		for _, mv := range v.Values {
			c.walkPair(mv, path)
		}
	case *ast.MappingValueNode:
		c.walkPair(v, path)
	case *ast.SequenceNode:
		for _, item := range v.Values {
			c.walk(item, path+"[]")
		}
	}
}

func (c *schemaChecker) walkPair(mv *ast.MappingValueNode, path string) {
	if mv.Key.IsMergeKey() {
		c.walk(mv.Value, path)
		return
	}
	key := mv.Key.GetToken().Value
	line := mv.Key.GetToken().Position.Line
	next, ok := c.child(path, key)
	if !ok {
		where := path
		if where == "" {
			where = "the top level"
		}
		c.fail(line, "key %q is not a v0.26 pipeline key under %s", key, where)
		return
	}
	if c.known[next].Free {
		return
	}
	c.walk(mv.Value, next)
}

// TestYAMLExamplesValid parses every pipeline example (a ```yaml block that starts with `version:`) of
// every Markdown file under content/ and checks each key at every level against the v0.26 schema of
// testdata/yaml_fields.txt, so that the site's examples stay valid pipelines.
func TestYAMLExamplesValid(t *testing.T) {
	known := map[string]yamlField{}
	for _, f := range yamlSchema(t) {
		known[f.Path] = f
	}
	root := filepath.Join(repoRoot, "content")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no content folder: %v", err)
	}
	checked := 0
	err := filepath.WalkDir(root, func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(file, ".md") {
			return err
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repoRoot, file)
		for _, b := range yamlBlocks(rel, string(raw)) {
			if !isPipeline(b.Code) {
				continue
			}
			checked++
			f, err := parseLikeVela(b.Code)
			if err != nil {
				t.Errorf("%s:%d: pipeline example does not parse: %v", b.File, b.Line, err)
				continue
			}
			c := &schemaChecker{known: known, block: b}
			for _, doc := range f.Docs {
				c.walk(doc, "")
			}
			for _, e := range c.errs {
				t.Error(e)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("checked %d pipeline examples", checked)
}

// TestYAMLCheckerCatchesUnknownKeys keeps the example check honest: a known-good pipeline passes and a
// pipeline with misplaced keys fails on exactly those keys.
func TestYAMLCheckerCatchesUnknownKeys(t *testing.T) {
	known := map[string]yamlField{}
	for _, f := range yamlSchema(t) {
		known[f.Path] = f
	}
	good := "version: \"1\"\nstages:\n  test:\n    needs: [build]\n    steps:\n      - name: test\n        image: golang:1.24\n        parameters:\n          anything: goes\n        ruleset:\n          if:\n            branch: main\n          continue: true\n"
	bad := "version: \"1\"\nsteps:\n  - name: test\n    image: alpine\n    command: echo hi\n    ruleset:\n      when: push\n"
	for _, tc := range []struct {
		code string
		errs int
	}{{good, 0}, {bad, 2}} {
		f, err := parser.ParseBytes([]byte(tc.code), 0)
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		c := &schemaChecker{known: known, block: yamlBlock{File: "inline", Line: 1}}
		for _, doc := range f.Docs {
			c.walk(doc, "")
		}
		if len(c.errs) != tc.errs {
			t.Errorf("want %d errors, got %d: %v", tc.errs, len(c.errs), c.errs)
		}
	}
}

var duplicateMerge = regexp.MustCompile(`^\[(\d+):\d+\] mapping key "<<" already defined`)

// parseLikeVela parses a pipeline example, accepting what server v0.26.5 accepts beyond strict YAML:
// several << keys in one map (internal/yaml.go ParseYAML merges them into one list and records a
// warning). Each duplicate << line is blanked and the block parsed again, so the rest of the example
// is still held to the schema.
func parseLikeVela(code string) (*ast.File, error) {
	for tries := 0; ; tries++ {
		f, err := parser.ParseBytes([]byte(code), 0)
		if err == nil || tries == 20 {
			return f, err
		}
		m := duplicateMerge.FindStringSubmatch(err.Error())
		if m == nil {
			return f, err
		}
		n, _ := strconv.Atoi(m[1])
		lines := strings.Split(code, "\n")
		if n < 1 || n > len(lines) {
			return f, err
		}
		lines[n-1] = ""
		code = strings.Join(lines, "\n")
	}
}
