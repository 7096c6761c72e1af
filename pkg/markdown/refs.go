package markdown

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// What the link checker needs beyond Doc.Links: ids that raw HTML defines, which links came from
// reference definitions, and reference-style links whose label is defined nowhere. Parse finds them
// once (walking the tree without changing it), so they stay after Release drops the tree.

var htmlID = regexp.MustCompile(`(?i)<[a-z][^>]*?\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)')`)

// HTMLIDs returns the ids (and <a name> anchors) that raw HTML in the document defines: #anchors
// may point at them as well as at heading ids.
func (d *Doc) HTMLIDs() []string { return d.htmlIDs }

func (d *Doc) findHTMLIDs() []string {
	var out []string
	add := func(raw []byte) {
		for _, m := range htmlID.FindAllSubmatch(stripComments(raw), -1) {
			out = append(out, string(m[1])+string(m[2]))
		}
	}
	_ = ast.Walk(d.root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.RawHTML:
			var b []byte
			for i := 0; i < n.Segments.Len(); i++ {
				seg := n.Segments.At(i)
				b = append(b, seg.Value(d.source)...)
			}
			add(b)
		case *ast.HTMLBlock:
			add(n.Lines().Value(d.source))
		}
		return ast.WalkContinue, nil
	})
	return out
}

// stripComments blanks HTML comments (keeping offsets), so that commented-out markup defines no
// links and no ids.
func stripComments(raw []byte) []byte {
	s := string(raw)
	if !strings.Contains(s, "<!--") {
		return raw
	}
	b := []byte(s)
	for i := 0; ; {
		start := strings.Index(s[i:], "<!--")
		if start < 0 {
			break
		}
		start += i
		end := strings.Index(s[start+4:], "-->")
		stop := len(s)
		if end >= 0 {
			stop = start + 4 + end + 3
		}
		for j := start; j < stop; j++ {
			if b[j] != '\n' {
				b[j] = ' '
			}
		}
		i = stop
	}
	return b
}

// RefLabel is the label of the reference definition a link came from (`[text][label]`,
// `[label][]`, `[label]`), or "" for an inline link.
func (l Link) RefLabel() string { return l.refLabel }

func refLabel(n ast.Node) string {
	if n, ok := n.(*ast.Link); ok && n.Reference != nil {
		return string(n.Reference.Value)
	}
	if n, ok := n.(*ast.Image); ok && n.Reference != nil {
		return string(n.Reference.Value)
	}
	return ""
}

// Body is the Markdown the document was parsed from (the file without its front matter).
func (d *Doc) Body() []byte { return d.source }

// UndefinedRef is a full reference link, `[text][label]`, whose label no definition names: goldmark
// leaves it as literal text, so the reader sees brackets instead of a link.
type UndefinedRef struct {
	Text, Label string
	Offset      int // byte offset of the "[" in Body()
}

var fullRef = regexp.MustCompile(`!?\[([^\[\]]+)\]\[([^\[\]]+)\]`)
var codeSpan = regexp.MustCompile("`+[^`]*`+")

// UndefinedRefs lists the full reference links of the document's text whose label is undefined.
// Only the full form is checked: a lone `[word]` is too often meant literally.
func (d *Doc) UndefinedRefs() []UndefinedRef { return d.undefinedRefs }

func (d *Doc) findUndefinedRefs() []UndefinedRef {
	var out []UndefinedRef
	if !bytes.Contains(d.source, []byte("][")) {
		return nil // no full reference anywhere: most documents, and the check runs on every build
	}
	var links map[int]bool // made at the first candidate
	_ = ast.Walk(d.root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading, *east.TableCell:
		default:
			return ast.WalkContinue, nil
		}
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			if !bytes.Contains(seg.Value(d.source), []byte("][")) {
				continue
			}
			line := []byte(codeSpan.ReplaceAllStringFunc(string(seg.Value(d.source)), func(s string) string { return strings.Repeat(" ", len(s)) }))
			for _, m := range fullRef.FindAllSubmatchIndex(line, -1) {
				if line[m[0]] == '!' {
					m[0]++
				}
				if links == nil {
					links = d.linkStarts()
				}
				if off := seg.Start + m[0]; links[off+1] || links[off+2] {
					continue
				}
				out = append(out, UndefinedRef{Text: string(line[m[2]:m[3]]), Label: string(line[m[4]:m[5]]), Offset: seg.Start + m[0]})
			}
		}
		return ast.WalkSkipChildren, nil
	})
	return out
}

// linkStarts are the offsets where the text of the document's links and images starts: brackets
// at off followed by a link text at off+1 or off+2 (`![`) were resolved, and are no undefined
// reference. Found once per document: a walk of the tree per bracket pair made a line of 10,000
// `[a]` cost 1 s of CPU, and 10,000 reference links 8 s (Session 20: nest20).
func (d *Doc) linkStarts() map[int]bool {
	starts := map[int]bool{}
	_ = ast.Walk(d.root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			switch n.(type) {
			case *ast.Link, *ast.Image:
				starts[startOffset(n, d.source)] = true
			}
		}
		return ast.WalkContinue, nil
	})
	return starts
}

// AutoLinkRef is a bare or <angle-bracket> URL of the text.
type AutoLinkRef struct {
	URL    string
	Offset int // byte offset in Body()
}

// AutoLinks lists the document's autolinks (GFM's bare URLs and <https://…>): external links the
// report lists with their positions.
func (d *Doc) AutoLinks() []AutoLinkRef { return d.autoLinks }

func (d *Doc) findAutoLinks() []AutoLinkRef {
	var out []AutoLinkRef
	_ = ast.Walk(d.root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		al, ok := n.(*ast.AutoLink)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		u := string(al.URL(d.source))
		label := al.Label(d.source)
		off := -1
		// The label is a slice of the source: search for it from the end of the text before it.
		from := 0
		if t, ok := al.PreviousSibling().(*ast.Text); ok {
			from = t.Segment.Stop
		} else if p := al.Parent(); p != nil {
			for b := p; b != nil; b = b.Parent() {
				if b.Type() == ast.TypeBlock && b.Lines().Len() > 0 {
					from = b.Lines().At(0).Start
					break
				}
			}
		}
		if from <= len(d.source) {
			if i := strings.Index(string(d.source[from:]), string(label)); i >= 0 {
				off = from + i
			}
		}
		if off >= 0 {
			out = append(out, AutoLinkRef{URL: u, Offset: off})
		}
		return ast.WalkContinue, nil
	})
	return out
}
