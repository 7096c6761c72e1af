package markdown

import (
	"strings"
	"testing"
)

// A block met again (another page, another version of the docs) is not highlighted again, and its
// HTML is the same; its title, outside the <pre>, is its own; marked lines and the language are
// part of what is highlighted.
func TestHighlightedBlocksAreMadeOnce(t *testing.T) {
	h := NewCodeHighlighter()
	code := "version: \"1\"\nsteps:\n  - name: test\n"
	first, _ := h.HTML(`yaml title="a.yml"`, code)
	again, _ := h.HTML(`yaml title="a.yml"`, code)
	if first != again || h.r.made.Load() != 1 {
		t.Fatalf("made %d, same HTML %v:\n%s\n%s", h.r.made.Load(), first == again, first, again)
	}
	titled, _ := h.HTML(`yaml title="b.yml"`, code)
	if h.r.made.Load() != 1 || !strings.Contains(titled, `<div class="code-title">b.yml</div>`) ||
		strings.Replace(titled, "b.yml", "a.yml", 1) != first {
		t.Errorf("another title: made %d:\n%s", h.r.made.Load(), titled)
	}
	marked, _ := h.HTML(`yaml {2}`, code)
	other, _ := h.HTML(`json`, code)
	if h.r.made.Load() != 3 || marked == other || !strings.Contains(marked, "hl") {
		t.Errorf("marked lines and another language: made %d:\n%s\n%s", h.r.made.Load(), marked, other)
	}
	fresh, _ := NewCodeHighlighter().HTML(`yaml {2}`, code)
	if fresh != marked {
		t.Errorf("the cached block differs from one highlighted anew:\n%s\n%s", marked, fresh)
	}
}

// The cache holds at most maxHighlighted bytes: past it, it starts again.
func TestHighlightCacheIsBounded(t *testing.T) {
	var c Highlights
	big := strings.Repeat("x", maxHighlighted/3)
	for i := 0; i < 7; i++ {
		c.put(c.key("go", nil, big+string(rune('a'+i))), big)
		if c.bytes > maxHighlighted {
			t.Fatalf("after %d blocks the cache holds %d bytes", i+1, c.bytes)
		}
	}
	if _, ok := c.get(c.key("go", nil, big+"g")); !ok {
		t.Errorf("the last block is not held")
	}
}

// Renderers made to share a cache share it: the MDX compiler's highlighter does not highlight
// again what the builder's Markdown converter did; a renderer of its own keeps its own.
func TestHighlightsAreShared(t *testing.T) {
	code := "shared: true\n"
	conv := New()
	shared, own := NewCodeHighlighterSharing(conv.Highlights()), NewCodeHighlighter()
	if _, err := conv.Parse([]byte("```yaml\n"+code+"```\n"), 1).RenderString(nil); err != nil {
		t.Fatal(err)
	}
	if shared.HTML("yaml", code); shared.r.made.Load() != 0 {
		t.Errorf("the shared highlighter highlighted the block again")
	}
	if own.HTML("yaml", code); own.r.made.Load() != 1 {
		t.Errorf("a highlighter of its own made %d blocks, want 1", own.r.made.Load())
	}
}
