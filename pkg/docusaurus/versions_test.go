package docusaurus

import (
	"strings"
	"testing"
)

// TestVersionsFileListsCurrent: a versions.json that lists "current" itself (tRPC's
// ["current", "10.x", "9.x"]) places it there; docsd.toml once listed it twice and did not load.
// onlyIncludeVersions and disableVersioning choose the versions built, and the default latest is
// the first released one among those (else current): one left out was picked, and no version was
// the latest.
func TestVersionsFileListsCurrent(t *testing.T) {
	for _, tc := range []struct {
		name, lastVersion string
		more              string // more docs options, JSON
		versions          []string
		want              []string // the [[versions]] names in order
		wantLast          string
	}{
		{"listed first", "current", "", []string{"current", "10.x", "9.x"}, []string{"current", "10.x", "9.x"}, "current"},
		{"listed last, default lastVersion", "", "", []string{"2.x", "current"}, []string{"2.x", "current"}, "2.x"},
		{"not listed, default lastVersion", "", "", []string{"2.x", "1.x"}, []string{"current", "2.x", "1.x"}, "2.x"},
		{"only current listed", "", "", []string{"current"}, []string{"current"}, "current"},
		// Docusaurus picks the default latest among the versions it builds.
		{"onlyIncludeVersions without the newest", "", `"onlyIncludeVersions": ["current", "1.x"]`, []string{"2.x", "1.x"}, []string{"current", "1.x"}, "1.x"},
		{"onlyIncludeVersions of current", "", `"onlyIncludeVersions": ["current"]`, []string{"2.x", "1.x"}, []string{"current"}, "current"},
		{"disableVersioning", "", `"disableVersioning": true`, []string{"2.x", "1.x"}, []string{"current"}, "current"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var opts []string
			if tc.lastVersion != "" {
				opts = append(opts, `"lastVersion": "`+tc.lastVersion+`"`)
			}
			if tc.more != "" {
				opts = append(opts, tc.more)
			}
			docs := "{" + strings.Join(opts, ", ") + "}"
			cfg := `{"title": "T", "baseUrl": "/", "presets": [["classic", {"docs": ` + docs + `}]]}`
			out, notes, err := Convert(Input{ConfigFile: "docusaurus.config.js", SiteDir: ".", Config: []byte(cfg),
				Versions: tc.versions, Exists: func(string) bool { return false }})
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range notes {
				if strings.Contains(n.Key, "Version") {
					t.Errorf("noted: %v", n)
				}
			}
			var names []string
			last := ""
			for _, block := range strings.Split(string(out), "[[versions]]")[1:] {
				name := between(block, `name = "`, `"`)
				names = append(names, name)
				if strings.Contains(block, "is_last = true") {
					last = name
				}
			}
			if strings.Join(names, ",") != strings.Join(tc.want, ",") || last != tc.wantLast {
				t.Errorf("versions %v (last %q), want %v (last %q)\n%s", names, last, tc.want, tc.wantLast, out)
			}
		})
	}
}

func between(s, from, to string) string {
	_, after, ok := strings.Cut(s, from)
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(after, to)
	return v
}
