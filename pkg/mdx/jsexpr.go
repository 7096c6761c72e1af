package mdx

// jsexpr.go reads the JavaScript of an attribute's expression (`style={{float: 'right'}}`,
// `values={tabs(["ios", "web"])}`, `onPress={() => alert('done')}`) for direct.go, which writes it
// into the module as it is written. Only a subset of JavaScript's expressions is read: literals
// (template literals without substitutions among them),
// names, arrays, objects, calls, members, arrow functions with an expression for body, and
// unary, binary and conditional operators. Each is valid JavaScript in a module (strict mode)
// whatever it is combined with, so the compiler would read the same expression and print it
// again, differing only in spaces, quotes and parentheses (TestDirectModuleIsTheCompilers
// compares the two after esbuild has printed both). Anything outside it (a template literal, a
// comment, a regular expression, JSX, an assignment, a name that strict mode reserves, a
// template literal with a substitution or a tag) goes to
// the compiler. A parser of our own, not esbuild's: esbuild's Transform costs ~0.35 ms a call,
// which is what an MDX page's whole extra cost may be; this costs microseconds.

import (
	"slices"
	"strings"
)

// jsToken is one token of an expression: a name, a number, a string, or punctuation.
type jsToken struct {
	kind    jsTokenKind
	text    string
	newline bool // a line ends between this token and the one before it
}

type jsTokenKind uint8

const (
	tokPunct jsTokenKind = iota
	tokName
	tokNumber
	tokString
)

// jsPunctuators are the operators and marks the subset has, longest first.
var jsPunctuators = []string{"===", "!==", "...", "=>", "==", "!=", ">=", "&&", "||", "??", "?.", "(", ")", "[", "]", "{", "}",
	",", ":", ".", "?", "!", "+", "-", "*", "%", ">"}

// jsBinary are the binary operators the subset has; "<" and "/" are not among them (a tag's or a
// comment's start, a regular expression), nor "**" (refused after a unary operator).
var jsBinary = map[string]bool{"===": true, "!==": true, "==": true, "!=": true, ">=": true, ">": true, "&&": true, "||": true, "??": true,
	"+": true, "-": true, "*": true, "%": true}

// jsTokens splits s into tokens, or not ok for a character or token outside the subset.
func jsTokens(s string) ([]jsToken, bool) {
	var tokens []jsToken
	newline := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
			continue
		case c == '\n':
			newline = true
			i++
			continue
		case c == '"' || c == '\'' || c == '`':
			// A string, or a template literal with no substitution (it holds no brace).
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					// Escapes whose meaning is the same everywhere: no octal, \u or line
					// continuation, which strict mode or the printer may read otherwise.
					if j+1 >= len(s) || !strings.ContainsRune("\\'\"nt`", rune(s[j+1])) {
						return nil, false
					}
					j++
				}
				j++
			}
			// The string ends on its line, and holds no brace: readTag finds an expression's end
			// by counting braces, and one in a string would be counted.
			if j >= len(s) || !plainText(s[i+1:j]) || strings.ContainsAny(s[i+1:j], "{}") {
				return nil, false
			}
			tokens = append(tokens, jsToken{kind: tokString, text: s[i : j+1], newline: newline})
			i = j + 1
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j < len(s) && s[j] == '.' {
				j++
				for j < len(s) && s[j] >= '0' && s[j] <= '9' {
					j++
				}
			}
			// No legacy octal (07), no name or dot glued to the number (3in, 3.5.x).
			if c == '0' && j > i+1 && s[i+1] != '.' || s[j-1] == '.' || j < len(s) && (jsNameByte(s[j]) || s[j] == '.') {
				return nil, false
			}
			tokens = append(tokens, jsToken{kind: tokNumber, text: s[i:j], newline: newline})
			i = j
		case jsNameByte(c) && !(c >= '0' && c <= '9'):
			j := i
			for j < len(s) && jsNameByte(s[j]) {
				j++
			}
			tokens = append(tokens, jsToken{kind: tokName, text: s[i:j], newline: newline})
			i = j
		default:
			p := ""
			for _, q := range jsPunctuators {
				if strings.HasPrefix(s[i:], q) {
					p = q
					break
				}
			}
			// "?." before a digit is "?" then a number. Outside the subset: "=" and the
			// assignments ("+=", "&&=", …), "++", "--", "**", and shifts (">>").
			next := byte(0)
			if i+len(p) < len(s) {
				next = s[i+len(p)]
			}
			if p == "" || p == "?." && next >= '0' && next <= '9' ||
				strings.Contains("+-*%", p) && (next == p[0] || next == '=') || p == ">" && next == '>' {
				return nil, false
			}
			tokens = append(tokens, jsToken{kind: tokPunct, text: p, newline: newline})
			i += len(p)
		}
		newline = false
	}
	return tokens, true
}

// jsNameByte reports whether c may be in a name: ASCII only (names of other letters go to the
// compiler).
func jsNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '$' || c == '_'
}

// jsExpression reports whether s is one expression of the subset (an AssignmentExpression of
// JavaScript's grammar, with no assignment or comma at its top).
func jsExpression(s string) bool {
	// (Invalid UTF-8 is refused by jsTokens: outside a string no byte past ASCII is read, and a
	// string's text must be plainText.)
	tokens, ok := jsTokens(s)
	if !ok || len(tokens) == 0 {
		return false
	}
	p := &jsParser{tokens: tokens}
	return p.assignment() && p.at == len(p.tokens)
}

// jsParser reads tokens by recursive descent; each method reports whether the tokens from at are
// its form, and moves at past them.
type jsParser struct {
	tokens []jsToken
	at     int
	depth  int // of assignment calls
	links  int // operators and members read, which the compiler's printer nests as deep
}

// maxDepth is how deep expressions may nest here, and maxLinks about how many operators, members
// and operands they may have (the compiler failed from about 650 levels, and 3,650 operators).
const (
	maxDepth = 64
	maxLinks = 1000
)

func (p *jsParser) peek(offset int) jsToken {
	if p.at+offset < len(p.tokens) {
		return p.tokens[p.at+offset]
	}
	return jsToken{kind: tokPunct}
}

// punct reports whether t is the punctuator text.
func (t jsToken) punct(text string) bool { return t.kind == tokPunct && t.text == text }

// commaOr takes the "," after an item of a list, or reports whether the list's end comes next.
func (p *jsParser) commaOr(end string) bool { return p.is(",") || p.peek(0).punct(end) }

// is reports whether the next token is the punctuator text, and takes it if so.
func (p *jsParser) is(text string) bool {
	if p.peek(0).punct(text) {
		p.at++
		return true
	}
	return false
}

// assignment is an arrow function or a conditional expression, at most maxDepth deep (the
// compiler's parser fails on deep nesting that esbuild reads).
func (p *jsParser) assignment() bool {
	if p.depth++; p.depth > maxDepth {
		return false
	}
	defer func() { p.depth-- }()
	if p.arrowAhead() {
		return p.arrow()
	}
	return p.conditional()
}

// arrowAhead reports whether an arrow function starts here: a name then "=>", or a parenthesised
// list of names then "=>".
func (p *jsParser) arrowAhead() bool {
	t := p.peek(0)
	if t.kind == tokName {
		return p.peek(1).punct("=>")
	}
	if !t.punct("(") {
		return false
	}
	for i := 1; ; i++ {
		t := p.peek(i)
		if t.punct(")") {
			return p.peek(i + 1).punct("=>")
		}
		if t.kind != tokName && !t.punct(",") {
			return false
		}
	}
}

// arrow is an arrow function whose body is an expression; its parameters are names, each once.
func (p *jsParser) arrow() bool {
	var params []string
	if p.is("(") {
		for !p.is(")") {
			t := p.peek(0)
			if t.kind != tokName {
				return false
			}
			params = append(params, t.text)
			p.at++
			if !p.commaOr(")") {
				return false
			}
		}
	} else {
		params = append(params, p.peek(0).text)
		p.at++
	}
	for i, name := range params {
		if !jsBindable(name) || slices.Contains(params[:i], name) {
			return false
		}
	}
	// No line may end before "=>", and a body in braces (statements) is outside the subset.
	if p.peek(0).newline || !p.is("=>") || p.peek(0).punct("{") {
		return false
	}
	return p.assignment()
}

// conditional is a binary expression, then at times "?" and two assignments.
func (p *jsParser) conditional() bool {
	if !p.binary() {
		return false
	}
	if p.is("?") {
		return p.assignment() && p.is(":") && p.assignment()
	}
	return true
}

// binary is unary expressions joined by binary operators. "??" may not be mixed with "&&" or
// "||" without parentheses (a SyntaxError).
func (p *jsParser) binary() bool {
	coalesce, logical := false, false
	for {
		if !p.unary() {
			return false
		}
		t := p.peek(0)
		if t.kind != tokPunct || !jsBinary[t.text] {
			return !(coalesce && logical)
		}
		if p.links++; p.links > maxLinks {
			return false
		}
		coalesce = coalesce || t.text == "??"
		logical = logical || t.text == "&&" || t.text == "||"
		p.at++
	}
}

// unary is "!", "-", "+" or typeof before a unary expression, or a postfix expression.
func (p *jsParser) unary() bool {
	t := p.peek(0)
	if t.kind == tokPunct && (t.text == "!" || t.text == "-" || t.text == "+") || t.kind == tokName && t.text == "typeof" {
		if p.links++; p.links > maxLinks {
			return false
		}
		p.at++
		return p.unary()
	}
	return p.postfix()
}

// postfix is a primary expression and its members, indexes and calls. An optional chain in
// parentheses has none: the compiler prints (a?.b).c as a?.b.c, which reads otherwise.
func (p *jsParser) postfix() bool {
	start := p.at
	if !p.primary() {
		return false
	}
	if p.parenthesised(start, p.at-1) && slices.ContainsFunc(p.tokens[start:p.at], func(t jsToken) bool { return t.punct("?.") }) {
		if t := p.peek(0); t.punct(".") || t.punct("[") || t.punct("(") {
			return false
		}
	}
	for {
		if p.links++; p.links > maxLinks {
			return false
		}
		switch {
		case p.is(".") || p.is("?."):
			if p.peek(0).kind == tokName {
				p.at++
				continue
			}
			if p.tokens[p.at-1].text == "?." && (p.is("(") && p.arguments() || p.is("[") && p.assignment() && p.is("]")) {
				continue
			}
			return false
		case p.is("["):
			if !p.assignment() || !p.is("]") {
				return false
			}
		case p.is("("):
			if !p.arguments() {
				return false
			}
		default:
			return true
		}
	}
}

// parenthesised reports whether tokens from to to (both included) are one expression in
// parentheses: "(" at from, and the ")" that closes it at to.
func (p *jsParser) parenthesised(from, to int) bool {
	if from >= to || p.tokens[from].kind != tokPunct || p.tokens[from].text != "(" || p.tokens[to].kind != tokPunct || p.tokens[to].text != ")" {
		return false
	}
	depth := 0
	for i := from; i <= to; i++ {
		if t := p.tokens[i]; t.kind == tokPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				if depth--; depth == 0 {
					return i == to
				}
			}
		}
	}
	return false
}

// arguments is a call's list after its "(": assignments or spreads, a comma after the last
// allowed, then ")".
func (p *jsParser) arguments() bool {
	return p.list(")")
}

// list is assignments (or spreads) separated by commas, a trailing comma allowed, then end.
func (p *jsParser) list(end string) bool {
	for !p.is(end) {
		p.is("...")
		if !p.assignment() {
			return false
		}
		if !p.commaOr(end) {
			return false
		}
	}
	return true
}

// primary is a literal, a name, an array, an object, or an assignment in parentheses.
func (p *jsParser) primary() bool {
	t := p.peek(0)
	p.at++
	switch t.kind {
	case tokNumber, tokString:
		return true
	case tokName:
		return t.text == "true" || t.text == "false" || t.text == "null" || t.text == "this" || jsBindable(t.text)
	}
	switch t.text {
	case "(":
		// Not a parenthesised expression in another: MDX unwraps one level of them, and the
		// compiler's printer fails on the second.
		inner := p.at
		if !p.assignment() || !p.is(")") {
			return false
		}
		return !p.parenthesised(inner, p.at-2)
	case "[":
		return p.list("]")
	case "{":
		return p.object()
	}
	return false
}

// object is an object literal's properties after its "{": name, string or number keys with a
// value, a name alone (shorthand), or a spread; a comma after the last allowed.
func (p *jsParser) object() bool {
	for !p.is("}") {
		if p.is("...") {
			if !p.assignment() {
				return false
			}
		} else {
			key := p.peek(0)
			// (A template literal is no key.)
			if key.kind == tokPunct || strings.HasPrefix(key.text, "`") || strings.Contains(key.text, "__proto__") {
				return false
			}
			p.at++
			if !p.is(":") {
				// Shorthand: the key is a name read as a variable.
				if key.kind != tokName || !jsBindable(key.text) {
					return false
				}
			} else if !p.assignment() {
				return false
			}
		}
		if !p.commaOr("}") {
			return false
		}
	}
	return true
}

// jsBindable reports whether a name may be read as a variable in a module: not a word JavaScript
// reserves or strict mode forbids, and not one of the names the module itself declares (those
// start with "_", or are MDX's).
func jsBindable(name string) bool {
	switch name {
	case "let", "static", "async", "of", "get", "set", "MDXLayout", "MDXContent":
		return false
	}
	return !reservedWords[name] && !strings.HasPrefix(name, "_")
}
