package highlight

// lexKotlin is chroma's Kotlin lexer (lexers/embedded/kotlin.xml) by hand: a stack of its states,
// each trying its rules in their order, for ASCII text. Its names are [_\p{L}][\p{L}\p{N}]*: no
// underscore after the first character, so "my_name" is two names, which matters where the first
// is a function's or a property's. The lexer has DotAll set (a character literal or a block
// comment may span lines). It gives up on non-ASCII text, control characters other than tab and
// newline, and wherever no rule matches (chroma's error tokens).

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
)

var ktKeywords = wordSetOf(`abstract actual annotation as break by catch class companion const
	constructor continue crossinline data delegate do dynamic else enum expect external false field
	file final finally for fun get if import in infix init inline inner interface internal is it
	lateinit noinline null object open operator out override package param private property
	protected public receiver reified return sealed set setparam super suspend tailrec this throw
	true try typealias typeof val value var vararg when where while`)

// ktOperators are the root state's operator rules in their order (the first that matches wins).
var ktOperators = []string{"!==", "!in", "!is", "===", "%=", "&&", "*=", "++", "+=", "--", "-=", "->", "..",
	"/=", "::", "<=", "==", ">=", "!!", "!=", "||", "?:", "?."}

// ktState is one of chroma's Kotlin lexer states that the stack can hold.
type ktState uint8

const (
	ktRoot ktState = iota
	ktString
	ktRawString
	ktPackage
	ktClass
	ktProperty
	ktFunction
	ktGenerics
)

func isASCIIAlnum(c byte) bool {
	return isASCIIDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// ktNameEnd matches (?:[_\p{L}][\p{L}\p{N}]*|`@?[_\p{L}][\p{L}\p{N}]+`) at i: its end, or i.
func ktNameEnd(s string, i int) int {
	if isASCIILetter(byteAt(s, i)) {
		j := i + 1
		for j < len(s) && isASCIIAlnum(s[j]) {
			j++
		}
		return j
	}
	if byteAt(s, i) != '`' {
		return i
	}
	j := i + 1
	if byteAt(s, j) == '@' {
		j++
	}
	if !isASCIILetter(byteAt(s, j)) || !isASCIIAlnum(byteAt(s, j+1)) {
		return i
	}
	j += 2
	for j < len(s) && isASCIIAlnum(s[j]) {
		j++
	}
	if byteAt(s, j) != '`' {
		return i
	}
	return j + 1
}

// ktQuotedEnd matches \x60[^\x60]+?\x60 at i: its end, or i.
func ktQuotedEnd(s string, i int) int {
	if byteAt(s, i) != '`' || byteAt(s, i+1) == '`' {
		return i
	}
	if k := strings.IndexByte(s[i+1:], '`'); k > 0 {
		return i + 1 + k + 1
	}
	return i
}

// ktDigitsEnd matches [0-9]+(_+[0-9]+)* at i, with digit as the class: its end, or i.
func ktDigitsEnd(s string, i int, digit func(byte) bool) int {
	if !digit(byteAt(s, i)) {
		return i
	}
	j := i + 1
	for {
		for j < len(s) && digit(s[j]) {
			j++
		}
		u := j
		for u < len(s) && s[u] == '_' {
			u++
		}
		if u == j || !digit(byteAt(s, u)) {
			return j
		}
		j = u
	}
}

// ktExponentEnd matches [eE][+-]?[0-9]+(_+[0-9]+)* at i: its end, or i.
func ktExponentEnd(s string, i int) int {
	if c := byteAt(s, i); c != 'e' && c != 'E' {
		return i
	}
	j := i + 1
	if c := byteAt(s, j); c == '+' || c == '-' {
		j++
	}
	if e := ktDigitsEnd(s, j, isASCIIDigit); e > j {
		return e
	}
	return i
}

// ktNumber tries the root state's number rules at i: the token's end and type, or i.
func ktNumber(s string, i int) (int, chroma.TokenType) {
	suffix := func(j int, unsigned bool) int {
		if c := byteAt(s, j); unsigned && (c == 'u' || c == 'U') {
			j++
		}
		if byteAt(s, j) == 'L' {
			j++
		}
		return j
	}
	float := func(j int) int { // [fF]?
		if c := byteAt(s, j); c == 'f' || c == 'F' {
			return j + 1
		}
		return j
	}
	if byteAt(s, i) == '0' {
		if c := byteAt(s, i+1); c == 'x' || c == 'X' {
			if e := ktDigitsEnd(s, i+2, isHex); e > i+2 {
				return suffix(e, true), chroma.LiteralNumberHex
			}
		}
		if c := byteAt(s, i+1); c == 'b' || c == 'B' {
			if e := ktDigitsEnd(s, i+2, func(c byte) bool { return c == '0' || c == '1' }); e > i+2 {
				return suffix(e, true), chroma.LiteralNumberBin
			}
		}
	}
	d := ktDigitsEnd(s, i, isASCIIDigit)
	if d > i && byteAt(s, d) == '.' {
		if f := ktDigitsEnd(s, d+1, isASCIIDigit); f > d+1 {
			return float(ktExponentEnd(s, f)), chroma.LiteralNumberFloat
		}
	}
	if d == i {
		if byteAt(s, i) == '.' {
			if f := ktDigitsEnd(s, i+1, isASCIIDigit); f > i+1 {
				return float(ktExponentEnd(s, f)), chroma.LiteralNumberFloat
			}
		}
		return i, 0
	}
	if e := ktExponentEnd(s, d); e > d {
		return float(e), chroma.LiteralNumberFloat
	}
	if c := byteAt(s, d); c == 'f' || c == 'F' {
		return d + 1, chroma.LiteralNumberFloat
	}
	return suffix(d, true), chroma.LiteralNumberInteger
}

type ktLexer struct {
	s     string
	l     *tokenList
	stack []ktState
}

func lexKotlin(text string) ([]chroma.Token, bool) {
	text, ok := normalise(text)
	if !ok {
		return nil, false
	}
	for i := 0; i < len(text); i++ {
		if c := text[i]; c >= 0x80 || c < 0x20 && c != '\t' && c != '\n' {
			return nil, false
		}
	}
	k := &ktLexer{s: text, l: newTokenList(text), stack: []ktState{ktRoot}}
	for i := 0; i < len(text); {
		var j int
		switch k.stack[len(k.stack)-1] {
		case ktRoot:
			j = k.root(i)
		case ktString:
			j = k.str(i)
		case ktRawString:
			j = k.rawString(i)
		default:
			j = k.named(i)
		}
		if j < 0 {
			return nil, false
		}
		i = j
	}
	return k.l.finish()
}

func (k *ktLexer) push(s ktState) { k.stack = append(k.stack, s) }
func (k *ktLexer) pop()           { k.stack = k.stack[:len(k.stack)-1] }

// interpol matches the string-interpol state at i: its end, or i.
func (k *ktLexer) interpol(i int) int {
	s := k.s
	if s[i] != '$' {
		return i
	}
	if n := ktNameEnd(s, i+1); n > i+1 {
		return n
	}
	if byteAt(s, i+1) == '{' {
		for j := i + 2; j < len(s) && s[j] != '\n'; j++ {
			if s[j] == '}' {
				return j + 1
			}
		}
	}
	return i
}

func (k *ktLexer) str(i int) int {
	s, l := k.s, k.l
	switch c := s[i]; {
	case c == '\\' && byteAt(s, i+1) != 0 && strings.IndexByte(`tbnr'"\$`, byteAt(s, i+1)) >= 0:
		l.add(chroma.LiteralStringEscape, i, i+2)
		return i + 2
	case c == '\\' && byteAt(s, i+1) == 'u' && isHex(byteAt(s, i+2)) && isHex(byteAt(s, i+3)) && isHex(byteAt(s, i+4)) && isHex(byteAt(s, i+5)):
		l.add(chroma.LiteralStringEscape, i, i+6)
		return i + 6
	case c == '"':
		l.add(chroma.LiteralStringDouble, i, i+1)
		k.pop()
		return i + 1
	case c == '$':
		if j := k.interpol(i); j > i {
			l.add(chroma.LiteralStringInterpol, i, j)
			return j
		}
		l.add(chroma.LiteralStringDouble, i, i+1)
		return i + 1
	case c == '\n' || c == '\\':
		return -1
	}
	j := i
	for j < len(s) && strings.IndexByte("\n\\\"$", s[j]) < 0 {
		j++
	}
	l.add(chroma.LiteralStringDouble, i, j)
	return j
}

func (k *ktLexer) rawString(i int) int {
	s, l := k.s, k.l
	if strings.HasPrefix(s[i:], `"""`) {
		l.add(chroma.LiteralString, i, i+3)
		k.pop()
		return i + 3
	}
	j := i // (?:[^$"]+|\"{1,2}[^"])+
	for j < len(s) {
		if c := s[j]; c != '$' && c != '"' {
			j++
		} else if c == '"' && byteAt(s, j+1) == '"' && j+2 < len(s) && s[j+2] != '"' {
			j += 3
		} else if c == '"' && j+1 < len(s) && s[j+1] != '"' {
			j += 2
		} else {
			break
		}
	}
	if j > i {
		l.add(chroma.LiteralString, i, j)
		return j
	}
	if j := k.interpol(i); j > i {
		l.add(chroma.LiteralStringInterpol, i, j)
		return j
	}
	if s[i] == '$' {
		l.add(chroma.LiteralString, i, i+1)
		return i + 1
	}
	return -1
}

// named is the package, class, property, function and generics-specification states at i.
func (k *ktLexer) named(i int) int {
	s, l := k.s, k.l
	state := k.stack[len(k.stack)-1]
	if state == ktPackage { // \S+
		j := i
		for j < len(s) && asciiClasses[s[j]]&classSpace == 0 {
			j++
		}
		if j == i {
			return -1
		}
		l.add(chroma.NameNamespace, i, j)
		k.pop()
		return j
	}
	if state == ktGenerics {
		switch c := s[i]; {
		case c == '<':
			l.add(chroma.Punctuation, i, i+1)
			k.push(ktGenerics)
			return i + 1
		case c == '>':
			l.add(chroma.Punctuation, i, i+1)
			k.pop()
			return i + 1
		case c == ',' || c == ':' || c == '*' || c == '?':
			l.add(chroma.Punctuation, i, i+1)
			return i + 1
		}
		for _, w := range []string{"in", "out", "reified"} {
			if strings.HasPrefix(s[i:], w) {
				l.add(chroma.Keyword, i, i+len(w))
				return i + len(w)
			}
		}
	}
	if state == ktFunction && s[i] == '<' {
		l.add(chroma.Punctuation, i, i+1)
		k.push(ktGenerics)
		return i + 1
	}
	typ := chroma.NameClass // the class and generics-specification states
	switch state {
	case ktProperty:
		typ = chroma.NameProperty
	case ktFunction:
		typ = chroma.NameFunction
	}
	j := ktQuotedEnd(s, i)
	if j == i {
		j = ktNameEnd(s, i)
	}
	if j > i {
		l.add(typ, i, j)
		if state != ktGenerics {
			k.pop()
		}
		return j
	}
	if state == ktFunction || state == ktGenerics { // \s+
		if j := spaceEnd(s, i); j > i {
			l.add(chroma.Text, i, j)
			return j
		}
	}
	return -1
}

func (k *ktLexer) root(i int) int {
	s, l := k.s, k.l
	if atLineStart(s, i) { // ^\s*\[.*?\]
		if j := spaceEnd(s, i); byteAt(s, j) == '[' {
			if e := strings.IndexByte(s[j+1:], ']'); e >= 0 {
				l.add(chroma.NameAttribute, i, j+1+e+1)
				return j + 1 + e + 1
			}
		}
	}
	c := s[i]
	switch {
	case c == ' ' || c == '\t':
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		l.add(chroma.Text, i, j)
		return j
	case c == '\\' && byteAt(s, i+1) == '\n':
		l.add(chroma.Text, i, i+2)
		return i + 2
	case strings.HasPrefix(s[i:], "//"):
		j := lineEnd(s, i)
		if j < len(s) {
			j++
		}
		l.add(chroma.CommentSingle, i, j)
		return j
	case strings.HasPrefix(s[i:], "/*"):
		if e := strings.Index(s[i+2:], "*/"); e >= 0 {
			l.add(chroma.CommentMultiline, i, i+2+e+2)
			return i + 2 + e + 2
		}
	case c == '\n':
		l.add(chroma.Text, i, i+1)
		return i + 1
	}
	for _, op := range ktOperators {
		if strings.HasPrefix(s[i:], op) {
			l.add(chroma.Operator, i, i+len(op))
			return i + len(op)
		}
	}
	switch c {
	case '{', '}':
		l.add(chroma.Punctuation, i, i+1)
		return i + 1
	case '"':
		if strings.HasPrefix(s[i:], `"""`) {
			l.add(chroma.LiteralString, i, i+3)
			k.push(ktRawString)
			return i + 3
		}
		l.add(chroma.LiteralStringDouble, i, i+1)
		k.push(ktString)
		return i + 1
	case '\'':
		if byteAt(s, i+1) == '\\' && byteAt(s, i+2) == 'u' && isHex(byteAt(s, i+3)) && isHex(byteAt(s, i+4)) &&
			isHex(byteAt(s, i+5)) && isHex(byteAt(s, i+6)) && byteAt(s, i+7) == '\'' {
			l.add(chroma.LiteralStringChar, i, i+1)
			l.add(chroma.LiteralStringEscape, i+1, i+7)
			l.add(chroma.LiteralStringChar, i+7, i+8)
			return i + 8
		}
		if i+2 < len(s) && s[i+2] == '\'' && s[i+1] != '\\' { // '[^\\]'
			l.add(chroma.LiteralStringChar, i, i+3)
			return i + 3
		}
		if byteAt(s, i+1) == '\\' && i+3 < len(s) && s[i+3] == '\'' { // '\\.'
			l.add(chroma.LiteralStringChar, i, i+4)
			return i + 4
		}
	}
	if j, typ := ktNumber(s, i); j > i {
		l.add(typ, i, j)
		return j
	}
	if strings.IndexByte("~!%^&*()+=|[]:;,.<>/?-", c) >= 0 {
		l.add(chroma.Punctuation, i, i+1)
		return i + 1
	}
	if strings.HasPrefix(s[i:], "companion") {
		if w := spaceEnd(s, i+9); w > i+9 && strings.HasPrefix(s[w:], "object") {
			l.add(chroma.Keyword, i, i+9)
			l.add(chroma.Text, i+9, w)
			l.add(chroma.Keyword, w, w+6)
			return w + 6
		}
	}
	for _, d := range [...]struct {
		word  string
		state ktState
	}{{"class", ktClass}, {"interface", ktClass}, {"object", ktClass}, {"package", ktPackage}, {"import", ktPackage},
		{"val", ktProperty}, {"var", ktProperty}, {"fun", ktFunction}} {
		if strings.HasPrefix(s[i:], d.word) {
			if w := spaceEnd(s, i+len(d.word)); w > i+len(d.word) {
				l.add(chroma.Keyword, i, i+len(d.word))
				l.add(chroma.Text, i+len(d.word), w)
				k.push(d.state)
				return w
			}
		}
	}
	if isASCIILetter(c) && ktKeywords[s[i:wordEnd(s, i)]] {
		w := wordEnd(s, i)
		l.add(chroma.Keyword, i, w)
		return w
	}
	if c == '@' {
		if n := ktNameEnd(s, i+1); n > i+1 {
			l.add(chroma.NameDecorator, i, n)
			return n
		}
	}
	if 'A' <= c && c <= 'Z' { // (?:\p{Lu}[_\p{L}]*)(?=\.)
		j := i + 1
		for j < len(s) && (isASCIILetter(s[j])) {
			j++
		}
		if byteAt(s, j) == '.' {
			l.add(chroma.NameClass, i, j)
			return j
		}
	}
	if n := ktNameEnd(s, i); n > i {
		l.add(chroma.Name, i, n)
		return n
	}
	return -1
}
