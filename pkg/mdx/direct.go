package mdx

// direct.go writes in Go the module the MDX compiler gives for the simplest sources a split page
// leaves it (runs.go): a leading import block, components with plain string attributes written one
// tag a line, the runs' placeholders, and paragraphs of plain words. Such pages are common (tabs,
// admonitions and details around Markdown), and for them the compiler's call, about 1 ms a page
// before V8 has optimised @mdx-js/mdx and 60 ms for its process to start, was most of what an MDX
// page cost over a Markdown page of the same size (issue #21). The module is the compiler's to the
// byte (TestDirectModuleIsTheCompilers compares the two on generated sources); anything this file
// does not read exactly, it leaves to the compiler, whose errors and rules then apply as before.

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// docsdProvided are the components docsd's provider gives every page without an import
// (site/src/mdx/components.jsx; compile.mjs's `provided`; TestProvidedComponents).
var docsdProvided = []string{"Admonition", "DocsdAdmonitionTitle", "DocsdHTML", "DocsdTruncate"}

var (
	// An import statement of the forms compile.mjs's takeImports reads by hand: a default binding,
	// {named} bindings or * as a namespace (or a default with one of the others), from a path in
	// quotes with no quote or backslash in it.
	directImport = regexp.MustCompile(`^import[ \t]+(?:([A-Za-z_$][\w$]*)(?:[ \t]*(,)[ \t]*|[ \t]+))?(?:\{([^{}'"]*)\}[ \t]*|\*[ \t]*as[ \t]+([A-Za-z_$][\w$]*)[ \t]+)?from[ \t]*(?:'([^'"\\\r\n]*)'|"([^'"\\\r\n]*)")[ \t]*;?[ \t]*$`)
	directNamed  = regexp.MustCompile(`^[ \t]*([A-Za-z_$][\w$]*)(?:[ \t]+as[ \t]+([A-Za-z_$][\w$]*))?[ \t]*$`)
	// A component's opening (or self-closing) tag alone on its line, its attributes plain: a
	// name with a string value in either quotes, or a name alone (true).
	directOpen  = regexp.MustCompile(`^<([A-Z][A-Za-z0-9]*)((?:[ \t]+[A-Za-z][A-Za-z0-9_-]*(?:="[^"]*"|='[^']*')?)*)[ \t]*(/?)>$`)
	directAttr  = regexp.MustCompile(`[ \t]+([A-Za-z][A-Za-z0-9_-]*)(?:="([^"]*)"|='([^']*)')?`)
	directClose = regexp.MustCompile(`^</([A-Z][A-Za-z0-9]*)>$`)
	// Words JavaScript reserves (acorn refuses them as bindings; compile.mjs's reservedWords).
	reservedWords = func() map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields("await break case catch class const continue debugger default delete do else enum export extends false finally for " +
			"function if implements import in instanceof interface let new null package private protected public return static " +
			"super switch this throw true try typeof var void while with yield arguments eval") {
			m[w] = true
		}
		return m
	}()
)

// jsxNode is one node of a direct source: a component, a run's placeholder or a paragraph.
type jsxNode struct {
	name     string // a component's
	attrs    [][2]string
	flags    []bool // by attribute: written without a value (true)
	children []*jsxNode
	run      int    // a placeholder's run, -1 for others
	runName  string // a placeholder's element name
	text     string // a paragraph's, "" for others
}

// importStatement is one statement of the leading import block, as the compiler writes it.
type importStatement struct {
	byDefault, namespace string
	named                [][2]string // imported, local
	named0               bool        // {…} written, even if empty
	quote, path          string
}

// directModule is the compiler's answer to req written here, and whether this file could write
// it (false: ask the compiler). provided are the names the site's MDXComponents gives (open: any).
func directModule(req *request) (answer, bool) {
	if req.Kind != "" || req.Runs == 0 || req.Token == "" || strings.IndexByte(req.Source, '\r') >= 0 {
		return answer{}, false
	}
	lines := strings.Split(req.Source, "\n")
	at := 0
	for at < len(lines) && lines[at] == "" {
		at++
	}
	imports, locals, at, ok := directImports(lines, at)
	if !ok {
		return answer{}, false
	}
	root, ok := directBody(lines[at:], req.Token)
	if !ok || len(root) == 0 {
		return answer{}, false
	}
	// The names the page uses that it does not import come from the provider: docsd's, the
	// site's, or (a partial, or an open MDXComponents) any the page is given when it renders.
	fromProvider := map[string]bool{}
	paragraphs := false
	runs := make([]int, 0, req.Runs)
	inJSX := make([]bool, req.Runs)
	var walk func(nodes []*jsxNode, inElement bool) bool
	walk = func(nodes []*jsxNode, inElement bool) bool {
		for _, n := range nodes {
			switch {
			case n.run >= 0:
				if n.run >= req.Runs || slices.Contains(runs, n.run) {
					return false
				}
				runs = append(runs, n.run)
				inJSX[n.run] = inElement
			case n.name == "":
				paragraphs = true
			default:
				if kind, imported := locals[n.name]; imported {
					if kind != "binding" {
						return false
					}
				} else {
					if req.Page && !req.AnyComponent && !slices.Contains(docsdProvided, n.name) && !slices.Contains(req.Components, n.name) {
						return false // the compiler says where the undefined component is
					}
					fromProvider[n.name] = true
				}
				if !walk(n.children, true) {
					return false
				}
			}
		}
		return true
	}
	if !walk(root, false) || len(runs) != req.Runs || !runHeadingsHeld(req, runs) {
		return answer{}, false
	}

	var b strings.Builder
	b.Grow(1024 + len(req.Source))
	fragment := len(root) > 1
	multi := fragment || anyMany(root)
	b.WriteString("import {")
	if fragment {
		b.WriteString("Fragment as _Fragment, ")
	}
	b.WriteString("jsx as _jsx")
	if multi {
		b.WriteString(", jsxs as _jsxs")
	}
	b.WriteString("} from \"react/jsx-runtime\";\nimport {useMDXComponents as _provideComponents} from \"docsd:mdx-components\";\n")
	for _, s := range imports {
		s.write(&b)
	}
	b.WriteString("function _createMdxContent(props) {\n")
	provided := make([]string, 0, len(fromProvider))
	for name := range fromProvider {
		provided = append(provided, name)
	}
	slices.Sort(provided)
	destructured := "{" + strings.Join(provided, ", ") + "}"
	switch {
	case paragraphs:
		b.WriteString("  const _components = {\n    p: \"p\",\n    ..._provideComponents(),\n    ...props.components\n  }")
		if len(provided) > 0 {
			b.WriteString(", " + destructured + " = _components")
		}
		b.WriteString(";\n")
	case len(provided) > 0:
		b.WriteString("  const " + destructured + " = {\n    ..._provideComponents(),\n    ...props.components\n  };\n")
	}
	for _, name := range provided {
		b.WriteString("  if (!" + name + ") _missingMdxReference(\"" + name + "\", true);\n")
	}
	b.WriteString("  return ")
	if fragment {
		writeElement(&b, "_Fragment", nil, nil, root, true, 1)
	} else {
		writeNode(&b, root[0], 1)
	}
	b.WriteString(";\n}\n")
	b.WriteString(mdxContentFunction)
	if len(provided) > 0 {
		b.WriteString(missingReferenceFunction)
	}
	return answer{JS: b.String(), RunsInJSX: inJSX}, true
}

// The module's last functions, as the compiler writes them.
const (
	mdxContentFunction = "export default function MDXContent(props = {}) {\n  const {wrapper: MDXLayout} = {\n    ..._provideComponents(),\n" +
		"    ...props.components\n  };\n  return MDXLayout ? _jsx(MDXLayout, {\n    ...props,\n    children: _jsx(_createMdxContent, {\n" +
		"      ...props\n    })\n  }) : _createMdxContent(props);\n}\n"
	missingReferenceFunction = "function _missingMdxReference(id, component) {\n  throw new Error(\"Expected \" + (component ? \"component\" : \"object\") + " +
		"\" `\" + id + \"` to be defined: you likely forgot to import, pass, or provide it.\");\n}\n"
)

// directImports reads the import block at lines[at:], which ends at an empty line (or is not
// there): its statements, the names it binds ("binding", or "namespace" for * as), and the line
// after it. Not ok for a block the compiler reads otherwise or refuses.
func directImports(lines []string, at int) ([]importStatement, map[string]string, int, bool) {
	locals := map[string]string{}
	var out []importStatement
	bind := func(name, kind string) bool {
		if reservedWords[name] || locals[name] != "" || strings.HasPrefix(name, "_") || name == "MDXContent" || name == "MDXLayout" || name == "props" {
			return false
		}
		locals[name] = kind
		return true
	}
	for ; at < len(lines) && lines[at] != ""; at++ {
		m := directImport.FindStringSubmatch(lines[at])
		if m == nil {
			if len(out) == 0 {
				return nil, locals, at, true // no import block
			}
			return nil, nil, 0, false
		}
		s := importStatement{byDefault: m[1], namespace: m[4], quote: "'", path: m[5]}
		if m[6] != "" || strings.Contains(m[0], `"`) {
			s.quote, s.path = `"`, m[6]
		}
		braces := strings.Contains(lines[at], "{")
		more := braces || m[4] != ""
		if m[1] == "" && !more || (m[2] != "") != (m[1] != "" && more) {
			return nil, nil, 0, false
		}
		if m[1] != "" && !bind(m[1], "binding") || m[4] != "" && !bind(m[4], "namespace") {
			return nil, nil, 0, false
		}
		if braces {
			s.named0 = true
			items := strings.Split(m[3], ",")
			if len(items) > 1 && strings.TrimSpace(items[len(items)-1]) == "" {
				items = items[:len(items)-1]
			}
			for _, item := range items {
				n := directNamed.FindStringSubmatch(item)
				if n == nil || n[2] == "" && reservedWords[n[1]] {
					return nil, nil, 0, false
				}
				local := n[2]
				if local == "" {
					local = n[1]
				}
				if !bind(local, "binding") {
					return nil, nil, 0, false
				}
				s.named = append(s.named, [2]string{n[1], local})
			}
			if len(s.named) == 0 {
				return nil, nil, 0, false
			}
		}
		out = append(out, s)
	}
	// MDX reads an import block to its empty line: what follows it must come after one.
	if len(out) > 0 && at >= len(lines) {
		return nil, nil, 0, false
	}
	return out, locals, at, true
}

// write writes the statement as the compiler's printer does.
func (s importStatement) write(b *strings.Builder) {
	b.WriteString("import ")
	parts := []string{}
	if s.byDefault != "" {
		parts = append(parts, s.byDefault)
	}
	if s.namespace != "" {
		parts = append(parts, "* as "+s.namespace)
	}
	if s.named0 {
		named := make([]string, len(s.named))
		for i, n := range s.named {
			named[i] = n[0]
			if n[1] != n[0] {
				named[i] += " as " + n[1]
			}
		}
		parts = append(parts, "{"+strings.Join(named, ", ")+"}")
	}
	b.WriteString(strings.Join(parts, ", ") + " from " + s.quote + s.path + s.quote + ";\n")
}

// directBody reads the page after its imports into the top-level nodes, or not ok.
func directBody(lines []string, token string) ([]*jsxNode, bool) {
	root := &jsxNode{run: -1}
	stack := []*jsxNode{root}
	var para []string
	end := func() {
		if len(para) > 0 {
			top := stack[len(stack)-1]
			top.children = append(top.children, &jsxNode{run: -1, text: strings.Join(para, "\n")})
			para = para[:0]
		}
	}
	placeholder := "<" + token + "run"
	for _, line := range lines {
		top := stack[len(stack)-1]
		switch {
		case line == "":
			end()
		case strings.HasPrefix(line, placeholder):
			n, ok := atoiExact(strings.TrimSuffix(line[len(placeholder):], " />"))
			if !ok || !strings.HasSuffix(line, " />") {
				return nil, false
			}
			end()
			top.children = append(top.children, &jsxNode{run: n, runName: line[1 : len(line)-3]})
		case strings.HasPrefix(line, "</"):
			m := directClose.FindStringSubmatch(line)
			if m == nil || len(stack) == 1 || top.name != m[1] {
				return nil, false
			}
			end()
			stack = stack[:len(stack)-1]
		case strings.HasPrefix(line, "<"):
			m := directOpen.FindStringSubmatch(line)
			if m == nil {
				return nil, false
			}
			end()
			el := &jsxNode{name: m[1], run: -1}
			for _, a := range directAttr.FindAllStringSubmatch(m[2], -1) {
				value, flag := a[2]+a[3], !strings.Contains(a[0], "=")
				if !plainAttribute(a[1], value) || slices.ContainsFunc(el.attrs, func(p [2]string) bool { return p[0] == a[1] }) {
					return nil, false
				}
				el.attrs = append(el.attrs, [2]string{a[1], value})
				el.flags = append(el.flags, flag)
			}
			top.children = append(top.children, el)
			if m[3] == "" {
				stack = append(stack, el)
			}
		default:
			if !plainWords(line) {
				return nil, false
			}
			para = append(para, line)
		}
	}
	end()
	if len(stack) != 1 {
		return nil, false
	}
	return root.children, true
}

// atoiExact reads a whole number written as itoa writes it.
func atoiExact(s string) (int, bool) {
	if s == "" || len(s) > 6 || s[0] == '0' && len(s) > 1 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// plainAttribute reports whether an attribute is one the module gives as it is written: a
// character reference (&), braces or angle brackets, and names React or the runtime treat apart,
// go to the compiler.
func plainAttribute(name, value string) bool {
	switch name {
	case "key", "children", "ref":
		return false
	}
	return plainText(value) && !strings.ContainsAny(value, "&{}<>")
}

// plainWords reports whether a line is one MDX reads as words of a paragraph and nothing else: it
// starts with a letter and holds no character Markdown, GFM, directives or MDX give a meaning to,
// no autolink literal, no white space at its ends or doubled, and no import or export.
func plainWords(line string) bool {
	r, _ := utf8.DecodeRuneInString(line)
	if !unicode.IsLetter(r) || !plainText(line) || strings.ContainsAny(line, "`*_~[]<>{}&\\!#|:@$^=+\t") || strings.HasSuffix(line, " ") {
		return false
	}
	lower := strings.ToLower(line)
	return !strings.Contains(lower, "www.") && !strings.HasPrefix(lower, "import ") && !strings.HasPrefix(lower, "export ") &&
		!strings.Contains(line, "  ")
}

// plainText reports whether s is valid UTF-8 with no control character, no white space but the
// space, and none of the line and paragraph separators (which the compiler's printer escapes).
func plainText(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || r < 0x20 || r == 0x7f || r != ' ' && unicode.IsSpace(r) || r == 0x2028 || r == 0x2029 || r >= 0x80 && r <= 0x9f {
			return false
		}
	}
	return true
}

// runHeadingsHeld is the compiler's check that each run's headings get, compiled whole, the ids
// the run gives them (compile.mjs's rehypeDocsd): the page's headings are matched by text, in
// order, to the runs' placeholders in the order they come.
func runHeadingsHeld(req *request, order []int) bool {
	used := make([]bool, len(req.Headings))
	if len(req.RunHeadings) == 0 {
		for i, h := range req.Headings {
			used[i] = h.Taken
		}
	}
	for _, run := range order {
		if run >= len(req.RunHeadings) {
			continue
		}
		for _, rh := range req.RunHeadings[run] {
			found := -1
			for i, h := range req.Headings {
				if !used[i] && h.Text == rh.Value {
					found = i
					break
				}
			}
			if found < 0 || req.Headings[found].ID != rh.ID {
				return false
			}
			used[found] = true
		}
	}
	return true
}

// anyMany reports whether any element under nodes has more than one child (written with _jsxs).
func anyMany(nodes []*jsxNode) bool {
	for _, n := range nodes {
		if len(n.children) > 1 || anyMany(n.children) {
			return true
		}
	}
	return false
}

// writeNode writes one node as the compiler's printer does, depth being the indentation of the
// line it is on (two spaces each).
func writeNode(b *strings.Builder, n *jsxNode, depth int) {
	switch {
	case n.run >= 0:
		b.WriteString(`_jsx("` + n.runName + `", {})`)
	case n.name == "":
		b.WriteString("_jsx(_components.p, {\n")
		indent(b, depth+1)
		b.WriteString("children: " + jsonQuote(n.text) + "\n")
		indent(b, depth)
		b.WriteString("})")
	default:
		writeElement(b, n.name, n.attrs, n.flags, n.children, false, depth)
	}
}

// writeElement writes a component (or the page's fragment, whose children have "\n" between them).
func writeElement(b *strings.Builder, name string, attrs [][2]string, flags []bool, children []*jsxNode, page bool, depth int) {
	if len(children) > 1 {
		b.WriteString("_jsxs(" + name + ", {")
	} else {
		b.WriteString("_jsx(" + name + ", {")
	}
	if len(attrs) == 0 && len(children) == 0 {
		b.WriteString("})")
		return
	}
	b.WriteString("\n")
	for i, a := range attrs {
		indent(b, depth+1)
		if strings.Contains(a[0], "-") {
			b.WriteString(`"` + a[0] + `"`)
		} else {
			b.WriteString(a[0])
		}
		if flags[i] {
			b.WriteString(": true")
		} else {
			b.WriteString(": " + jsonQuote(a[1]))
		}
		if i < len(attrs)-1 || len(children) > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	if len(children) > 0 {
		indent(b, depth+1)
		b.WriteString("children: ")
		if len(children) > 1 {
			b.WriteString("[")
		}
		for i, c := range children {
			if i > 0 {
				if page {
					b.WriteString(`, "\n", `)
				} else {
					b.WriteString(", ")
				}
			}
			writeNode(b, c, depth+1)
		}
		if len(children) > 1 {
			b.WriteString("]")
		}
		b.WriteString("\n")
	}
	indent(b, depth)
	b.WriteString("})")
}

func indent(b *strings.Builder, depth int) {
	for range depth {
		b.WriteString("  ")
	}
}

// jsonQuote is s as a double-quoted literal, as the compiler's printer writes a string of
// plainText (only the quote and the backslash are escaped).
func jsonQuote(s string) string {
	if !strings.ContainsAny(s, `"\`+"\n") {
		return `"` + s + `"`
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}
