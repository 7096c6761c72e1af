package content

// This file checks the values of the pipeline examples: a key that takes one of a fixed set (pull
// policies, ruleset events, statuses, matcher and operator, template type and format, secret engine,
// type and pull, metadata.environment) must hold a value the v0.26.5 compiler knows, as listed with
// its source in testdata/vela-facts/data/yaml_values_v0.26.5.tsv.

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

var yamlValuesFile = filepath.Join(repoRoot, "testdata", "vela-facts", "data", "yaml_values_v0.26.5.tsv")

// valueRule is one row of the TSV: the last keys of a path and the values allowed there.
type valueRule struct {
	Keys    []string
	Allowed []string
}

func loadValueRules(t *testing.T) []valueRule {
	t.Helper()
	var out []valueRule
	for _, l := range listLines(t, "YAML value list", yamlValuesFile) {
		c := strings.Split(l.Text, "\t")
		if len(c) != 3 {
			t.Fatalf("%s:%d: want key path, allowed values, source; got %q", yamlValuesFile, l.N, l.Text)
		}
		out = append(out, valueRule{Keys: strings.Split(c[0], "."), Allowed: strings.Split(c[1], ",")})
	}
	if len(out) == 0 {
		t.Fatal("YAML value list is empty")
	}
	return out
}

// ruleFor returns the rule with the longest key path that ends keys, or nil.
func ruleFor(rules []valueRule, keys []string) *valueRule {
	var best *valueRule
	for i, r := range rules {
		if len(r.Keys) <= len(keys) && slices.Equal(r.Keys, keys[len(keys)-len(r.Keys):]) &&
			(best == nil || len(r.Keys) > len(best.Keys)) {
			best = &rules[i]
		}
	}
	return best
}

// valueChecker walks a parsed pipeline with the keys that lead to each node. Free-form maps
// (environment, parameters, vars) are not entered: their keys are the user's own.
type valueChecker struct {
	rules []valueRule
	block yamlBlock
	errs  []string
}

var freeKeys = map[string]bool{"environment": true, "parameters": true, "vars": true, "stages": true}

func (c *valueChecker) walk(n ast.Node, keys []string) {
	switch v := n.(type) {
	case *ast.DocumentNode:
		c.walk(v.Body, keys)
	case *ast.AnchorNode:
		c.walk(v.Value, keys)
	case *ast.TagNode:
		c.walk(v.Value, keys)
	case *ast.MappingNode:
		for _, mv := range v.Values {
			c.walk(mv, keys)
		}
	case *ast.MappingValueNode:
		if v.Key.IsMergeKey() {
			c.walk(v.Value, keys)
			return
		}
		key := v.Key.GetToken().Value
		next := append(slices.Clip(keys), key)
		if r := ruleFor(c.rules, next); r != nil {
			c.check(r, next, v.Value)
			return
		}
		if key == "stages" {
			// a stage's name is the user's own: walk each stage's value under "stages"
			if m, ok := v.Value.(*ast.MappingNode); ok {
				for _, st := range m.Values {
					c.walk(st.Value, next)
				}
				return
			}
		}
		if freeKeys[key] && !(len(keys) == 1 && keys[0] == "metadata") {
			return
		}
		c.walk(v.Value, next)
	case *ast.SequenceNode:
		for _, item := range v.Values {
			c.walk(item, keys)
		}
	}
}

// check tests a scalar or a list of scalars against r.
func (c *valueChecker) check(r *valueRule, keys []string, n ast.Node) {
	for {
		// an anchored value is checked where it is defined; an alias repeats it
		if a, ok := n.(*ast.AnchorNode); ok {
			n = a.Value
			continue
		}
		if tg, ok := n.(*ast.TagNode); ok {
			n = tg.Value
			continue
		}
		break
	}
	if _, ok := n.(*ast.AliasNode); ok {
		return
	}
	var items []ast.Node
	if s, ok := n.(*ast.SequenceNode); ok {
		items = s.Values
	} else {
		items = []ast.Node{n}
	}
	for _, it := range items {
		if a, ok := it.(*ast.AnchorNode); ok {
			it = a.Value
		}
		if _, ok := it.(ast.ScalarNode); !ok {
			continue
		}
		tok := it.GetToken()
		val := tok.Value
		if slices.Contains(r.Allowed, val) {
			continue
		}
		c.errs = append(c.errs, fmt.Sprintf("%s:%d: %s: %q is not a v0.26.5 value (allowed: %s)",
			c.block.File, c.block.Line+tok.Position.Line-1, strings.Join(keys, "."), val, strings.Join(r.Allowed, ", ")))
	}
}

func checkValues(rules []valueRule, b yamlBlock) ([]string, error) {
	f, err := parseLikeVela(b.Code)
	if err != nil {
		return nil, err
	}
	c := &valueChecker{rules: rules, block: b}
	for _, doc := range f.Docs {
		c.walk(doc, nil)
	}
	return c.errs, nil
}

// pipelinePartKeys are the starts of a partial example: a top-level pipeline key, a step or a ruleset.
var pipelinePartKeys = []string{"steps:", "stages:", "services:", "secrets:", "templates:", "metadata:", "- name:", "ruleset:"}

// isPipelinePart reports whether a YAML block is part of a pipeline without its version line: its first
// line that is neither blank nor a comment, unindented, starts with one of pipelinePartKeys. Blocks with Go template
// actions ({{ }}) are template sources and are left out, as by isPipeline.
func isPipelinePart(code string) bool {
	if strings.Contains(code, "{{") {
		return false
	}
	for _, line := range strings.Split(code, "\n") {
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		return line == s && slices.ContainsFunc(pipelinePartKeys, func(k string) bool { return strings.HasPrefix(s, k) })
	}
	return false
}

// TestYAMLExampleValues checks the fixed-set values of every pipeline example, whole or in part, under
// content/.
func TestYAMLExampleValues(t *testing.T) {
	rules := loadValueRules(t)
	checked := 0
	err := filepath.WalkDir(filepath.Join(repoRoot, "content"), func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(file, ".md") {
			return err
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repoRoot, file)
		for _, b := range yamlBlocks(rel, string(raw)) {
			if !isPipeline(b.Code) && !isPipelinePart(b.Code) {
				continue
			}
			errs, err := checkValues(rules, b)
			if err != nil {
				continue // TestYAMLExamplesValid reports blocks that do not parse
			}
			checked++
			for _, e := range errs {
				t.Error(e)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("checked the values of %d pipeline examples", checked)
}

// TestYAMLValuesCatchPlantedErrors keeps the check honest: a pipeline using every rule with good
// values passes, one wrong value per rule fails on exactly those lines, and a partial example (a
// ruleset alone) is recognised and checked too.
func TestYAMLValuesCatchPlantedErrors(t *testing.T) {
	rules := loadValueRules(t)
	good := `version: "1"
metadata:
  environment: [ steps, services ]
templates:
  - name: go
    source: .vela/go.yml
    type: file
    format: starlark
secrets:
  - name: token
    engine: native
    type: org
    pull: step_start
  - origin:
      name: vault
      image: target/secret-vault
      pull: on_start
stages:
  test:
    steps:
      - name: unit
        image: golang
        pull: always
        environment:
          pull: anything
        parameters:
          event: anything
        ruleset:
          matcher: regexp
          operator: or
          if:
            event: [ push, pull_request:opened ]
          unless:
            status: failure
`
	bad := strings.NewReplacer(
		"[ steps, services ]", "[ steps, step ]", // 1
		"type: file", "type: local", // 2
		"format: starlark", "format: star", // 3
		"engine: native", "engine: vault-kv", // 4
		"type: org", "type: user", // 5
		"pull: step_start", "pull: always", // 6
		"pull: on_start", "pull: if-not-present", // 7
		"pull: always\n", "pull: build_start\n", // 8
		"matcher: regexp", "matcher: glob", // 9
		"operator: or", "operator: any", // 10
		"pull_request:opened", "pull_request:closed", // 11
		"status: failure", "status: failed", // 12
	).Replace(good)
	part := "ruleset:\n  event: [ push, delete ]\n"
	for code, want := range map[string]bool{part: true, "- name: test\n  pull: always\n": true,
		"apiVersion: v1\nkind: Secret\n": false, "  steps:\n": false, "steps:\n  - image: {{ .image }}\n": false} {
		if isPipelinePart(code) != want {
			t.Errorf("isPipelinePart(%q) = %v, want %v", code, !want, want)
		}
	}
	for _, tc := range []struct {
		name, code string
		errs       int
	}{{"good", good, 0}, {"bad", bad, 12}, {"part", part, 1}} {
		if _, err := parser.ParseBytes([]byte(tc.code), 0); err != nil {
			t.Fatalf("%s: parse: %v", tc.name, err)
		}
		errs, err := checkValues(rules, yamlBlock{File: tc.name, Line: 1, Code: tc.code})
		if err != nil {
			t.Fatal(err)
		}
		if len(errs) != tc.errs {
			t.Errorf("%s: want %d errors, got %d:\n%s", tc.name, tc.errs, len(errs), strings.Join(errs, "\n"))
		}
	}
}
