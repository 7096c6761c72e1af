package markdown

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// Code in a table cell may wrap only after `.`, `-`, `_` or `/`, never inside a flag's leading
// dashes; code elsewhere is written as goldmark writes it; every table is wrapped for scrolling.
func TestTableCodeBreaksOnlyAtNameBoundaries(t *testing.T) {
	src := "| Flag | Variable | Type | Meaning |\n|---|---|---|---|\n" +
		"| `--compiler.github.token`, `-b` | `VELA_PRIVILEGED_IMAGES` | `/api/v1/repos/{org}` | `a<b` and `--` and `0 */4 * * *` and `git:v0.8.0@sha256:02de004ae9dbf184c70039cb9ce431c3` |\n\n" +
		"Outside: `--compiler.github.token`.\n\n| A | B |\n|---|---|\n| `x.y` | z |\n"
	out := string(mustRender(t, New().Parse([]byte(src), 1), func(d string, _ bool) string { return d }))
	for _, want := range []string{
		`<div class="table-wrap table-wide table-stack" data-columns="4"><table>`,
		`<code><span class="nowrap">--compiler.</span><wbr>github.<wbr>token</code>`,
		`<code><span class="nowrap">-b</span></code>`,
		`<code>VELA_<wbr>PRIVILEGED_<wbr>IMAGES</code>`,
		`<code>/<wbr>api/<wbr>v1/<wbr>repos/<wbr>{org}</code>`,
		`<code>a&lt;b</code>`,
		`<code>--</code>`,
		`<code>0 */4 * * *</code>`,
		`<code>git:v0.<wbr>8.<wbr><span class="break-any">0@sha256:02de004ae9dbf184c70039cb9ce431c3</span></code>`,
		"</table>\n</div>",
		`Outside: <code>--compiler.github.token</code>.`,
		`<div class="table-wrap" data-columns="2"><table>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
}

// A table of three or more columns can be read on a phone one block per row: it is marked
// table-stack and each body cell carries its column's name (escaped, as plain text); a two-column
// table stays as it is.
func TestTableCellsCarryTheirColumnNames(t *testing.T) {
	src := "| Flag | **Type** | `a<b` \"c\" |\n|---|:---:|---|\n| `--org` | string | x |\n| `--repo` | | y |\n\n" +
		"| A | B |\n|---|---|\n| `x.y` | z |\n"
	out := string(mustRender(t, New().Parse([]byte(src), 1), func(d string, _ bool) string { return d }))
	for _, want := range []string{
		`<div class="table-wrap table-stack" data-columns="3"><table>`,
		`<th>Flag</th>`,
		`<td data-label="Flag"><code><span class="nowrap">--org</span></code></td>`,
		`<td data-label="Type" style="text-align:center">string</td>`,
		`<td data-label="a&lt;b &quot;c&quot;">x</td>`,
		`<td data-label="Type" style="text-align:center"></td>`,
		`<div class="table-wrap" data-columns="2"><table>`,
		`<td><code>x.<wbr>y</code></td>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
}

// A search snippet keeps a table's cells apart and ends each row.
func TestTableTextKeepsCellsApart(t *testing.T) {
	d := New().Parse([]byte("## Flags\n\n| Flag | Meaning |\n|---|---|\n| `--org` | The organisation |\n| `--repo` | The repo. |\n"), 1)
	var text string
	for _, s := range d.Sections() {
		if s.ID == "flags" {
			text = s.Text
		}
	}
	if want := "Flag · Meaning. --org · The organisation. --repo · The repo."; text != want {
		t.Errorf("section text %q, want %q", text, want)
	}
}

// The column names of a stacked table are written as its cells are, not kept on the tree: a 20 MB
// page of tables held 210 MB of data-label attributes until its tree was released (issue 17). Only
// an aligned cell, whose style goldmark writes beside it, still carries one; a second render of the
// same tree writes the same cells.
func TestTableCellLabelsAreNotKeptOnTheTree(t *testing.T) {
	src := "| Flag | Type | Meaning |\n|---|:---:|---|\n| `--org` | string | x |\n| `--repo` | bool | y |\n"
	d := New().Parse([]byte(src), 1)
	resolve := func(dest string, _ bool) string { return dest }
	first := string(mustRender(t, d, resolve))
	labelled := 0
	_ = ast.Walk(d.root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*east.TableCell); ok && entering {
			if _, has := c.AttributeString("data-label"); has {
				labelled++
				if c.Alignment == east.AlignNone {
					t.Errorf("an unaligned cell keeps its data-label on the tree")
				}
			}
		}
		return ast.WalkContinue, nil
	})
	if labelled != 2 {
		t.Errorf("%d cells keep a data-label, want the 2 aligned body cells", labelled)
	}
	if !strings.Contains(first, `<td data-label="Flag"><code>`) || !strings.Contains(first, `<td data-label="Meaning">y</td>`) {
		t.Errorf("the unaligned cells lost their labels:\n%s", first)
	}
	if second := string(mustRender(t, d, resolve)); strings.Count(second, "data-label") != strings.Count(first, "data-label") {
		t.Errorf("a second render writes other labels:\n%s\nthen\n%s", first, second)
	}
}

// TestWideTableCellsCarryTheirColumnNames: every cell of a wide table gets its own column's name,
// in rows shorter than the header too, and in two documents rendered at once (the renderer keeps
// a cursor per table being rendered).
func TestWideTableCellsCarryTheirColumnNames(t *testing.T) {
	const cols = 300
	var b strings.Builder
	for i := 0; i < cols; i++ {
		fmt.Fprintf(&b, "| h%d ", i)
	}
	b.WriteString("|\n" + strings.Repeat("|---", cols) + "|\n")
	for r := 0; r < 3; r++ {
		for i := 0; i < cols-r*100; i++ { // later rows are shorter: goldmark fills them
			fmt.Fprintf(&b, "| r%dc%d ", r, i)
		}
		b.WriteString("|\n")
	}
	src := b.String()
	conv := New()
	docs := []*Doc{conv.Parse([]byte(src), 1), conv.Parse([]byte("intro\n\n"+src), 1)}
	outs := make([][]byte, len(docs))
	var wg sync.WaitGroup
	for i, d := range docs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := d.Render(func(s string, _ bool) string { return s })
			if err != nil {
				t.Error(err)
			}
			outs[i] = out
		}()
	}
	wg.Wait()
	cell := regexp.MustCompile(`<td data-label="h(\d+)">(?:r\dc(\d+))?</td>`)
	for i, out := range outs {
		cells := cell.FindAllStringSubmatch(string(out), -1)
		if len(cells) != 3*cols {
			t.Fatalf("document %d: %d labelled cells, want %d", i, len(cells), 3*cols)
		}
		for j, m := range cells {
			if want := fmt.Sprint(j % cols); m[1] != want || (m[2] != "" && m[2] != want) {
				t.Fatalf("document %d: cell %d is %q, want column %s", i, j, m[0], want)
			}
		}
	}
}
