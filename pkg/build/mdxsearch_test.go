package build

// An MDX page's search sections carry what its Markdown marks as a Markdown page's do: the
// messages its code spans quote (and the keys of its tables and emphasised words, from the same
// model), which search ranks a pasted message and a screen's label by. The rendered text the
// sections come from does not mark them: an MDX page had none.

import (
	"strings"
	"testing"
)

func TestMDXPageSearchSectionsCarryQuotes(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/errors.mdx", "---\ntitle: Errors\n---\n\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n"+
		"## Troubleshooting\n\nThe worker logs `unable to reach the queue` when it starts too early.\n\n"+
		"<Tabs>\n<TabItem value=\"a\" label=\"A\">\n\nPress *Restart Build*.\n\n</TabItem>\n</Tabs>\n")
	if docs := searchDocsText(built(t, opts)); !strings.Contains(docs, `"quotes":["unable to reach the queue"]`) {
		t.Errorf("the MDX page's record lacks its quote:\n%.2000s", docs)
	}
}
