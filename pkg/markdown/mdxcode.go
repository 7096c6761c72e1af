package markdown

// MDX pages are compiled by the MDX compiler in Node, but their code blocks must look exactly like
// those of Markdown pages: CodeHighlighter gives pkg/mdx the same HTML for a fence's info string and
// text as the Markdown renderer writes.

import (
	"bufio"
	"bytes"
	"sync"
)

// CodeHighlighter renders single code blocks; it is safe for concurrent use.
type CodeHighlighter struct {
	r *codeRenderer
	// writers are the renderer's buffered writers, kept for the next block: a new one's 4 KB
	// buffer for every fence of every MDX page was a tenth of what a page's runs allocated.
	writers sync.Pool
}

// NewCodeHighlighter makes a highlighter (one per compiler: it compiles the style's classes once).
func NewCodeHighlighter() *CodeHighlighter { return NewCodeHighlighterSharing(&Highlights{}) }

// NewCodeHighlighterSharing is NewCodeHighlighter with the highlighted code blocks of h.
func NewCodeHighlighterSharing(h *Highlights) *CodeHighlighter {
	return &CodeHighlighter{r: newCodeRenderer(h)}
}

// HTML is the block's HTML for a fence with the info string info (```info) holding code; code is
// the text between the fences, each line ending with a newline, as goldmark gives it. The error is
// a block marked npm2yarn whose commands could not be converted.
func (h *CodeHighlighter) HTML(info, code string) (string, error) {
	var buf bytes.Buffer
	w, _ := h.writers.Get().(*bufio.Writer)
	if w == nil {
		w = bufio.NewWriter(&buf)
	} else {
		w.Reset(&buf)
	}
	err := h.r.write(w, ParseCodeInfo(info), code)
	_ = w.Flush()
	w.Reset(nil)
	h.writers.Put(w)
	return buf.String(), err
}
