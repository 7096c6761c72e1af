package content

import (
	"strings"
	"testing"
)

// setting is one line of testdata/settings.txt: a server, worker or UI setting, its flag ("-" when it
// is set through the environment only), the route of the page that documents it and its environment
// variables.
type setting struct {
	Component string
	Flag      string
	Route     string
	Env       []string
}

// settingsList reads testdata/settings.txt.
func settingsList(t *testing.T) []setting {
	t.Helper()
	var out []setting
	for _, l := range listLines(t, "settings list", "testdata/settings.txt") {
		parts := l.Fields
		if len(parts) != 4 {
			t.Fatalf("testdata/settings.txt:%d: want `component flag route ENV[,ENV...]`, got %q", l.N, l.Text)
		}
		out = append(out, setting{Component: parts[0], Flag: parts[1], Route: parts[2], Env: strings.Split(parts[3], ",")})
	}
	return out
}

// TestSettingsListComplete guards the list itself: server v0.26.5 has 92 flags, worker v0.26.1 has 31
// and the UI image reads 7 environment variables.
func TestSettingsListComplete(t *testing.T) {
	count := map[string]int{}
	for _, s := range settingsList(t) {
		count[s.Component]++
	}
	for component, want := range map[string]int{"server": 92, "worker": 31, "ui": 7} {
		if count[component] != want {
			t.Errorf("settings list has %d %s settings, want %d", count[component], component, want)
		}
	}
}

// TestSettingsDocumented asserts that each setting's flag and each of its environment variables
// appears, in backticks, on the installation reference page that documents it.
func TestSettingsDocumented(t *testing.T) {
	pages := map[string]page{}
	for _, s := range settingsList(t) {
		p, ok := pages[s.Route]
		if !ok {
			p = readPage(t, s.Route)
			pages[s.Route] = p
		}
		if s.Flag != "-" && !strings.Contains(p.Body, "`"+s.Flag+"`") {
			t.Errorf("%s: %s flag %s is not documented", p.File, s.Component, s.Flag)
		}
		for _, env := range s.Env {
			if !strings.Contains(p.Body, "`"+env+"`") {
				t.Errorf("%s: environment variable %s of %s %s is not documented", p.File, env, s.Component, s.Flag)
			}
		}
	}
}
