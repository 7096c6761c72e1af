package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const minimal = `title = "T"
[[versions]]
name = "current"
is_last = true
[[locales]]
code = "en"
default = true
`

// TestSiteRegistryListsEveryPlugin holds docsd.toml to the 23 registry plugins, each with a
// committed page to fall back on.
func TestSiteRegistryListsEveryPlugin(t *testing.T) {
	s, err := Load("../../docsd.toml")
	if err != nil {
		t.Fatal(err)
	}
	r := s.Registry
	if r.API != "https://api.github.com" || r.Ref != "main" || r.Dir != "docs/usage/plugins/registry" {
		t.Errorf("registry table: %+v", r)
	}
	if len(r.Plugins) != 23 {
		t.Errorf("%d registry plugins, want 23", len(r.Plugins))
	}
	for _, p := range r.Plugins {
		if _, err := os.Stat(filepath.Join("../../content", r.Dir, p.Slug+".md")); err != nil {
			t.Errorf("plugin %s has no committed page: %v", p.Slug, err)
		}
	}
	if WebFor(r.API) != "https://github.com" {
		t.Errorf("web address of api.github.com: %s", WebFor(r.API))
	}
}

func TestWebFor(t *testing.T) {
	for api, want := range map[string]string{
		"https://api.github.com":                "https://github.com",
		"https://ghe.example.com/api/v3":        "https://ghe.example.com",
		"https://ghe.example.com/api/v3/":       "https://ghe.example.com",
		"http://127.0.0.1:8080":                 "https://github.com",
		"https://proxy.example.com/github/api/": "https://github.com",
	} {
		if got := WebFor(api); got != want {
			t.Errorf("WebFor(%q) = %q, want %q", api, got, want)
		}
	}
}

func TestRegistryEntriesAreChecked(t *testing.T) {
	cases := map[string]struct{ toml, want string }{
		"slug with a path": {`[registry]
dir = "docs/registry"
[[registry.plugins]]
slug = "../escape"
repo = "go-vela/vela-git"
file = "DOCS.md"`, "slug"},
		"duplicate slug": {`[registry]
dir = "docs/registry"
[[registry.plugins]]
slug = "git"
repo = "go-vela/vela-git"
file = "DOCS.md"
[[registry.plugins]]
slug = "git"
repo = "go-vela/vela-git"
file = "DOCS.md"`, "listed twice"},
		"bad repo": {`[registry]
dir = "docs/registry"
[[registry.plugins]]
slug = "git"
repo = "vela-git"
file = "DOCS.md"`, "owner/name"},
		"file leaving the repository": {`[registry]
dir = "docs/registry"
[[registry.plugins]]
slug = "git"
repo = "go-vela/vela-git"
file = "../DOCS.md"`, "inside the repository"},
		"dir leaving content": {`[registry]
dir = "../outside"
[[registry.plugins]]
slug = "git"
repo = "go-vela/vela-git"
file = "DOCS.md"`, "inside content/"},
		"api not http": {`[registry]
api = "file:///etc"
dir = "docs/registry"
[[registry.plugins]]
slug = "git"
repo = "go-vela/vela-git"
file = "DOCS.md"`, "http(s) URL"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Parse("docsd.toml", []byte(minimal+c.toml))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
	ok := minimal + `[registry]
dir = "docs/registry"
[[registry.plugins]]
slug = "ssh"
repo = "go-vela/vela-openssh"
file = "docs/usage-ssh.md"`
	s, err := Parse("docsd.toml", []byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	if s.Registry.API != "https://api.github.com" || s.Registry.Ref != "main" {
		t.Errorf("defaults: %+v", s.Registry)
	}
}
