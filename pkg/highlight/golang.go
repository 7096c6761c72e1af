package highlight

// lexGo is chroma's Go lexer (lexers/go.go) by hand: its rules tried in their order at each
// position, for ASCII text. It gives up on what it does not model: any non-ASCII byte (regexp2's
// \w, \d and \s are Unicode classes), raw strings (chroma lexes their insides with its Go template
// lexer), a backslash before a newline (which chroma's block comment rule may take), a double-quoted
// string with no closing quote (regexp2 backtracks into it), and a character no rule matches.

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
)

var (
	goNamespace   = wordSet("import", "package")
	goDeclaration = wordSet("var", "func", "struct", "map", "chan", "type", "interface", "const")
	goKeywords    = wordSet("break", "default", "select", "case", "defer", "go", "else", "goto", "switch",
		"fallthrough", "if", "range", "continue", "for", "return")
	goConstants = wordSet("true", "false", "iota", "nil")
	goBuiltins  = wordSet("uint", "uint8", "uint16", "uint32", "uint64", "int", "int8", "int16", "int32", "int64",
		"float", "float32", "float64", "complex64", "complex128", "byte", "rune", "string", "bool", "error", "uintptr",
		"print", "println", "panic", "recover", "close", "complex", "real", "imag", "len", "cap", "append", "copy",
		"delete", "new", "make", "clear", "min", "max")
	goTypes = wordSet("uint", "uint8", "uint16", "uint32", "uint64", "int", "int8", "int16", "int32", "int64",
		"float", "float32", "float64", "complex64", "complex128", "byte", "rune", "string", "bool", "error", "uintptr", "any")
	// goOperators in the order of chroma's alternation: the first that matches wins.
	goOperators = []string{"<<=", ">>=", "<<", ">>", "<=", ">=", "&^=", "&^", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
		"&&", "||", "<-", "++", "--", "==", "!=", ":=", "..."}
)

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

func isASCIIDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isASCIILetter(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// byteAt is s[i], or 0 past the end (no rule matches a NUL where these look).
func byteAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// digitsEnd is the end of the ASCII digits from i (the text is ASCII).
func digitsEnd(s string, i int) int {
	for i < len(s) && isASCIIDigit(s[i]) {
		i++
	}
	return i
}

// exponentEnd matches [eE][+-]\d+ (sign required) or [eE][+-]?\d+ (optional) at i: its end, or -1.
func exponentEnd(s string, i int, signOptional bool) int {
	if c := byteAt(s, i); c != 'e' && c != 'E' {
		return -1
	}
	j := i + 1
	if c := byteAt(s, j); c == '+' || c == '-' {
		j++
	} else if !signOptional {
		return -1
	}
	if !isASCIIDigit(byteAt(s, j)) {
		return -1
	}
	return digitsEnd(s, j)
}

// goNumber tries chroma's number rules at i in their order: the token's end and type, or -1.
func goNumber(s string, i int) (int, chroma.TokenType) {
	c := s[i]
	if isASCIIDigit(c) {
		d := digitsEnd(s, i)
		if byteAt(s, d) == 'i' { // \d+i
			return d + 1, chroma.LiteralNumber
		}
		if byteAt(s, d) == '.' { // \d+\.\d*([Ee][-+]\d+)?i
			e := digitsEnd(s, d+1)
			if x := exponentEnd(s, e, false); x >= 0 && byteAt(s, x) == 'i' {
				return x + 1, chroma.LiteralNumber
			}
			if byteAt(s, e) == 'i' {
				return e + 1, chroma.LiteralNumber
			}
		}
		if x := exponentEnd(s, d, false); x >= 0 && byteAt(s, x) == 'i' { // \d+[Ee][-+]\d+i
			return x + 1, chroma.LiteralNumber
		}
	} else if c == '.' && isASCIIDigit(byteAt(s, i+1)) { // \.\d+([Ee][-+]\d+)?i
		d := digitsEnd(s, i+1)
		if x := exponentEnd(s, d, false); x >= 0 && byteAt(s, x) == 'i' {
			return x + 1, chroma.LiteralNumber
		}
		if byteAt(s, d) == 'i' {
			return d + 1, chroma.LiteralNumber
		}
	}
	if isASCIIDigit(c) { // \d+(\.\d+[eE][+\-]?\d+|\.\d*|[eE][+\-]?\d+)
		d := digitsEnd(s, i)
		if byteAt(s, d) == '.' {
			if isASCIIDigit(byteAt(s, d+1)) {
				if x := exponentEnd(s, digitsEnd(s, d+1), true); x >= 0 {
					return x, chroma.LiteralNumberFloat
				}
			}
			return digitsEnd(s, d+1), chroma.LiteralNumberFloat
		}
		if x := exponentEnd(s, d, true); x >= 0 {
			return x, chroma.LiteralNumberFloat
		}
	}
	if c == '.' && isASCIIDigit(byteAt(s, i+1)) { // \.\d+([eE][+\-]?\d+)?
		d := digitsEnd(s, i+1)
		if x := exponentEnd(s, d, true); x >= 0 {
			return x, chroma.LiteralNumberFloat
		}
		return d, chroma.LiteralNumberFloat
	}
	if c == '0' {
		if n := byteAt(s, i+1); '0' <= n && n <= '7' { // 0[0-7]+
			j := i + 1
			for j < len(s) && '0' <= s[j] && s[j] <= '7' {
				j++
			}
			return j, chroma.LiteralNumberOct
		}
		if n := byteAt(s, i+1); (n == 'x' || n == 'X') && isHexOr_(byteAt(s, i+2)) { // 0[xX][0-9a-fA-F_]+
			j := i + 2
			for j < len(s) && isHexOr_(s[j]) {
				j++
			}
			return j, chroma.LiteralNumberHex
		}
		if n := byteAt(s, i+1); n == 'b' && (byteAt(s, i+2) == '0' || byteAt(s, i+2) == '1' || byteAt(s, i+2) == '_') { // 0b[01_]+
			j := i + 2
			for j < len(s) && (s[j] == '0' || s[j] == '1' || s[j] == '_') {
				j++
			}
			return j, chroma.LiteralNumberBin
		}
		return i + 1, chroma.LiteralNumberInteger // 0
	}
	if '1' <= c && c <= '9' { // [1-9][0-9_]*
		j := i + 1
		for j < len(s) && (isASCIIDigit(s[j]) || s[j] == '_') {
			j++
		}
		return j, chroma.LiteralNumberInteger
	}
	return -1, 0
}

func isHexOr_(c byte) bool {
	return isASCIIDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' || c == '_'
}

func isHex(c byte) bool { return c != '_' && isHexOr_(c) }

// goChar matches chroma's character literal rule at i (where s holds a single quote): its end, or -1.
func goChar(s string, i int) int {
	if byteAt(s, i+1) != '\\' {
		if i+2 < len(s) && s[i+2] == '\'' { // [^\\]
			return i + 3
		}
		return -1
	}
	hexRun := func(from, n int) bool {
		for k := 0; k < n; k++ {
			if !isHex(byteAt(s, from+k)) {
				return false
			}
		}
		return true
	}
	e := byteAt(s, i+2)
	if strings.IndexByte(`'"\abfnrtv`, e) >= 0 && e != 0 && byteAt(s, i+3) == '\'' {
		return i + 4
	}
	if e == 'x' && hexRun(i+3, 2) && byteAt(s, i+5) == '\'' {
		return i + 6
	}
	for n := 3; n >= 1; n-- { // \\[0-7]{1,3}, greedy, backing off
		ok := true
		for k := 0; k < n; k++ {
			if c := byteAt(s, i+2+k); c < '0' || c > '7' {
				ok = false
				break
			}
		}
		if ok && byteAt(s, i+2+n) == '\'' {
			return i + 3 + n
		}
	}
	if e == 'u' && hexRun(i+3, 4) && byteAt(s, i+7) == '\'' {
		return i + 8
	}
	if e == 'U' && hexRun(i+3, 8) && byteAt(s, i+11) == '\'' {
		return i + 12
	}
	return -1
}

func lexGo(text string) ([]chroma.Token, bool) {
	text, ok := normalise(text)
	if !ok || strings.Contains(text, "\\\n") {
		return nil, false
	}
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 || text[i] == '`' || text[i] == 0 {
			return nil, false
		}
	}
	l := newTokenList(text)
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case asciiClasses[c]&classSpace != 0: // \n, \s+
			j := spaceEnd(text, i)
			l.add(chroma.TextWhitespace, i, j)
			i = j
			continue
		case strings.HasPrefix(text[i:], "//"):
			j := lineEnd(text, i)
			if i+2 < len(text) && asciiClasses[text[i+2]]&classSpace == 0 {
				l.add(chroma.CommentPreproc, i, j) // //[^\s\n\r][^\n\r]*
			} else {
				l.add(chroma.CommentSingle, i, j)
			}
			i = j
			continue
		case strings.HasPrefix(text[i:], "/*"):
			if k := strings.Index(text[i+2:], "*/"); k >= 0 {
				j := i + 2 + k + 2
				l.add(chroma.CommentMultiline, i, j)
				i = j
				continue
			}
		case isASCIILetter(c):
			w := wordEnd(text, i)
			word := text[i:w]
			switch {
			case goNamespace[word]:
				l.add(chroma.KeywordNamespace, i, w)
			case goDeclaration[word]:
				l.add(chroma.KeywordDeclaration, i, w)
			case goKeywords[word]:
				l.add(chroma.Keyword, i, w)
			case goConstants[word]:
				l.add(chroma.KeywordConstant, i, w)
			case goBuiltins[word] && byteAt(text, w) == '(':
				l.add(chroma.NameBuiltin, i, w)
				l.add(chroma.Punctuation, w, w+1)
				w++
			case goTypes[word]:
				l.add(chroma.KeywordType, i, w)
			default:
				if s := spaceEnd(text, w); byteAt(text, s) == '(' { // ([a-zA-Z_]\w*)(\s*)(\()
					l.add(chroma.NameFunction, i, w)
					l.add(chroma.TextWhitespace, w, s)
					l.add(chroma.Punctuation, s, s+1)
					w = s + 1
				} else {
					l.add(chroma.NameOther, i, w) // [^\W\d]\w*
				}
			}
			i = w
			continue
		}
		if isASCIIDigit(c) || c == '.' {
			if j, typ := goNumber(text, i); j >= 0 {
				l.add(typ, i, j)
				i = j
				continue
			}
		}
		if c == '\'' {
			j := goChar(text, i)
			if j < 0 {
				return nil, false // no rule takes a lone quote: chroma's error token
			}
			l.add(chroma.LiteralStringChar, i, j)
			i = j
			continue
		}
		if c == '"' { // "(\\\\|\\"|[^"])*"
			j := i + 1
			for ; j < len(text) && text[j] != '"'; j++ {
				if text[j] == '\\' && (byteAt(text, j+1) == '\\' || byteAt(text, j+1) == '"') {
					j++
				}
			}
			if j >= len(text) {
				return nil, false
			}
			l.add(chroma.LiteralString, i, j+1)
			i = j + 1
			continue
		}
		if op := goOperator(text[i:]); op > 0 {
			l.add(chroma.Operator, i, i+op)
			i += op
			continue
		}
		if strings.IndexByte(`|^<>=!()[]{}.,;:~`, c) >= 0 {
			l.add(chroma.Punctuation, i, i+1)
			i++
			continue
		}
		return nil, false
	}
	return l.finish()
}

// goOperator is the length of the operator chroma's Go lexer matches at the start of s, or 0.
func goOperator(s string) int {
	for _, op := range goOperators {
		if strings.HasPrefix(s, op) {
			return len(op)
		}
	}
	if s != "" && strings.IndexByte("+-*/%&", s[0]) >= 0 {
		return 1
	}
	return 0
}
