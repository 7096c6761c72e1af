package markdown

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// githubIDs makes heading ids the way GitHub does, so that links written against GitHub's rendering
// keep working: lower case, punctuation dropped, spaces become hyphens, repeats get -1, -2, ...
type githubIDs struct {
	used map[string]bool
}

func newGithubIDs() *githubIDs { return &githubIDs{used: map[string]bool{}} }

var mdLink = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)

// Slug turns heading text (raw Markdown of the heading line) into an id without de-duplication.
func Slug(heading string) string {
	heading = mdLink.ReplaceAllString(heading, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (g *githubIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	base := Slug(string(value))
	if base == "" {
		base = "heading"
	}
	id := base
	for i := 1; g.used[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
	g.used[id] = true
	return []byte(id)
}

func (g *githubIDs) Put(value []byte) { g.used[string(value)] = true }
