package markdown

// A large page rendered again starts at the size of its last render (RenderString): the same
// HTML, in one allocation of the builder instead of its growth.

import (
	"strings"
	"testing"
)

func TestRenderStringStartsAtTheLastSize(t *testing.T) {
	var src strings.Builder
	for src.Len() < 700<<10 {
		src.WriteString("Some `code` and a [link](other.md) in a paragraph of words, *emphasis*. [Another](x.md).\n\n")
	}
	d := New().Parse([]byte(src.String()), 1)
	resolve := func(dest string, image bool) string { return "/docs/" + strings.TrimSuffix(dest, ".md") }
	first, err := d.RenderString(resolve)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) < renderHintMin {
		t.Fatalf("the page renders to %d bytes, want at least %d for the hint", len(first), renderHintMin)
	}
	if d.rendered != len(first) {
		t.Fatalf("rendered = %d, want %d", d.rendered, len(first))
	}
	// Another locale: links resolve longer; the HTML is what a render without the hint gives.
	longer := func(dest string, image bool) string { return "/docs/fr/" + strings.TrimSuffix(dest, ".md") }
	again, err := d.RenderString(longer)
	if err != nil {
		t.Fatal(err)
	}
	d.rendered = 0
	want, _ := d.RenderString(longer)
	if again != want {
		t.Fatal("the render started at the last size differs from one without it")
	}
	// The hint saves the builder's growth: far fewer allocations than a render without it.
	withHint := testing.AllocsPerRun(3, func() { d.RenderString(resolve) })
	without := testing.AllocsPerRun(3, func() { d.rendered = 0; d.RenderString(resolve) })
	if withHint >= without-5 {
		t.Errorf("a render with the hint makes %.0f allocations, without %.0f: the hint is not used", withHint, without)
	}
	// A hint far above the page (an edit cut it): the string is trimmed, and the hint follows.
	d.rendered = 20 * len(first)
	cut, _ := d.RenderString(resolve)
	if cut != first || d.rendered != len(first) {
		t.Fatalf("after a too-large hint: same HTML %v, rendered %d, want %d", cut == first, d.rendered, len(first))
	}
}
