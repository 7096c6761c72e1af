package content

// The template pages under content/docs/usage/templates each show three code blocks that must agree:
// the template source, the .vela.yml that calls it and the expanded result. For the Go flavour these
// checks render the template the way the Vela v0.26 compiler does (text/template with the Sprig text
// functions minus env/expandenv, plus vela and toYaml) and compare the result with the page's expanded
// block. For the Starlark flavour they check that the three blocks exist and parse.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"text/template"

	"github.com/Masterminds/sprig/v3"
	"github.com/goccy/go-yaml"
)

// templatePlatformEnv is the build the template pages describe: build 42 of octocat/hello-world, a
// push to main. Pages that use platform variables show values from this list.
var templatePlatformEnv = map[string]string{
	"VELA_REPO_FULL_NAME": "octocat/hello-world",
	"VELA_REPO_ORG":       "octocat",
	"VELA_REPO_NAME":      "hello-world",
	"VELA_REPO_BRANCH":    "main",
	"VELA_BUILD_BRANCH":   "main",
	"VELA_BUILD_COMMIT":   "c0ffee5d1e2a3b4c5d6e7f8091a2b3c4d5e6f708",
	"VELA_BUILD_NUMBER":   "42",
	"VELA_BUILD_EVENT":    "push",
	"VELA_BUILD_AUTHOR":   "octocat",
	"VELA_BUILD_REF":      "refs/heads/main",
	"VELA_USER_NAME":      "octocat",
	"VELA_WORKSPACE":      "/vela/src/github.com/octocat/hello-world",
}

// titledBlock matches a fenced code block with a title attribute.
var titledBlock = regexp.MustCompile("(?ms)^```(\\w+)[^\\n]*?title=\"([^\"]+)\"[^\\n]*\\n(.*?)^```[ \\t]*$")

// templatePages lists the Markdown files of one flavour folder (go or starlark).
func templatePages(t *testing.T, flavour string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repoRoot, "content", "docs", "usage", "templates", flavour, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no %s template pages found", flavour)
	}
	return files
}

// titledBlocks returns the page's titled code blocks by title (the first block wins) with their
// languages.
func titledBlocks(t *testing.T, file string) (map[string]string, map[string]string) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	body := map[string]string{}
	lang := map[string]string{}
	for _, m := range titledBlock.FindAllStringSubmatch(string(raw), -1) {
		if _, seen := body[m[2]]; !seen {
			body[m[2]] = m[3]
			lang[m[2]] = m[1]
		}
	}
	return body, lang
}

// pipelineDoc is the part of a .vela.yml these checks read.
type pipelineDoc struct {
	Version   string `yaml:"version"`
	Templates []struct {
		Name   string `yaml:"name"`
		Source string `yaml:"source"`
		Format string `yaml:"format"`
		Type   string `yaml:"type"`
	} `yaml:"templates"`
	Steps []map[string]any `yaml:"steps"`
}

// requireBlocks checks that the three blocks exist with the expected languages and that the pipeline
// and the expanded result parse as version "1" pipelines.
func requireBlocks(t *testing.T, file, source, sourceLang string) (map[string]string, pipelineDoc, pipelineDoc, bool) {
	t.Helper()
	blocks, langs := titledBlocks(t, file)
	var pipe, exp pipelineDoc
	for _, want := range []struct{ title, lang string }{{source, sourceLang}, {".vela.yml", "yaml"}, {"expanded", "yaml"}} {
		if _, ok := blocks[want.title]; !ok {
			t.Errorf("%s: no code block titled %q", file, want.title)
			return nil, pipe, exp, false
		}
		if langs[want.title] != want.lang {
			t.Errorf("%s: block %q is %q, want %q", file, want.title, langs[want.title], want.lang)
		}
	}
	if !strings.HasPrefix(strings.TrimSpace(blocks[".vela.yml"]), `version: "1"`) {
		t.Errorf("%s: the .vela.yml block must start with version: \"1\"", file)
	}
	for title, doc := range map[string]*pipelineDoc{".vela.yml": &pipe, "expanded": &exp} {
		if err := yaml.Unmarshal([]byte(blocks[title]), doc); err != nil {
			t.Errorf("%s: block %q does not parse: %v", file, title, err)
			return nil, pipe, exp, false
		}
		if doc.Version != "1" {
			t.Errorf("%s: block %q has version %q, want \"1\"", file, title, doc.Version)
		}
		if len(doc.Steps) == 0 {
			t.Errorf("%s: block %q has no steps", file, title)
			return nil, pipe, exp, false
		}
	}
	if len(pipe.Templates) == 0 {
		t.Errorf("%s: the .vela.yml block has no templates entry", file)
		return nil, pipe, exp, false
	}
	for _, tm := range pipe.Templates {
		if tm.Name == "" || tm.Source == "" {
			t.Errorf("%s: a templates entry needs name and source", file)
		}
		if tm.Type != "github" && tm.Type != "file" {
			t.Errorf("%s: template %s has type %q, want github or file", file, tm.Name, tm.Type)
		}
	}
	return blocks, pipe, exp, true
}

// velaFunc mirrors Vela's vela template function: the step's VELA_* and DEPLOYMENT_PARAMETER_*
// variables, looked up case-insensitively with or without the VELA_ prefix, plus template_name (the
// calling step's name). Unknown names give "".
func velaFunc(stepName string, stepEnv map[string]any) func(string) string {
	env := map[string]string{}
	for k, v := range stepEnv {
		env[k] = fmt.Sprint(v)
	}
	for k, v := range templatePlatformEnv { // platform values override the step's own, as in Vela
		env[k] = v
	}
	vars := map[string]string{}
	for k, v := range env {
		k = strings.ToLower(k)
		if strings.HasPrefix(k, "deployment_parameter_") {
			vars[k] = v
		}
		if strings.HasPrefix(k, "vela_") {
			vars[strings.TrimPrefix(k, "vela_")] = v
		}
	}
	vars["template_name"] = stepName
	return func(key string) string {
		key = strings.ToLower(key)
		for _, prefix := range []string{"deployment_parameter_", "vela_"} {
			if v, ok := vars[strings.TrimPrefix(key, prefix)]; ok {
				return v
			}
		}
		return ""
	}
}

// toYamlFunc mirrors Vela's toYaml: the value as YAML without the trailing newline, "" on error.
func toYamlFunc(v any) string {
	out, err := yaml.Marshal(v)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(out), "\n")
}

// renderGoTemplate renders a Go-flavour template for one calling step and returns its steps, renamed
// <step>_<template step> as the compiler does.
func renderGoTemplate(src, stepName, templateName string, vars map[string]any, stepEnv map[string]any) ([]any, error) {
	funcs := sprig.TxtFuncMap()
	delete(funcs, "env")
	delete(funcs, "expandenv")
	data := map[string]any{}
	for k, v := range vars {
		data[k] = v
	}
	data["VELA_TEMPLATE_NAME"] = templateName
	tmpl, err := template.New(stepName).Funcs(funcs).Funcs(template.FuncMap{
		"vela":   velaFunc(stepName, stepEnv),
		"toYaml": toYamlFunc,
	}).Parse(src)
	if err != nil {
		return nil, fmt.Errorf("parse: %w", err)
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, data); err != nil {
		return nil, fmt.Errorf("execute: %w", err)
	}
	var rendered struct {
		Steps []map[string]any `yaml:"steps"`
	}
	if err := yaml.Unmarshal(buf.Bytes(), &rendered); err != nil {
		return nil, fmt.Errorf("rendered template is not YAML: %w\n%s", err, buf.String())
	}
	var out []any
	for _, s := range rendered.Steps {
		s["name"] = fmt.Sprintf("%s_%v", stepName, s["name"])
		out = append(out, s)
	}
	return out, nil
}

// normalize turns a value into its YAML round trip so that values parsed from different blocks compare
// equal when they are the same YAML.
func normalize(t *testing.T, v any) any {
	t.Helper()
	out, err := yaml.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var back any
	if err := yaml.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	return back
}

// TestTemplatesGoPagesExpand renders every Go-flavour page's template for each calling step of its
// pipeline and asserts that the result equals the page's expanded block.
func TestTemplatesGoPagesExpand(t *testing.T) {
	for _, file := range templatePages(t, "go") {
		blocks, pipe, exp, ok := requireBlocks(t, file, "template.yml", "yaml")
		if !ok {
			continue
		}
		formats := map[string]string{}
		for _, tm := range pipe.Templates {
			formats[tm.Name] = tm.Format
			if tm.Format != "" && tm.Format != "go" && tm.Format != "golang" {
				t.Errorf("%s: template %s has format %q on a Go page", file, tm.Name, tm.Format)
			}
		}
		var got []any
		for _, step := range pipe.Steps {
			ref, templated := step["template"].(map[string]any)
			if !templated {
				got = append(got, step)
				continue
			}
			name, _ := ref["name"].(string)
			if _, known := formats[name]; !known {
				t.Errorf("%s: step %v calls template %q, which the templates block does not define", file, step["name"], name)
				continue
			}
			vars, _ := ref["vars"].(map[string]any)
			env, _ := step["environment"].(map[string]any)
			steps, err := renderGoTemplate(blocks["template.yml"], fmt.Sprint(step["name"]), name, vars, env)
			if err != nil {
				t.Errorf("%s: step %v: %v", file, step["name"], err)
				continue
			}
			got = append(got, steps...)
		}
		want := make([]any, 0, len(exp.Steps))
		for _, s := range exp.Steps {
			want = append(want, s)
		}
		if g, w := normalize(t, got), normalize(t, want); !reflect.DeepEqual(g, w) {
			gy, _ := yaml.Marshal(g)
			wy, _ := yaml.Marshal(w)
			t.Errorf("%s: the template renders steps that differ from the expanded block\nrendered:\n%s\nexpanded block:\n%s", file, gy, wy)
		}
	}
}

// TestTemplatesStarlarkPagesHaveBlocks asserts that every Starlark page shows a template with a main
// function, a version "1" pipeline that calls it with format starlark, and an expanded block that
// parses.
func TestTemplatesStarlarkPagesHaveBlocks(t *testing.T) {
	for _, file := range templatePages(t, "starlark") {
		blocks, pipe, _, ok := requireBlocks(t, file, "template.star", "python")
		if !ok {
			continue
		}
		if !strings.Contains(blocks["template.star"], "def main(ctx)") {
			t.Errorf("%s: the template.star block has no main(ctx) function", file)
		}
		for _, tm := range pipe.Templates {
			if tm.Format != "starlark" {
				t.Errorf("%s: template %s has format %q, want starlark", file, tm.Name, tm.Format)
			}
		}
		called := false
		for _, step := range pipe.Steps {
			if _, ok := step["template"].(map[string]any); ok {
				called = true
			}
		}
		if !called {
			t.Errorf("%s: no step of the .vela.yml block calls a template", file)
		}
	}
}
