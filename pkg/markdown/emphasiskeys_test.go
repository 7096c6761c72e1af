package markdown

import "testing"

// What a section emphasises is among its keys (emphasisKeys): the words of a screen the docs name
// (*Restart Build*, _Settings_), which readers type as they saw them. Strong text, code, code
// blocks and tables (whose first cells are keys of their own) add nothing.
func TestEmphasisedWordsAreKeys(t *testing.T) {
	src := "Intro.\n\n## Restart a build\n\nOpen the build and choose *Restart Build* on the _Settings_ tab, " +
		"**not** `*code*`.\n\n- In a list: *Cancel Build*.\n\n```sh\necho *glob*\n```\n\n" +
		"| Field | Effect |\n|---|---|\n| `counter` | *Build Counter* on the page. |\n"
	secs := New().Parse([]byte(src), 1).Sections()
	if len(secs) != 2 {
		t.Fatalf("sections %+v", secs)
	}
	if want := "Restart Build Settings Cancel Build counter"; secs[1].Keys != want {
		t.Errorf("keys %q, want %q", secs[1].Keys, want)
	}
}
