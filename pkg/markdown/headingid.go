package markdown

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Heading ids are made the way Docusaurus makes them (github-slugger on the heading's rendered
// text), so that links written against a Docusaurus or GitHub rendering keep working: entities are
// decoded and emphasis markers, link targets and inline HTML are gone before the text is slugged;
// lower case, punctuation dropped, each space a hyphen, repeats get -1, -2, ...
type githubIDs struct {
	used map[string]bool
	// next is, per base, the suffix to try first: every one below it is taken (ids are never
	// freed), so a page of n headings with one text costs n tries, not n²/2 as counting from 1 did
	// (github-slugger keeps the same count).
	next  map[string]int
	tries int // ids looked up, for the test that holds them to one per heading and taken one
}

func newGithubIDs() *githubIDs { return &githubIDs{used: map[string]bool{}, next: map[string]int{}} }

// Slug turns a heading's rendered text into an id without de-duplication (github-slugger's rule:
// letters, marks, numbers, connector punctuation such as _, hyphens and spaces stay; each space
// becomes a hyphen; everything else goes).
func Slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r) || unicode.Is(unicode.Pc, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Generate implements parser.IDs.
func (g *githubIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	base := Slug(string(value))
	if base == "" {
		base = "heading"
	}
	id := base
	if g.used[id] {
		i := max(g.next[base], 1)
		for id = base + "-" + strconv.Itoa(i); g.used[id]; id = base + "-" + strconv.Itoa(i) {
			g.tries++
			i++
		}
		g.next[base] = i + 1
	}
	g.used[id] = true
	return []byte(id)
}

// Put implements parser.IDs.
func (g *githubIDs) Put(value []byte) { g.used[string(value)] = true }

// headingIDs gives every heading without an explicit {#id} its id once inline Markdown is parsed:
// goldmark's own ids come from the raw line, emphasis markers and entity names included.
type headingIDs struct{}

// Transform implements parser.ASTTransformer.
func (headingIDs) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		if id, ok := h.AttributeString("id"); ok {
			if b, ok := id.([]byte); ok {
				pc.IDs().Put(b)
			}
			return ast.WalkSkipChildren, nil
		}
		h.SetAttributeString("id", pc.IDs().Generate([]byte(renderedText(h, src)), ast.KindHeading))
		return ast.WalkSkipChildren, nil
	})
}

// renderedText is the text a reader sees in an inline node: entities and backslash escapes
// resolved (not in code), inline HTML left out, an image's alternative text kept.
func renderedText(n ast.Node, src []byte) string { return inlineText(n, src, true) }
