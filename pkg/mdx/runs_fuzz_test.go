package mdx

// FuzzSplitRuns feeds the splitter malformed and odd pages: it must not panic, and a split it
// makes must be one the compiler's answer can be patched from (each placeholder once, on a line
// of its own, the other lines the page's in order).

import (
	"strings"
	"testing"
)

func FuzzSplitRuns(f *testing.F) {
	for _, seed := range []string{
		mixedPage,
		"# T\n\ntext\n\n<Foo>\n\n- a\n- b\n\n</Foo>\n",
		"```js\nunclosed\n\n<Foo />\n",
		":::note\n\ntext\n\n:::\n\nafter\n",
		"::::info[T]\n:::tip Plain\n- a\n:::\n::::\n\n:::note\n:::tip\nx\n:::\n:::\n\n:::warning\n```\n:::\n```\n:::\n",
		"export const a = {\n\n};\n\n# H {#id}\n\n| a |\n|---|\n| 1 |\n",
		"<div>\n\n# Inner\n\ntext\n\n</div>\n\n# Title\n\nmore",
		"Setext\nover lines\n---\n\n- [ ] task\n\n1) x\n",
		"> ```\n> code\n\n-\n  x\n\n  ```\n  y\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		sp := splitOf(t, body, true)
		if sp == nil {
			return
		}
		src := string(StripHeadingIDs(UnwrapCodeBlocks([]byte(body))))
		in := strings.Split(src, "\n")
		out := strings.Split(sp.source, "\n")
		if len(sp.lines) != len(sp.runs) || len(sp.runs) == 0 {
			t.Fatalf("%d runs, %d line ranges", len(sp.runs), len(sp.lines))
		}
		// Walk the page's lines: a run's first line is its placeholder, its others are gone.
		k, prev := 0, -1
		for i, r := range sp.lines {
			if r[0] <= prev || r[1] < r[0] || r[1] >= len(in) {
				t.Fatalf("run %d lines %v after %d of %d", i, r, prev, len(in))
			}
			prev = r[1]
		}
		j, run := 0, 0
		for i := 0; i < len(in); i++ {
			if run < len(sp.lines) && i == sp.lines[run][0] {
				if j >= len(out) || out[j] != `<tokrun`+itoa(run)+` />` {
					t.Fatalf("line %d: want run %d's placeholder, source has %q", i, run, out[min(j, len(out)-1)])
				}
				i = sp.lines[run][1]
				run++
				j++
				k++
				continue
			}
			if j >= len(out) || out[j] != in[i] {
				t.Fatalf("line %d of the page is not the compiler's line %d", i, j)
			}
			j++
		}
		if j != len(out) || k != len(sp.runs) {
			t.Fatalf("the compiler's source has %d lines, %d used; %d placeholders of %d", len(out), j, k, len(sp.runs))
		}
	})
}
