package mdx

// Docusaurus's MDX loader gives every MDX file a `toc`: an export (`export const toc = [{value,
// id, level}, …]`) that the file's own JSX sees too, and that another file may import (`import
// {toc} from './other.mdx'`). Its documented use is `<TOCInline toc={toc} />`, and sites write
// `toc.slice(1)` or `toc.filter(…)` (jest's docs: 24 pages). As in Docusaurus 3, it holds the
// file's headings of levels 2 to 6 and, where the file shows an imported .md/.mdx partial on a
// line of its own, the partial's toc in its place; value is the heading's HTML, inline code,
// emphasis and strikethrough kept (markdown.Doc.HeadingsHTML).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"

	"docsd/pkg/markdown"
)

// A file that binds `toc` itself (imports it, or exports its own) keeps its own, as Docusaurus
// keeps it. An import of another file's toc under another name (`{toc as other}`) binds no toc
// here, nor does a mention of toc in an export's value.
var (
	tocImported = regexp.MustCompile(`^import\b[^'"]*\btoc\b[^'"]*\bfrom\b`)
	tocRenamed  = regexp.MustCompile(`\btoc\s+as\s+[A-Za-z_$][\w$]*`)
	tocExported = regexp.MustCompile(`^export\s+((const|let|var|class|function\*?|async\s+function)\s+toc\b|\{[^}]*\btoc\b)`)
)

// bindsTOC reports whether body binds `toc` in an import or export of its own (outside code). An
// import or export list written over several lines is read as one.
func bindsTOC(body []byte) bool {
	if !bytes.Contains(body, []byte("toc")) {
		return false // every form binds the name toc
	}
	found := false
	open := "" // an import or export list not closed yet
	eachLine(string(body), func(line string) string {
		if open != "" || strings.HasPrefix(line, "import") || strings.HasPrefix(line, "export") {
			open += " " + strings.TrimSpace(line)
			stmt := strings.TrimSpace(open)
			if strings.Contains(stmt, "{") && !strings.Contains(stmt, "}") && len(stmt) < 4096 {
				return line
			}
			open = ""
			found = found || tocImported.MatchString(tocRenamed.ReplaceAllString(stmt, "")) || tocExported.MatchString(stmt)
		}
		return line
	}, nil)
	return found
}

// tocEntry is one entry of a toc as Docusaurus gives it.
type tocEntry struct {
	Value string `json:"value"`
	ID    string `json:"id"`
	Level int    `json:"level"`
}

// tocModule is the JavaScript that gives a file its toc: module-level, before the file's own
// code, so that its exports and JSX can read it. headings are the file's own; body is read for
// the partials it shows. Empty when the file binds toc itself.
func (c *Compiler) tocModule(body []byte, line int, doc *markdown.Doc) string {
	if bindsTOC(body) {
		return ""
	}
	var imports, items []string
	add := func(h markdown.Heading, value string) {
		if h.Level < 2 || h.Level > 6 {
			return
		}
		if value == "" {
			value = html.EscapeString(h.Text)
		}
		e, _ := json.Marshal(tocEntry{Value: value, ID: h.ID, Level: h.Level})
		items = append(items, string(e))
	}
	// valueOf is heading i's HTML, keeping its inline markup as Docusaurus does (its text when
	// the tree is gone).
	valueOf := func(values []string, i int) string {
		if i < len(values) {
			return values[i]
		}
		return ""
	}
	if parts := FindPartials(body); parts != nil {
		marked := c.conv.Parse(ModelSource(parts.Marked), line)
		values := marked.HeadingsHTML()
		for n, h := range marked.Headings {
			i, ok := parts.Placeholder(h.Text)
			if ok && strings.Contains(parts.Specs[i], "!") {
				continue // a webpack loader's text (`!!raw-loader!./a.md`), no partial
			}
			if !ok {
				add(h, valueOf(values, n))
				continue
			}
			name := fmt.Sprintf("__docsdToc%d", len(imports))
			spec, _ := json.Marshal(parts.Specs[i])
			imports = append(imports, fmt.Sprintf("import {toc as %s} from %s;\n", name, spec))
			items = append(items, "..."+name)
		}
	} else {
		values := doc.HeadingsHTML()
		for n, h := range doc.Headings {
			add(h, valueOf(values, n))
		}
	}
	return strings.Join(imports, "") + "export const toc = [" + strings.Join(items, ", ") + "];\n"
}
