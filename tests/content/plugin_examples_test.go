package content

// This file makes the pipeline examples of every page agree with the registry pages on what a
// plugin reads: a step (or secret origin) whose image is a registry plugin may only set parameters
// the plugin defines (testdata/plugin_params.txt, read from the plugin's flags), and a secret it
// hands to the plugin under the plugin's own names (PARAMETER_* or the plugin's prefix, such as
// KANIKO_*) must be a variable the plugin reads. Secrets for the tool inside the plugin (AWS_* for
// terraform) are not the plugin's names and are left alone.

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// pluginReads is what one plugin reads: its parameters and the variables of each.
type pluginReads struct {
	Params   map[string]bool
	Env      map[string]bool
	Prefixes map[string]bool // first words of its own variables: KANIKO, DOCKER, ...
}

// pluginReadsByImage maps each registry image to what its plugin reads.
func pluginReadsByImage(t *testing.T) map[string]pluginReads {
	t.Helper()
	bySlug := map[string]pluginReads{}
	for _, p := range pluginParams(t) {
		r, ok := bySlug[p.Slug]
		if !ok {
			r = pluginReads{Params: map[string]bool{}, Env: map[string]bool{}, Prefixes: map[string]bool{}}
			bySlug[p.Slug] = r
		}
		r.Params[p.Name] = true
		for _, e := range p.Env {
			r.Env[e] = true
			if w, _, ok := strings.Cut(e, "_"); ok && w != "PARAMETER" && w != "VELA" {
				r.Prefixes[w] = true
			}
		}
	}
	out := map[string]pluginReads{}
	for image, slug := range registryImageSlugs(t) {
		r, ok := bySlug[slug]
		if !ok {
			t.Fatalf("registry page %s (%s) has no parameters in testdata/plugin_params.txt", slug, image)
		}
		out[image] = r
	}
	return out
}

// registryImageSlugs maps each image of a registry page's image table to the page's slug.
func registryImageSlugs(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	files, err := os.ReadDir(registryDir)
	if err != nil {
		t.Fatalf("registry pages: %v", err)
	}
	for _, f := range files {
		slug, ok := strings.CutSuffix(f.Name(), ".md")
		if !ok {
			continue
		}
		body, _ := readBody(t, registryDir+"/"+f.Name())
		for _, line := range strings.Split(body, "\n") {
			if m := registryImageRow.FindStringSubmatch(line); m != nil {
				out[m[1]] = slug
			}
		}
	}
	return out
}

// pluginStep is a map of a pipeline example that runs a registry image.
type pluginStep struct {
	Name, Image string
	Node        map[string]any
}

// pluginSteps finds every map with an image key of a registry plugin, at any depth (steps, stages'
// steps, secret origins).
func pluginSteps(n any, reads map[string]pluginReads, out *[]pluginStep) {
	switch v := n.(type) {
	case map[string]any:
		if img, ok := v["image"].(string); ok {
			base, _, _ := strings.Cut(img, "@")
			base, _, _ = strings.Cut(base, ":")
			if _, ok := reads[base]; ok {
				name, _ := v["name"].(string)
				*out = append(*out, pluginStep{Name: name, Image: base, Node: v})
			}
		}
		for _, c := range v {
			pluginSteps(c, reads, out)
		}
	case []any:
		for _, c := range v {
			pluginSteps(c, reads, out)
		}
	}
}

// secretTargets are the variable names a step's secrets list gives the container.
func secretTargets(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, s := range list {
		switch s := s.(type) {
		case string:
			out = append(out, strings.ToUpper(s))
		case map[string]any:
			name, _ := s["target"].(string)
			if name == "" {
				name, _ = s["source"].(string)
			}
			if name != "" {
				out = append(out, strings.ToUpper(name))
			}
		}
	}
	return out
}

// checkPluginExamples returns one message for each parameter or secret of a plugin step that the
// plugin does not read.
func checkPluginExamples(reads map[string]pluginReads, file, text string) (steps int, errs []string) {
	for _, b := range yamlBlocks(file, text) {
		var doc any
		if err := yaml.Unmarshal([]byte(b.Code), &doc); err != nil {
			continue // not YAML a plugin step could be read from; the YAML checks report pipelines
		}
		var found []pluginStep
		pluginSteps(doc, reads, &found)
		steps += len(found)
		for _, s := range found {
			r := reads[s.Image]
			at := fmt.Sprintf("%s:%d: step %q (%s)", file, b.Line, s.Name, s.Image)
			params, _ := s.Node["parameters"].(map[string]any)
			keys := make([]string, 0, len(params))
			for k := range params {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				if !r.Params[k] {
					errs = append(errs, fmt.Sprintf("%s: parameter %q is not one the plugin defines", at, k))
				}
			}
			for _, name := range secretTargets(s.Node["secrets"]) {
				w, _, _ := strings.Cut(name, "_")
				if (w == "PARAMETER" || r.Prefixes[w]) && !r.Env[name] {
					errs = append(errs, fmt.Sprintf("%s: secret target %s is not a variable the plugin reads", at, name))
				}
			}
		}
	}
	return steps, errs
}

// TestPluginExamplesUseRealParameters checks every Markdown file under content/.
func TestPluginExamplesUseRealParameters(t *testing.T) {
	reads := pluginReadsByImage(t)
	total := 0
	for _, file := range contentFiles(t) {
		body, off := readBody(t, file)
		n, errs := checkPluginExamples(reads, file, strings.Repeat("\n", off)+body)
		total += n
		for _, e := range errs {
			t.Error(e)
		}
	}
	if total < 40 {
		t.Fatalf("only %d plugin steps found in the examples", total)
	}
	t.Logf("checked %d plugin steps", total)
}

// TestPluginExamplesCatchPlantedErrors: a misspelt parameter, a parameter of another plugin, a
// secret under a PARAMETER_ name the plugin lacks and one under its own prefix all fail; the
// correct step and a secret for the tool inside the plugin pass.
func TestPluginExamplesCatchPlantedErrors(t *testing.T) {
	reads := pluginReadsByImage(t)
	good := "```yaml\nversion: \"1\"\nsteps:\n  - name: publish\n    image: target/vela-kaniko:v0.20.0\n" +
		"    secrets:\n      - source: docker_password\n        target: kaniko_password\n" +
		"    parameters:\n      repo: index.docker.io/octocat/hello-world\n      dockerfile: Dockerfile\n" +
		"  - name: plan\n    image: target/vela-terraform:v0.12.2\n    secrets: [ aws_access_key_id ]\n" +
		"    parameters:\n      action: plan\n```\n"
	bad := "```yaml\nversion: \"1\"\nstages:\n  build:\n    steps:\n      - name: publish\n" +
		"        image: target/vela-kaniko:v0.20.0\n        secrets:\n          - source: docker_password\n" +
		"            target: kaniko_pass\n          - parameter_passwd\n" +
		"        parameters:\n          repo: index.docker.io/octocat/hello-world\n" +
		"          dockerfil: Dockerfile\n          build_args_file: args.env\n```\n"
	if n, errs := checkPluginExamples(reads, "good", good); n != 2 || len(errs) != 0 {
		t.Errorf("good: want 2 steps and no errors, got %d, %v", n, errs)
	}
	if n, errs := checkPluginExamples(reads, "bad", bad); n != 1 || len(errs) != 4 {
		t.Errorf("bad: want 1 step and 4 errors, got %d, %d: %v", n, len(errs), errs)
	}
}
