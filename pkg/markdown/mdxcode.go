package markdown

// MDX pages are compiled by the MDX compiler in Node, but their code blocks must look exactly like
// those of Markdown pages: CodeHighlighter gives pkg/mdx the same HTML for a fence's info string and
// text as the Markdown renderer writes.

import (
	"bufio"
	"bytes"
)

// CodeHighlighter renders single code blocks; it is safe for concurrent use.
type CodeHighlighter struct {
	r *codeRenderer
}

// NewCodeHighlighter makes a highlighter (one per compiler: it compiles the style's classes once).
func NewCodeHighlighter() *CodeHighlighter { return &CodeHighlighter{r: newCodeRenderer()} }

// HTML is the block's HTML for a fence with the info string info (```info) holding code; code is
// the text between the fences, each line ending with a newline, as goldmark gives it.
func (h *CodeHighlighter) HTML(info, code string) string {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	h.r.write(w, ParseCodeInfo(info), code)
	_ = w.Flush()
	return buf.String()
}
