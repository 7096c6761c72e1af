package markdown

import (
	"fmt"
	"strings"
	"testing"
)

func TestLintWarnings(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // line:col: start of the message
	}{
		{"unclosed fence", "# T\n\ntext\n\n```go\ncode\n\n## later\n", []string{"5:1: code fence ``` is never closed"}},
		{"unclosed tilde fence", "# T\n\n  ~~~~\ncode\n", []string{"3:3: code fence ~~~~ is never closed"}},
		{"unclosed fence in a quote", "# T\n\n> ```\n> code\n\nafter\n", []string{"3:3: code fence ``` is never closed"}},
		{"unclosed admonition", "# T\n\n:::note\nbody\n", []string{"3:1: admonition :::note is never closed"}},
		{"unknown kind", "# T\n\n:::cauton\nbody\n:::\n", []string{`3:1: unknown admonition kind "cauton", shown as a note (did you mean "caution"?)`}},
		{"unknown kind after text", "# T\n\ntext\n  :::Warnin[Hi]\nbody\n:::\n", []string{`4:3: unknown admonition kind "warnin"`}},
		{"title after a space", "# T\n\n:::tip Read this\nbody\n:::\n", nil},
		{"stray closing fence", "# T\n\n:::tip\nbody\n:::\n:::\n", []string{"6:1: ::: closes no admonition"}},
		// A line after the stray fence: goldmark asks the parser whether the fence continues.
		{"stray closing fence before text", "# T\n\ntext\n\n:::\n\nmore text\n", []string{"5:1: ::: closes no admonition"}},
		{"MDX imports, one warning", "import A from './_a.md';\nimport B from '@site/b';\n\n# T\n\nexport const x = 1;\n", []string{"1:1: MDX import/export lines are left out"}},
		{"clean", "# T\n\n```go\ncode\n```\n\n````\n```\n````\n\n~~~\n~~~\n\n- item\n\n  ```\n  x\n  ```\n\n> ```\n> y\n> ```\n\n:::note[T]\n```\n:::\n```\n:::\n\n```\n```\n", nil},
		{"closed at end without newline", "# T\n\n```\ncode\n```", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := New().Parse([]byte(c.src), 1)
			var got []string
			for _, w := range d.Warnings {
				got = append(got, fmt.Sprintf("%d:%d: %s", w.Line, w.Column, w.Msg))
			}
			if len(got) != len(c.want) {
				t.Fatalf("warnings %q, want %q", got, c.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], c.want[i]) {
					t.Errorf("warning %q, want it to start with %q", got[i], c.want[i])
				}
			}
		})
	}
}
