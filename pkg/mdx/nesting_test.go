package mdx

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"docsd/pkg/content"
)

// An MDX page nested deeper than pkg/markdown's limit is an error at its line, and never reaches
// MDX's compiler (which takes seconds at a few hundred list levels and overflows its stack past a
// few thousand); a page nested to the limit is compiled.
func TestTooDeepMDXIsNotCompiled(t *testing.T) {
	c := NewCompiler(fakeCompiler(t))
	defer c.Close()
	var sent atomic.Int32
	c.onSend = func(int) { sent.Add(1) }

	deep := "---\ntitle: T\n---\n\nimport X from './x';\n\n" + strings.Repeat("- ", 5000) + "x\n"
	_, err := c.Compile([]byte(deep), Options{File: "deep.mdx", Whole: true})
	var ce *content.Error
	if !errors.As(err, &ce) || ce.File != "deep.mdx" || ce.Line != 7 || !strings.Contains(ce.Msg, "nest more than") {
		t.Fatalf("error %v, want deep.mdx:7 about nesting", err)
	}
	if n := sent.Load(); n != 0 {
		t.Errorf("the page went to the compiler (%d requests)", n)
	}

	shallow := "import X from './x';\n\n" + strings.Repeat("- ", 32) + "x\n"
	if _, err := c.Compile([]byte(shallow), Options{File: "shallow.mdx", Whole: true}); err != nil {
		t.Fatal(err)
	}
	if n := sent.Load(); n != 1 {
		t.Errorf("a page nested to the limit: %d requests, want 1", n)
	}
}
