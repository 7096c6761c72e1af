package links

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"docsd/pkg/config"
)

var (
	tomlHeader = regexp.MustCompile(`^\s*\[\[?\s*([A-Za-z0-9_.\-]+)\s*\]\]?`)
	// A link-like key and its string value, in a table or an inline table.
	tomlLink  = regexp.MustCompile(`(?:^|[\s{,])(to|href|src|favicon)\s*=\s*(?:"([^"]*)"|'([^']*)')`)
	tomlLabel = regexp.MustCompile(`(?:^|[\s{,])(?:label|alt)\s*=\s*(?:"([^"]*)"|'([^']*)')`)
)

// config checks the links of docsd.toml: navbar and footer items (to, href), the logos' src and
// href, and the favicon. It reads the file's text rather than the decoded configuration so that
// every problem has the line and column of the value. The values are found again only when the
// text changed since the last check: a large site's docsd.toml (a sidebar and navbar entry per
// product) took 2 ms a check to scan, for an edit of one page.
func (c *checker) config() {
	if len(c.in.Config) == 0 {
		return
	}
	refs := c.in.Last.configLinks(c.in.Config, c.in.ConfigFile)
	if refs == nil {
		refs = findConfigLinks(c.in.Config, c.in.ConfigFile)
	}
	c.report.configText, c.report.configFile, c.report.configRefs = c.in.Config, c.in.ConfigFile, refs
	for _, r := range refs {
		c.configLink(r.p, r.key, r.navbar)
	}
}

// configRef is a link-like value of docsd.toml: the problem it would be (its position, text and
// target), its key and whether the navbar holds it.
type configRef struct {
	p      Problem
	key    string
	navbar bool
}

// configLinks are the values a report found in docsd.toml, when its text was text; nil otherwise.
func (r *Report) configLinks(text []byte, file string) []configRef {
	if r == nil || r.configRefs == nil || r.configFile != file || !bytes.Equal(r.configText, text) {
		return nil
	}
	return r.configRefs
}

// findConfigLinks lists the link-like values of docsd.toml's text (never nil).
func findConfigLinks(text []byte, file string) []configRef {
	out := []configRef{}
	section, label := "", ""
	for i, line := range strings.Split(string(text), "\n") {
		code := stripTOMLComment(line)
		if m := tomlHeader.FindStringSubmatch(code); m != nil && strings.HasPrefix(strings.TrimSpace(code), "[") {
			section, label = m[1], ""
			continue
		}
		if m := tomlLabel.FindStringSubmatch(code); m != nil {
			label = m[1] + m[2]
		}
		if section == "announcement" {
			out = append(out, announcementLinks(file, i+1, code)...)
			continue
		}
		top := section == ""
		nav := section == "navbar" || strings.HasPrefix(section, "navbar.")
		foot := section == "footer" || strings.HasPrefix(section, "footer.")
		if !top && !nav && !foot {
			continue
		}
		for _, m := range tomlLink.FindAllStringSubmatchIndex(code, -1) {
			key := code[m[2]:m[3]]
			vs, ve := m[4], m[5]
			if vs < 0 {
				vs, ve = m[6], m[7]
			}
			value := code[vs:ve]
			if (key == "favicon") != top {
				continue
			}
			text := label
			// An inline table names its own label: { label = "…", to = "…" }.
			if open := strings.LastIndex(code[:m[0]+1], "{"); open >= 0 {
				if lm := tomlLabel.FindStringSubmatch(code[open:]); lm != nil {
					text = lm[1] + lm[2]
				}
			}
			p := Problem{File: file, Line: i + 1, Column: vs + 1, Text: text, Target: value, Kind: KindLink}
			out = append(out, configRef{p, key, nav})
		}
	}
	return out
}

// The announcement bar's content is HTML, written inside a TOML string: its quotes are \" in a
// basic string, or ' either way.
var (
	announcementAttr    = regexp.MustCompile(`(?i)\b(href|src)\s*=\s*(?:\\"|')([^"'\\]*)`)
	announcementContent = regexp.MustCompile(`^\s*content\s*=`)
)

// announcementLinks are the links of the announcement bar's HTML.
func announcementLinks(file string, line int, code string) []configRef {
	if !announcementContent.MatchString(code) {
		return nil
	}
	var out []configRef
	for _, m := range announcementAttr.FindAllStringSubmatchIndex(code, -1) {
		p := Problem{File: file, Line: line, Column: m[4] + 1, Text: "announcement", Target: code[m[4]:m[5]], Kind: KindLink}
		key := strings.ToLower(code[m[2]:m[3]])
		if key == "href" {
			key = "to" // a site path as the page's own links use it
		}
		out = append(out, configRef{p, key, false})
	}
	return out
}

// configLink checks one value of docsd.toml the way the shell uses it.
func (c *checker) configLink(p Problem, key string, navbar bool) {
	value := p.Target
	if value == "" {
		return
	}
	if isExternal(value) {
		c.external(External{File: p.File, Line: p.Line, Column: p.Column, Text: p.Text, Target: value})
		return
	}
	resolved := value
	switch key {
	case "favicon":
		// The favicon is a path relative to the base path.
		p.Kind = KindImage
		resolved = c.base + "/" + strings.TrimPrefix(value, "/")
	case "src":
		p.Kind = KindImage
	case "to":
		// The navbar puts the base path in front of a site path that lacks it (NavbarItems.jsx);
		// the footer uses the path as written.
		if navbar && strings.HasPrefix(value, "/") && value != c.base && !strings.HasPrefix(value, c.base+"/") {
			resolved = c.base + value
		}
	}
	if !strings.HasPrefix(resolved, "/") {
		resolved = c.base + "/" + resolved
	}
	c.checkTarget(p, resolved, nil, true)
}

func stripTOMLComment(line string) string {
	inStr := byte(0)
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case inStr != 0 && ch == '\\' && inStr == '"':
			i++
		case inStr != 0 && ch == inStr:
			inStr = 0
		case inStr == 0 && (ch == '"' || ch == '\''):
			inStr = ch
		case inStr == 0 && ch == '#':
			return line[:i]
		}
	}
	return line
}

// refs reports the keys and doc ids that assembly could not resolve, at the value in its file.
func (c *checker) refs() {
	for _, r := range c.s.Refs {
		p := Problem{File: r.File, Line: 1, Column: 1, Text: r.Field, Target: r.Value, Kind: r.Kind, Message: r.Message}
		if r.File == c.in.ConfigFile {
			p.Line, p.Column = tomlValuePos(c.in.Config, r.Field, r.Value)
		} else if line, col, ok := yamlValuePos(c.text(r.File), r.Field, r.Value); ok {
			p.Line, p.Column = line, col
		}
		p.Suggestion = c.sugs.keys(r.Candidates).closest(r.Value, len(r.Value)/3+2)
		c.problem(p)
	}
}

// tomlValuePos finds `key = "value"` in docsd.toml; 1:1 when it is not written there.
func tomlValuePos(text []byte, key, value string) (int, int) {
	re := regexp.MustCompile(`(?:^|[\s{,])` + regexp.QuoteMeta(key) + `\s*=\s*["']` + regexp.QuoteMeta(value) + `["']`)
	for i, line := range strings.Split(string(text), "\n") {
		if loc := re.FindStringIndex(stripTOMLComment(line)); loc != nil {
			col := strings.IndexAny(line[loc[0]:], `"'`) + loc[0] + 2
			return i + 1, col
		}
	}
	return 1, 1
}

// yamlValuePos finds a value of a front-matter or YAML file key (dotted for nested keys: link.id),
// or one item of a list value, and returns its line and column in the file.
func yamlValuePos(text []byte, field, value string) (int, int, bool) {
	if len(text) == 0 {
		return 0, 0, false
	}
	text = []byte(strings.TrimPrefix(string(text), "\ufeff")) // a BOM does not move lines
	src, lineOffset := text, 0
	if strings.HasPrefix(string(text), "---") {
		// Front matter: the YAML between the first two --- lines.
		lines := strings.SplitAfter(string(text), "\n")
		var b strings.Builder
		found := false
		for _, l := range lines[1:] {
			if strings.TrimRight(l, " \t\r\n") == "---" {
				found = true
				break
			}
			b.WriteString(l)
		}
		if !found {
			return 0, 0, false
		}
		src, lineOffset = []byte(b.String()), 1
	}
	f, err := parser.ParseBytes(src, 0)
	if err != nil || len(f.Docs) == 0 {
		return 0, 0, false
	}
	node := f.Docs[0].Body
	for _, k := range strings.Split(field, ".") {
		m := mapping(node)
		if m == nil {
			return 0, 0, false
		}
		var next ast.Node
		for _, mv := range m.Values {
			if strings.TrimSpace(mv.Key.String()) == k {
				next = mv.Value
			}
		}
		if next == nil {
			return 0, 0, false
		}
		node = next
	}
	if seq, ok := node.(*ast.SequenceNode); ok {
		for _, v := range seq.Values {
			if scalar(v) == value {
				node = v
				break
			}
		}
	}
	tk := node.GetToken()
	if tk == nil || tk.Position == nil {
		return 0, 0, false
	}
	return tk.Position.Line + lineOffset, tk.Position.Column, true
}

func mapping(n ast.Node) *ast.MappingNode {
	switch m := n.(type) {
	case *ast.MappingNode:
		return m
	case *ast.MappingValueNode:
		return &ast.MappingNode{Values: []*ast.MappingValueNode{m}}
	}
	return nil
}

func scalar(n ast.Node) string {
	s := strings.TrimSpace(n.String())
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		s = s[1 : len(s)-1]
	}
	return s
}

// Counts sums the problems by kind.
func (r *Report) Counts() map[string]int {
	out := map[string]int{}
	for _, p := range r.Problems {
		out[p.Kind]++
	}
	return out
}

// Summary is one line about the report, for logs.
func (r *Report) Summary() string {
	return fmt.Sprintf("%d broken links, %d external links (not checked), %d orphan pages", len(r.Problems), len(r.External), len(r.Orphans))
}

func hasItem(items []config.NavbarItem, typ string) bool {
	for _, it := range items {
		if it.Type == typ || hasItem(it.Items, typ) {
			return true
		}
	}
	return false
}
