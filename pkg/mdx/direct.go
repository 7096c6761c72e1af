package mdx

// direct.go writes in Go the module the MDX compiler gives for the simplest sources a split page
// leaves it (runs.go): import blocks, elements with plain attributes (strings, names alone, an
// imported name or its property, numbers, or an expression of jsexpr.go's subset) one tag a line
// or a tag over lines, elements whole on their line with plain words in them, comments, the runs'
// placeholders, and paragraphs of plain words. Such pages are common (tabs, admonitions and
// details around Markdown), and for them the compiler's call, about 1 ms a page before V8 has
// optimised @mdx-js/mdx and 60 ms for its process to start, was most of what an MDX page cost
// over a Markdown page of the same size (issue #21). The module is the compiler's to the byte but
// for jsexpr.go's expressions, which it has as the page writes them and the compiler prints anew
// (TestDirectModuleIsTheCompilers compares the two on generated sources, those after esbuild has
// printed both); anything this file does not read exactly, it leaves to the compiler, whose
// errors and rules then apply as before.

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// directAttribute is a plain attribute: a name, and a string in either quotes or an expression in
// braces with no brace, quote or angle bracket, or nothing (true).
const directAttribute = `[A-Za-z][A-Za-z0-9_-]*(?:="[^"]*"|='[^']*'|=\{[^{}"'<>]*\})?`

// importPath is an import's path between its quotes: no quote, no line's end, and a backslash only
// before punctuation Markdown escapes (prettier writes \_), where it stands for that character.
const importPath = `(?:[^'"\\\r\n]|\\[-_*\[\]()#.!])*`

// docsdProvided are the components docsd's provider gives every page without an import
// (site/src/mdx/components.jsx; compile.mjs's `provided`; TestProvidedComponents).
var docsdProvided = []string{"Admonition", "DocsdAdmonitionTitle", "DocsdHTML", "DocsdTruncate", "Head"}

var (
	// An import statement of the forms compile.mjs's takeImports reads by hand: a default binding,
	// {named} bindings or * as a namespace (or a default with one of the others), from a path in
	// quotes; another may follow it on its line after a ";". The module writes the path as it is
	// written.
	directImport = regexp.MustCompile(`^import [ \t]*(?:([A-Za-z_$][\w$]*)(?:[ \t]*(,)[ \t]*|[ \t]+))?(?:(\{)([^{}'"]*)\}[ \t]*|\*[ \t]*as[ \t]+([A-Za-z_$][\w$]*)[ \t]+)?from[ \t]*(?:'(` + importPath + `)'|"(` + importPath + `)")[ \t]*(;?)[ \t]*`)
	// An import for its side effects only (a stylesheet). MDX starts an import only at "import"
	// and a space (U+0020): "import'x'" or a tab after the word is a paragraph's text for it.
	directSideEffect = regexp.MustCompile(`^import [ \t]*(?:'(` + importPath + `)'|"(` + importPath + `)")[ \t]*(;?)[ \t]*`)
	directNamed      = regexp.MustCompile(`^[ \t]*([A-Za-z_$][\w$]*)(?:[ \t]+as[ \t]+([A-Za-z_$][\w$]*))?[ \t]*$`)
	// An element's opening (or self-closing) tag alone on its line, its attributes plain (the
	// split's tag lines, runs.go; direct.go reads tags with readTag).
	directOpen = regexp.MustCompile(`^<([A-Za-z][A-Za-z0-9]*)((?:[ \t]+` + directAttribute + `)*)[ \t]*(/?)>$`)
	// An attribute's expression the module writes as the compiler does: a name, or a property
	// of one, with no space or call; true, false, or a whole number.
	directExpression = regexp.MustCompile(`^(?:([A-Za-z_$][\w$]*)(?:\.[A-Za-z_$][\w$]*)*|true|false|0|[1-9][0-9]{0,8})$`)
	directClose      = regexp.MustCompile(`^</([A-Za-z][A-Za-z0-9]*)>$`)
	// A comment alone on its line, which MDX reads as an expression holding only a comment.
	directComment = regexp.MustCompile(`^\{/\*(.*)\*/\}$`)
	// The comment that ends a blog post's excerpt (compile.mjs's remarkDocsd).
	truncateComment = regexp.MustCompile(`^\s*truncate\s*$`)
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
	name     string // an element's: a component's, or an HTML element's in lower case
	attrs    [][2]string
	flags    []attrKind // by attribute
	children []*jsxNode
	run      int    // a placeholder's run, -1 for others
	runName  string // a placeholder's element name
	text     string // a paragraph's (a line element's words when name is set)
	comment  bool   // a comment of the page's own list: nothing, between "\n" texts
	esm      bool   // an import block of the page's list, which the module has first
	fence    int    // an admonition's colons (`:::kind`, which the compiler makes an <Admonition>)
}

// attrKind is how an attribute is written: a string, a name alone (true), or an expression.
type attrKind uint8

const (
	attrString attrKind = iota
	attrTrue
	attrExpression // a name, a property or a literal (directExpression), written as the compiler does
	attrScript     // any other expression of jsexpr.go's subset, written as the page has it
)

// importStatement is one statement of the leading import block, as the compiler writes it.
type importStatement struct {
	byDefault, namespace string
	named                [][2]string // imported, local: the {…} part, never empty
	quote, path          string
}

// directModule is the compiler's answer to req written here, and whether this file could write
// it (false: ask the compiler).
func directModule(req *request) (answer, bool) {
	if req.Kind != "" || req.Runs == 0 || req.Token == "" || strings.IndexByte(req.Source, '\r') >= 0 {
		return answer{}, false
	}
	im := &imports{locals: map[string]string{}}
	root, comments, ok := directBody(strings.Split(req.Source, "\n"), req.Token, im)
	if !ok {
		return answer{}, false
	}
	locals := im.locals
	page := pageList(root)
	shown := 0
	for _, n := range page {
		if n == nil || !n.comment {
			shown++
		}
	}
	if shown == 0 {
		return answer{}, false
	}
	// The names the page uses that it does not import come from the provider: docsd's, the
	// site's, or (a partial, or an open MDXComponents) any the page is given when it renders.
	fromProvider := map[string]bool{}
	paragraphs := false
	runs := make([]int, 0, req.Runs)
	inJSX := make([]bool, req.Runs)
	// inAdmonition: the nodes are in a `:::` container, where the split expects the runs it took
	// from an admonition (RunsInAdmonition) and no others, as the compiler checks.
	var walk func(nodes []*jsxNode, inElement, inAdmonition bool) bool
	walk = func(nodes []*jsxNode, inElement, inAdmonition bool) bool {
		for _, n := range nodes {
			switch {
			case n.run >= 0:
				expected := n.run < len(req.RunsInAdmonition) && req.RunsInAdmonition[n.run]
				if n.run >= req.Runs || slices.Contains(runs, n.run) || expected != inAdmonition {
					return false
				}
				runs = append(runs, n.run)
				inJSX[n.run] = inElement
			case n.comment || n.esm:
			case n.name == "":
				paragraphs = true
			case unicode.IsLower(rune(n.name[0])):
				if !walk(n.children, true, inAdmonition) {
					return false
				}
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
				if !walk(n.children, true, inAdmonition || n.fence > 0) {
					return false
				}
			}
		}
		return true
	}
	if !walk(root, false, false) || len(runs) != req.Runs || !runHeadingsHeld(req, runs) {
		return answer{}, false
	}

	var b strings.Builder
	b.Grow(1024 + len(req.Source))
	fragment := shown > 1
	multi := fragment || anyMany(root)
	for _, c := range comments {
		b.WriteString("/*" + c + "*/\n")
	}
	b.WriteString("import {")
	if fragment {
		b.WriteString("Fragment as _Fragment, ")
	}
	b.WriteString("jsx as _jsx")
	if multi {
		b.WriteString(", jsxs as _jsxs")
	}
	b.WriteString("} from \"react/jsx-runtime\";\nimport {useMDXComponents as _provideComponents} from \"docsd:mdx-components\";\n")
	for _, s := range im.statements {
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
		writePage(&b, page)
	} else {
		for _, n := range page {
			if !n.comment {
				writeNode(&b, n, 1)
			}
		}
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

// imports are the import statements of a page and the names they bind ("binding", or
// "namespace" for * as).
type imports struct {
	statements []importStatement
	locals     map[string]string
}

// read reads one line of an import block, which holds one statement or more, each but the last
// ending in ";". Not ok for a line the compiler reads otherwise or refuses.
func (im *imports) read(line string) bool {
	bind := func(name, kind string) bool {
		if reservedWords[name] || im.locals[name] != "" || strings.HasPrefix(name, "_") || name == "MDXContent" || name == "MDXLayout" || name == "props" {
			return false
		}
		im.locals[name] = kind
		return true
	}
	for line != "" {
		if m := directSideEffect.FindStringSubmatch(line); m != nil {
			if len(m[0]) < len(line) && m[3] == "" {
				return false
			}
			s := importStatement{quote: "'", path: m[1]}
			if strings.HasSuffix(strings.TrimRight(m[0], " \t;"), `"`) {
				s.quote, s.path = `"`, m[2]
			}
			im.statements = append(im.statements, s)
			line = line[len(m[0]):]
			continue
		}
		m := directImport.FindStringSubmatch(line)
		if m == nil || len(m[0]) < len(line) && m[8] == "" {
			return false
		}
		line = line[len(m[0]):]
		s := importStatement{byDefault: m[1], namespace: m[5], quote: "'", path: m[6]}
		if strings.HasSuffix(strings.TrimRight(m[0], " \t;"), `"`) {
			s.quote, s.path = `"`, m[7]
		}
		braces := m[3] != ""
		more := braces || m[5] != ""
		if m[1] == "" && !more || (m[2] != "") != (m[1] != "" && more) {
			return false
		}
		if m[1] != "" && !bind(m[1], "binding") || m[5] != "" && !bind(m[5], "namespace") {
			return false
		}
		if braces {
			items := strings.Split(m[4], ",")
			if len(items) > 1 && strings.TrimSpace(items[len(items)-1]) == "" {
				items = items[:len(items)-1]
			}
			for _, item := range items {
				n := directNamed.FindStringSubmatch(item)
				if n == nil || n[2] == "" && reservedWords[n[1]] {
					return false
				}
				local := n[2]
				if local == "" {
					local = n[1]
				}
				if !bind(local, "binding") {
					return false
				}
				s.named = append(s.named, [2]string{n[1], local})
			}
			if len(s.named) == 0 {
				return false
			}
		}
		im.statements = append(im.statements, s)
	}
	return true
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
	if len(s.named) > 0 {
		named := make([]string, len(s.named))
		for i, n := range s.named {
			named[i] = n[0]
			if n[1] != n[0] {
				named[i] += " as " + n[1]
			}
		}
		parts = append(parts, "{"+strings.Join(named, ", ")+"}")
	}
	if len(parts) > 0 {
		b.WriteString(strings.Join(parts, ", ") + " from ")
	}
	b.WriteString(s.quote + s.path + s.quote + ";\n")
}

// directBody reads the page after its imports into the top-level nodes and the comments (which
// the module has first), or not ok. Lines may be indented with spaces, which MDX reads past.
func directBody(lines []string, token string, im *imports) ([]*jsxNode, []string, bool) {
	root := &jsxNode{run: -1}
	stack := []*jsxNode{root}
	var para, comments []string
	// An element whole on its line is a paragraph's inline element, which MDX takes out of the
	// paragraph when it is all the paragraph holds: line is that element until the paragraph ends.
	var line *jsxNode
	mixed := false
	end := func() {
		top := stack[len(stack)-1]
		switch {
		case line != nil && len(para) == 1:
			top.children = append(top.children, line)
		case line != nil:
			mixed = true
		case len(para) > 0:
			top.children = append(top.children, &jsxNode{run: -1, text: strings.Join(para, "\n")})
		}
		para, line = para[:0], nil
	}
	placeholder := "<" + token + "run"
	for i := 0; i < len(lines); i++ {
		text := strings.TrimLeft(lines[i], " ")
		top := stack[len(stack)-1]
		if hasCommentMarker(text) {
			// compile.mjs makes an HTML comment an MDX comment (htmlComments): from "<!--" to the
			// first "-->" after it. Only a line that is one HTML comment is read here, as that MDX
			// comment ("<!-- a <!-->" is the comment " a <!"; a line with more markers, or a "-->"
			// the compiler keeps as text, is left to it).
			inner, ok := strings.CutPrefix(text, "<!--")
			inner, ok2 := strings.CutSuffix(inner, "-->")
			comment := "{/*" + inner + "*/}"
			if !ok || !ok2 || hasCommentMarker(inner) || strings.Contains(inner, "`") {
				return nil, nil, false
			}
			text = comment
		}
		blank := text == ""
		switch {
		case blank:
			end()
		case len(stack) == 1 && len(para) == 0 && importStart(lines[i]):
			// An import block, which runs to the next empty line.
			for ; i < len(lines) && strings.TrimLeft(lines[i], " ") != ""; i++ {
				if hasCommentMarker(lines[i]) || !im.read(lines[i]) {
					return nil, nil, false
				}
			}
			i--
			top.children = append(top.children, &jsxNode{run: -1, esm: true})
		case strings.HasPrefix(text, placeholder):
			n, ok := runNumber(strings.TrimSuffix(text[len(placeholder):], " />"))
			if !ok || !strings.HasSuffix(text, " />") {
				return nil, nil, false
			}
			end()
			top.children = append(top.children, &jsxNode{run: n, runName: text[1 : len(text)-3]})
		case strings.HasPrefix(text, "{"):
			m := directComment.FindStringSubmatch(text)
			if m == nil || strings.Contains(m[1], "*/") || strings.ContainsAny(m[1], "{}") || !plainText(m[1]) {
				return nil, nil, false
			}
			end()
			if len(stack) == 1 && truncateComment.MatchString(m[1]) {
				top.children = append(top.children, &jsxNode{name: "DocsdTruncate", run: -1})
				continue
			}
			comments = append(comments, strings.Trim(m[1], " "))
			if len(stack) == 1 {
				top.children = append(top.children, &jsxNode{run: -1, comment: true})
			}
		case strings.HasPrefix(lines[i], ":::"):
			// An admonition's fence (compile.mjs's remarkDocsd): it opens after a blank line or a
			// tag, and closes with exactly its own colons. One in another has fewer colons than
			// each around it (micromark closes the outermost admonition a line of colons can).
			if top.fence > 0 && lines[i] == strings.Repeat(":", top.fence) {
				end()
				stack = stack[:len(stack)-1]
				continue
			}
			el, ok := directAdmonition(lines[i])
			if !ok || len(para) > 0 || line != nil || slices.ContainsFunc(stack, func(n *jsxNode) bool { return n.fence > 0 && n.fence <= el.fence }) {
				return nil, nil, false
			}
			top.children = append(top.children, el)
			stack = append(stack, el)
		case strings.HasPrefix(text, "</"):
			m := directClose.FindStringSubmatch(text)
			if m == nil || len(stack) == 1 || top.name != m[1] || top.fence > 0 {
				return nil, nil, false
			}
			end()
			stack = stack[:len(stack)-1]
		case strings.HasPrefix(text, "<"):
			// A tag alone (name, attributes, "/" when it closes itself), or an element whole on
			// its line (the tag, words, its closing tag); a tag over lines is read as one text.
			el, selfClosing, rest, status := readTag(text)
			// (Each line's HTML comment markers compile.mjs would make MDX comments'; a tag of
			// more than tagLines lines is the compiler's, as readTag reads the text again each line.)
			for first := i; status == tagMore && i+1 < len(lines) && strings.TrimLeft(lines[i+1], " ") != ""; {
				if hasCommentMarker(lines[i+1]) || i-first >= tagLines {
					return nil, nil, false
				}
				i++
				text += "\n" + strings.TrimLeft(lines[i], " ")
				el, selfClosing, rest, status = readTag(text)
			}
			if status != tagRead || reservedElement(el.name) {
				return nil, nil, false
			}
			whole := rest != ""
			if whole {
				words, closed := strings.CutSuffix(rest, "</"+el.name+">")
				if selfClosing || !closed || strings.ContainsAny(words, "<>") || words != "" && !plainWords(words) {
					return nil, nil, false
				}
				el.text = words
			}
			for k, a := range el.attrs {
				if !plainAttributeName(a[0]) || slices.ContainsFunc(el.attrs[:k], func(p [2]string) bool { return p[0] == a[0] }) {
					return nil, nil, false
				}
				switch el.flags[k] {
				case attrString:
					if !plainAttributeValue(a[1]) {
						return nil, nil, false
					}
				case attrExpression:
					switch {
					case simpleExpression(a[1]):
					case jsExpression(a[1]):
						el.flags[k] = attrScript
					default:
						return nil, nil, false
					}
				}
			}
			if whole {
				if line != nil || len(para) > 0 {
					mixed = true
				}
				para, line = append(para, text), el
				continue
			}
			end()
			top.children = append(top.children, el)
			if !selfClosing {
				stack = append(stack, el)
			}
		default:
			if !plainWords(text) || line != nil {
				return nil, nil, false
			}
			para = append(para, text)
		}
	}
	end()
	if len(stack) != 1 || mixed {
		return nil, nil, false
	}
	return root.children, comments, true
}

// directAdmonitionLine is an admonition's opening line direct.go writes: its colons, a kind of
// letters and digits, and a title in brackets or after a space.
var directAdmonitionLine = regexp.MustCompile(`^(:{3,})([A-Za-z][A-Za-z0-9]*)(?:\[([^\[\]]*)\]|[ \t]+(.*))?$`)

// directAdmonition is the <Admonition type title> compile.mjs makes of an admonition's opening
// line: the kind in lower case, and the title when it is plain words (else the compiler gives it
// as a <DocsdAdmonitionTitle> child, or reads a directive in it). compile.mjs's bracketTitles
// brackets a title written after a space, trimmed.
func directAdmonition(line string) (*jsxNode, bool) {
	m := directAdmonitionLine.FindStringSubmatch(line)
	if m == nil {
		return nil, false
	}
	el := &jsxNode{name: "Admonition", run: -1, fence: len(m[1]), attrs: [][2]string{{"type", strings.ToLower(m[2])}}, flags: []attrKind{attrString}}
	title, spaced := m[3], strings.Trim(m[4], " \t")
	if spaced != "" {
		title = spaced
	}
	if title != "" {
		if !plainWords(title) {
			return nil, false
		}
		el.attrs, el.flags = append(el.attrs, [2]string{"title", title}), append(el.flags, attrString)
	}
	return el, true
}

// hasCommentMarker reports whether s holds an HTML comment's "<!--" or "-->", which compile.mjs
// may make an MDX comment's (htmlComments).
func hasCommentMarker(s string) bool {
	return strings.Contains(s, "<!--") || strings.Contains(s, "-->")
}

// importStart reports whether a line of the page's own list starts an import or export block for
// MDX: the word, then a space (U+0020).
func importStart(line string) bool {
	return strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "export ")
}

// reservedElement reports whether an element's name is one MDX's module gives a meaning of its own
// (the layout, the content function).
func reservedElement(name string) bool {
	return name == "MDXLayout" || name == "MDXContent"
}

// runNumber reads a placeholder's number, written as itoa writes it.
func runNumber(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0 && itoa(n) == s
}

// plainAttributeName reports whether an attribute's name is one the module gives as it is: names
// React or the runtime treat apart go to the compiler.
func plainAttributeName(name string) bool {
	return name != "key" && name != "children" && name != "ref"
}

// plainAttributeValue reports whether an attribute's string is one the module gives as it is
// written: braces, angle brackets, or what may be a character reference go to the compiler. MDX
// decodes only references ended by ";" (mdast-util-mdx-jsx: parseEntities, nonTerminated false),
// so an "&" of a URL's query (`?a=1&b=2`) is itself.
func plainAttributeValue(value string) bool {
	return plainText(value) && !strings.ContainsAny(value, "{}<>") && (strings.IndexByte(value, '&') < 0 || !maybeReference.MatchString(value))
}

// maybeReference is any "&" that a ";" ends after letters, digits or "#" (a broader set than
// the references parse-entities decodes).
var maybeReference = regexp.MustCompile(`&#?[A-Za-z0-9]*;`)

// tagLines is the most lines a tag written over lines may have here.
const tagLines = 64

// tagStatus is what readTag made of a text.
type tagStatus uint8

const (
	tagBad  tagStatus = iota // not a tag this file reads
	tagRead                  // a tag
	tagMore                  // a tag's start, which the text ends in
)

// readTag reads the tag s starts with: an element (its name, attributes and their kinds; an
// expression's text is checked by the caller) and whether it closes itself; rest is what follows
// its ">". Attributes are separated by white space, a line's end included (a tag over lines);
// a value is a string in either quotes or an expression in braces, whose end is found by
// counting braces. MDX ends it at the first "}" where what comes before parses: the same "}"
// for the expressions jsexpr.go reads, which hold no brace in a string.
func readTag(s string) (el *jsxNode, selfClosing bool, rest string, status tagStatus) {
	i := 1
	for i < len(s) && (isLetter(s[i]) || i > 1 && isAlnum(s[i])) {
		i++
	}
	if i == 1 {
		return nil, false, "", tagBad
	}
	el = &jsxNode{name: s[1:i], run: -1}
	for {
		space := i
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
			i++
		}
		switch {
		case i == len(s):
			return nil, false, "", tagMore
		case s[i] == '>':
			return el, false, s[i+1:], tagRead
		case s[i] == '/':
			if i+1 < len(s) && s[i+1] == '>' {
				return el, true, s[i+2:], tagRead
			}
			return nil, false, "", tagBad
		case i == space || !isLetter(s[i]):
			return nil, false, "", tagBad
		}
		start := i
		for i < len(s) && (isAlnum(s[i]) || s[i] == '_' || s[i] == '-') {
			i++
		}
		name := s[start:i]
		if i == len(s) || s[i] != '=' {
			el.attrs = append(el.attrs, [2]string{name, ""})
			el.flags = append(el.flags, attrTrue)
			continue
		}
		i++
		if i == len(s) {
			return nil, false, "", tagMore
		}
		switch q := s[i]; q {
		case '"', '\'':
			end := strings.IndexByte(s[i+1:], q)
			if end < 0 {
				return nil, false, "", tagBad // a string over lines is the compiler's
			}
			el.attrs = append(el.attrs, [2]string{name, s[i+1 : i+1+end]})
			el.flags = append(el.flags, attrString)
			i += end + 2
		case '{':
			depth, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '{' {
					depth++
				} else if s[j] == '}' {
					if depth--; depth == 0 {
						break
					}
				}
			}
			if j == len(s) {
				return nil, false, "", tagMore
			}
			el.attrs = append(el.attrs, [2]string{name, s[i+1 : j]})
			el.flags = append(el.flags, attrExpression)
			i = j + 1
		default:
			return nil, false, "", tagBad
		}
	}
}

// plainWords reports whether a line is one MDX reads as words of a paragraph and nothing else: it
// starts with a letter and holds no character Markdown, GFM or MDX give a meaning to, no colon
// that may start a directive (one before a letter or digit: "10:30" is a directive `:30`) or a
// URL ("://"), no autolink literal, no space at its end (a hard break), and no import or export.
func plainWords(line string) bool {
	r, _ := utf8.DecodeRuneInString(line)
	if !unicode.IsLetter(r) || !plainText(line) || strings.ContainsAny(line, "`*_~[]<>{}&\\!#|@$^=+\t") || strings.HasSuffix(line, " ") {
		return false
	}
	for i := 1; i < len(line); i++ {
		if c := line[i]; line[i-1] == ':' && (c == '/' || c >= utf8.RuneSelf || !unicode.IsSpace(rune(c)) && !unicode.IsPunct(rune(c))) {
			return false
		}
	}
	lower := strings.ToLower(line)
	return !strings.Contains(lower, "www.") && !strings.HasPrefix(lower, "import") && !strings.HasPrefix(lower, "export")
}

// plainText reports whether s is valid UTF-8 with no control character, no white space but the
// space (JavaScript's too: U+FEFF, U+180E, which its trim takes off), and none of the line and
// paragraph separators (which the compiler's printer escapes).
func plainText(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || r < 0x20 || r == 0x7f || r != ' ' && unicode.IsSpace(r) || r == 0x2028 || r == 0x2029 || r >= 0x80 && r <= 0x9f ||
			r == 0xfeff || r == 0x180e {
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
	// The first heading not used yet with a text, by a cursor per text (compile.mjs's firstUnused).
	type headingsOf struct {
		list []int
		next int
	}
	byText := map[string]*headingsOf{}
	for i, h := range req.Headings {
		if byText[h.Text] == nil {
			byText[h.Text] = &headingsOf{}
		}
		byText[h.Text].list = append(byText[h.Text].list, i)
	}
	for _, run := range order {
		if run >= len(req.RunHeadings) {
			continue
		}
		for _, rh := range req.RunHeadings[run] {
			same := byText[rh.Value]
			if same == nil {
				return false
			}
			for same.next < len(same.list) && used[same.list[same.next]] {
				same.next++
			}
			if same.next == len(same.list) || req.Headings[same.list[same.next]].ID != rh.ID {
				return false
			}
			used[same.list[same.next]] = true
		}
	}
	return true
}

// simpleExpression reports whether an attribute's expression is one the module writes as the
// compiler does (directExpression): a literal, or a name a module may read, or its property.
func simpleExpression(value string) bool {
	if !directExpression.MatchString(value) {
		return false
	}
	root, _, _ := strings.Cut(value, ".")
	return root[0] >= '0' && root[0] <= '9' || root == "true" || root == "false" || jsBindable(root)
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
		name := n.name
		if unicode.IsLower(rune(name[0])) {
			name = `"` + name + `"`
		}
		writeElement(b, name, n, depth)
	}
}

// writeElement writes an element.
func writeElement(b *strings.Builder, name string, el *jsxNode, depth int) {
	attrs, flags, words, children := el.attrs, el.flags, el.text, el.children
	if len(children) > 1 {
		b.WriteString("_jsxs(" + name + ", {")
	} else {
		b.WriteString("_jsx(" + name + ", {")
	}
	if len(attrs) == 0 && len(children) == 0 && words == "" {
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
		switch flags[i] {
		case attrTrue:
			b.WriteString(": true")
		case attrExpression, attrScript:
			b.WriteString(": " + a[1])
		default:
			b.WriteString(": " + jsonQuote(a[1]))
		}
		if i < len(attrs)-1 || len(children) > 0 || words != "" {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	switch {
	case words != "":
		indent(b, depth+1)
		b.WriteString("children: " + jsonQuote(words) + "\n")
	case len(children) > 0:
		indent(b, depth+1)
		b.WriteString("children: ")
		if len(children) > 1 {
			b.WriteString("[")
		}
		for i, c := range children {
			if i > 0 {
				b.WriteString(", ")
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

// pageList is the page's list as the module has it: a "\n" text (nil) between each two of the
// page's blocks, then the import blocks taken out and the texts at either end dropped. Comments
// stay in it, and are written as nothing (writePage).
func pageList(root []*jsxNode) []*jsxNode {
	list := make([]*jsxNode, 0, 2*len(root))
	for i, n := range root {
		if i > 0 {
			list = append(list, nil)
		}
		if !n.esm {
			list = append(list, n)
		}
	}
	for len(list) > 0 && list[0] == nil {
		list = list[1:]
	}
	for len(list) > 0 && list[len(list)-1] == nil {
		list = list[:len(list)-1]
	}
	return list
}

// writePage writes the page's fragment of more than one child (pageList).
func writePage(b *strings.Builder, list []*jsxNode) {
	b.WriteString("_jsxs(_Fragment, {\n    children: [")
	first := true
	for _, n := range list {
		if n != nil && n.comment {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		if n == nil {
			b.WriteString(`"\n"`)
		} else {
			writeNode(b, n, 2)
		}
	}
	b.WriteString("]\n  })")
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
