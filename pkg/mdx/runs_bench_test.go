package mdx

// BenchmarkSplitRuns: the run split of a page like bench/mdx/cost.sh's JSX page at SIZE=9 (nine
// copies of a section of prose, a list, a table, a code block and a note), its runs proved by
// setOff or each parsed alone again (sameBlocks): `go test ./pkg/mdx -run X -bench SplitRuns`.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"

	"docsd/pkg/markdown"
)

const benchSection = "Setting up the fixture takes a few steps. Each step below names the file it changes and the\ncommand that checks it; run them in order, on a machine with **network access** and `git`.\n\n" +
	"## Prepare the machine%s\n\n1. Install the runtime and the command-line tools.\n2. Check the versions with `fixture version`; the output lists each component.\n3. Create a working folder, for instance `~/work/fixture`.\n\n" +
	"| Setting | Default | What it does |\n|---|---|---|\n| `workers` | `4` | how many builds run at once |\n| `cache` | `~/.cache/fixture` | where downloaded layers go |\n\n" +
	"```yaml title=\"fixture.yml\"\nversion: \"1\"\nsteps:\n  - name: test\n    commands:\n      - go test ./...\n```\n\n" +
	"%s\n\n## Run a build%s\n\nStart the worker, then push a commit. The worker picks the build up, pulls the images and runs\neach step in its own container; a failing step stops the ones after it.\n\n" +
	"### Read the logs%s\n\nLogs stream to the terminal while the build runs, and stay available afterwards with\n`fixture logs <build>`. See [the introduction](./intro.md) for the vocabulary.\n"

func BenchmarkSplitRuns(b *testing.B) {
	var page strings.Builder
	page.WriteString("import Admonition from '@theme/Admonition';\n\n")
	for c := 1; c <= 9; c++ {
		n := ""
		if c > 1 {
			n = fmt.Sprintf(" %d", c)
			page.WriteString("\n")
		}
		note := "<Admonition type=\"note\">\nThe configuration file is read once, when the worker starts.\n</Admonition>"
		fmt.Fprintf(&page, benchSection, n, note, n, n)
	}
	body := []byte(page.String())
	conv := markdown.New()
	modelSrc := ModelSource(body)
	model := conv.Parse(modelSrc, 1)
	src := string(StripHeadingIDs(body))
	hl := markdown.NewCodeHighlighter()
	for _, parse := range []bool{true, false} {
		b.Run(map[bool]string{true: "parse", false: "setOff"}[parse], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				model.WithTree(modelSrc, func(tree ast.Node) {
					if sp := splitRuns(src, conv, tree, modelSrc, "tok", false, model.Headings, nil, hl, true, parse); sp == nil || len(sp.runs) < 9 {
						b.Fatalf("split %v", sp)
					}
				})
			}
		})
	}
}
