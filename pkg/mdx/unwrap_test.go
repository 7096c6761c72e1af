package mdx

import (
	"strings"
	"testing"
)

// TestUnwrapCodeBlocksNested: Docusaurus unwraps ```mdx-code-block fences, then ````mdx-code-block
// ones, so a four-backtick block around Tabs whose panels hold three-backtick blocks (ory's pages
// import CodeBlock in one and use it in the next) is MDX through and through; a code fence inside
// a block, and what it shows (even an mdx-code-block fence), stays code.
func TestUnwrapCodeBlocksNested(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"nested",
			"````mdx-code-block\n<Tabs>\n<TabItem value=\"a\">\n\n```mdx-code-block\nimport CodeBlock from '@theme/CodeBlock'\n\n<CodeBlock>{x}</CodeBlock>\n```\n\n</TabItem>\n</Tabs>\n````\n",
			"\n<Tabs>\n<TabItem value=\"a\">\n\n\nimport CodeBlock from '@theme/CodeBlock'\n\n<CodeBlock>{x}</CodeBlock>\n\n\n</TabItem>\n</Tabs>\n\n"},
		{"code inside a block stays",
			"```mdx-code-block\n<Tabs>\n````md\n```mdx-code-block\n<X />\n```\n````\n</Tabs>\n```\nafter\n",
			"\n<Tabs>\n````md\n```mdx-code-block\n<X />\n```\n````\n</Tabs>\n\nafter\n"},
		{"same length inside is code",
			"````mdx-code-block\n````js\nlet a;\n````\n````\n",
			"\n````js\nlet a;\n````\n\n"},
		{"two in a row",
			"```mdx-code-block\n<A />\n```\n\ntext\n\n```mdx-code-block\n<B />\n```\n",
			"\n<A />\n\n\ntext\n\n\n<B />\n\n"},
	} {
		if got := string(UnwrapCodeBlocks([]byte(tc.in))); got != tc.want {
			t.Errorf("%s:\ngot  %q\nwant %q", tc.name, got, tc.want)
		}
	}
	if got := string(UnwrapCodeBlocks([]byte("no fences\n"))); !strings.HasPrefix(got, "no fences") {
		t.Errorf("a page without mdx-code-block changed: %q", got)
	}
}
