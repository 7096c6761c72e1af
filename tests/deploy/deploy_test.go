// Package deploy checks what cannot run here: the GitHub workflow and the container recipe. Their
// shell steps (scripts/ci-links.sh) run in make test, and the nginx configuration runs in a real
// nginx (pkg/server/nginx_test.go); these tests hold the files that wire them together.
package deploy

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

type workflow struct {
	On   map[string]any `yaml:"on"`
	Jobs map[string]struct {
		If          string            `yaml:"if"`
		Permissions map[string]string `yaml:"permissions"`
		Steps       []struct {
			ID   string            `yaml:"id"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			With map[string]any    `yaml:"with"`
			Env  map[string]string `yaml:"env"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

func TestWorkflowRunsTheScript(t *testing.T) {
	raw, err := os.ReadFile("../../.github/workflows/docs.yml")
	if err != nil {
		t.Fatal(err)
	}
	var w workflow
	if err := yaml.Unmarshal(raw, &w); err != nil {
		t.Fatalf("the workflow is not YAML: %v", err)
	}
	if _, ok := w.On["pull_request"]; !ok {
		t.Error("the workflow does not run on pull requests")
	}
	push, _ := w.On["push"].(map[string]any)
	if branches, _ := push["branches"].([]any); len(branches) != 1 || branches[0] != "main" {
		t.Errorf("the workflow does not deploy from main: %v", w.On["push"])
	}
	links, ok := w.Jobs["links"]
	if !ok || !strings.Contains(links.If, "pull_request") {
		t.Fatal("no links job for pull requests")
	}
	found := false
	for _, s := range links.Steps {
		if s.Run == "scripts/ci-links.sh check" {
			found = true
			if !strings.Contains(s.Env["CI_LINKS_BASE"], "pull_request.base.sha") {
				t.Error("the check does not know the pull request's base, so it cannot annotate the changed lines")
			}
		}
	}
	if !found {
		t.Error("the links job does not run scripts/ci-links.sh check")
	}
	deploy, ok := w.Jobs["deploy"]
	if !ok || !strings.Contains(deploy.If, "refs/heads/main") {
		t.Fatal("no deploy job for main")
	}
	if deploy.Permissions["pages"] != "write" || deploy.Permissions["id-token"] != "write" {
		t.Errorf("deploying to Pages needs pages and id-token write: %v", deploy.Permissions)
	}
	var steps []string
	for _, s := range deploy.Steps {
		if s.Run != "" {
			steps = append(steps, s.Run)
		} else {
			steps = append(steps, strings.SplitN(s.Uses, "@", 2)[0])
		}
		if strings.HasPrefix(s.Uses, "actions/upload-pages-artifact") && s.With["path"] != "_site" {
			t.Errorf("the Pages artifact is %v, not the folder the script lays out", s.With["path"])
		}
	}
	want := []string{"scripts/ci-links.sh pages _site", "actions/upload-pages-artifact", "actions/deploy-pages"}
	at := 0
	for _, s := range steps {
		if at < len(want) && s == want[at] {
			at++
		}
	}
	if at != len(want) {
		t.Errorf("deploy steps %v do not build, upload and deploy in that order", steps)
	}
}

func TestContainerRecipe(t *testing.T) {
	df, err := os.ReadFile("../../deploy/Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	d := string(df)
	if n := len(regexp.MustCompile(`(?m)^FROM `).FindAllString(d, -1)); n < 3 {
		t.Errorf("want a multi-stage build (Go, Node, nginx), got %d stages", n)
	}
	gomod, _ := os.ReadFile("../../go.mod")
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(string(gomod))
	if goVersion == nil || !strings.Contains(d, "FROM golang:"+goVersion[1]+"-") {
		t.Errorf("the Go image is not the go.mod version %v", goVersion)
	}
	for _, w := range []string{"FROM node:20-", "npm ci", "docsd build --once --out /site",
		"COPY deploy/nginx/nginx.conf /etc/nginx/nginx.conf", "COPY deploy/nginx/docsd.conf /etc/nginx/docsd.conf",
		"COPY --from=build /site /usr/share/nginx/html/docs", "EXPOSE 8080"} {
		if !strings.Contains(d, w) {
			t.Errorf("the Dockerfile lacks %q", w)
		}
	}
	conf, err := os.ReadFile("../../deploy/nginx/nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"include /etc/nginx/docsd.conf;", "root /usr/share/nginx/html;", "listen 8080;"} {
		if !strings.Contains(string(conf), w) {
			t.Errorf("deploy/nginx/nginx.conf lacks %q", w)
		}
	}
	ignore, err := os.ReadFile("../../.dockerignore")
	if err != nil || !strings.Contains(string(ignore), "node_modules") || !strings.Contains(string(ignore), "build") {
		t.Errorf(".dockerignore must keep node_modules and build out of the context: %v", err)
	}
}
