package site

import "testing"

// A doc without a description is described by its first line of text, as Docusaurus's
// createExcerpt finds it.
func TestCardExcerpt(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"# Title\n\nFirst line\nsecond line.\n", "First line"},
		{"import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n## Install {#install}\n\nText.\n", "Install"},
		{"```js\nconst x = 1;\n```\n\n<!-- a comment -->\n\n> A **quoted** [word](./x.md), `code` and ~~old~~ ![pic](a.png).\n", "A quoted word, code and old pic."},
		{":::note\n\nInside :smile: an admonition.\n\n:::\n", "Inside an admonition."},
		{"````md\n```js\nnested\n```\n````\n\nAfter.\n", "After."},
		{"# Only a title\n", ""},
	} {
		if got := cardExcerpt([]byte(c.body)); got != c.want {
			t.Errorf("cardExcerpt(%q) = %q, want %q", c.body, got, c.want)
		}
	}
}
