package markdown

import (
	"slices"
	"testing"
)

// A section's quotes are its code spans of three words or more without a flag, wherever they are
// (text, a list item, a table cell, across a line break), not its code blocks'.
func TestSectionQuotesMessages(t *testing.T) {
	src := "Intro with `one two`.\n\n## Troubleshooting\n\n- **`no tag provided for tag event`**: add a tag.\n" +
		"- The hook says `skipping build since only init and\n  clone steps found`.\n\n" +
		"Run `vela exec pipeline --tag v1` or `vela view build 14`.\n\n" +
		"| Error | Meaning |\n|---|---|\n| `client address is not a valid url` | A scheme is missing. |\n\n" +
		"```sh\necho `not a quote here`\n```\n"
	secs := New().Parse([]byte(src), 1).Sections()
	if len(secs) != 2 || len(secs[0].Quotes) != 0 {
		t.Fatalf("sections %+v", secs)
	}
	want := []string{"no tag provided for tag event", "skipping build since only init and clone steps found", "vela view build 14", "client address is not a valid url"}
	if !slices.Equal(secs[1].Quotes, want) {
		t.Errorf("quotes %q, want %q", secs[1].Quotes, want)
	}
}
