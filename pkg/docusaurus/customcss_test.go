package docusaurus

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCustomCSSForms: every way a Docusaurus config names its customCss becomes custom_css in
// docsd.toml, relative to the project (the site in website/), and what names no file of the
// project is listed as not carried over instead.
func TestCustomCSSForms(t *testing.T) {
	files := map[string]bool{
		"website/src/css/custom.css":                        true,
		"website/src/css/extra.scss":                        true,
		"website/node_modules/katex/dist/katex.min.css":     true,
		"node_modules/@fontsource/inter/index.css":          true,
		"website/src/css/plain.css":                         true,
		"website/src/theme/overrides.css":                   true,
		"website/static/ignored.css":                        false,
		"website/src/css/../../outside-site-but-inside.css": false,
	}
	for _, tc := range []struct {
		name     string
		css      any
		want     []string // custom_css; nil when the key is not written
		wantNote string   // a note's key and text, "" for none
	}{
		{"require.resolve's string", "./src/css/custom.css", []string{"website/src/css/custom.css"}, ""},
		{"plain path", "src/css/plain.css", []string{"website/src/css/plain.css"}, ""},
		{"@site alias", "@site/src/theme/overrides.css", []string{"website/src/theme/overrides.css"}, ""},
		{"absolute, from path.resolve(__dirname)", "/home/writer/project/website/src/css/custom.css", []string{"website/src/css/custom.css"}, ""},
		{"list with Sass and packages", []any{"./src/css/custom.css", "./src/css/extra.scss", "katex/dist/katex.min.css", "@fontsource/inter/index.css"},
			[]string{"website/src/css/custom.css", "website/src/css/extra.scss", "website/node_modules/katex/dist/katex.min.css", "node_modules/@fontsource/inter/index.css"}, ""},
		{"missing file", []any{"./src/css/custom.css", "./src/css/gone.css"}, []string{"website/src/css/custom.css"},
			`presets[0].theme.customCss[1]: "./src/css/gone.css" is not a file of the project; not carried over`},
		{"outside the project", "../../elsewhere/custom.css", nil, `presets[0].theme.customCss: "../../elsewhere/custom.css" is outside the project`},
		{"absolute outside the project", "/etc/custom.css", nil, `presets[0].theme.customCss: "/etc/custom.css" is not a file of the project`},
		{"not a path", 42, nil, "presets[0].theme.customCss: not carried over (neither a path nor a list of paths)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			theme, _ := json.Marshal(map[string]any{"customCss": tc.css})
			cfg := `{"title": "T", "baseUrl": "/", "presets": [["classic", {"theme": ` + string(theme) + `}]]}`
			site, out, notes := convertSite(t, Input{ConfigFile: "website/docusaurus.config.js", SiteDir: "website", Config: []byte(cfg),
				ProjectAbs: "/home/writer/project", Exists: func(p string) bool { return files[p] }})
			if strings.Join(site.CustomCSS, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("custom_css = %q, want %q\n%s", site.CustomCSS, tc.want, out)
			}
			var said []string
			for _, n := range notes {
				if strings.Contains(n.Key, "theme") || strings.Contains(n.Why, "css") {
					said = append(said, n.Key+": "+n.Why)
				}
			}
			switch {
			case tc.wantNote == "" && len(said) > 0:
				t.Errorf("notes %q; want none: customCss is carried over", said)
			case tc.wantNote != "" && (len(said) != 1 || !strings.HasPrefix(said[0], tc.wantNote)):
				t.Errorf("notes %q; want one starting %q", said, tc.wantNote)
			}
		})
	}
}

// TestThemeOptionsBesideCustomCSS: the classic preset's other theme options are still listed.
func TestThemeOptionsBesideCustomCSS(t *testing.T) {
	cfg := `{"title": "T", "presets": [["classic", {"theme": {"customCss": "./custom.css", "other": true}}]]}`
	out, notes, err := Convert(Input{ConfigFile: "docusaurus.config.js", SiteDir: ".", Config: []byte(cfg),
		Exists: func(p string) bool { return p == "custom.css" }})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "custom_css = [\"custom.css\"]\n") {
		t.Errorf("custom_css not written:\n%s", out)
	}
	if len(notes) != 1 || notes[0].Key != "presets[0].theme.other" {
		t.Errorf("notes = %v, want presets[0].theme.other alone", notes)
	}
}
