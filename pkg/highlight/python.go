package highlight

// lexPython is chroma's Python lexer (lexers/embedded/python.xml) by hand: a stack of its states,
// each trying its rules in their order, for ASCII text. The word lists below are that lexer's
// (they decide the token types). It gives up on what it does not model: any non-ASCII byte
// (regexp2's \w, \d, \s and \p{L} are Unicode classes), control characters other than tab and
// newline, the text "{,2}" (regexp2 reads the docstring rule's "{,2}" as literal text, so only
// such text could reach that rule), and any position where no rule matches (chroma's error
// tokens, and its reset to the root state at a newline inside a one-line string).

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
)

func wordSetOf(words string) map[string]bool { return wordSet(strings.Fields(words)...) }

var (
	// pyKeywords is the root state's keyword rule, pyExprKeywords the expression state's (the
	// only one inside an f-string's braces); "yield from" and "async for" are handled apart.
	pyKeywords = wordSetOf(`nonlocal continue finally except lambda assert global return raise yield
		while break await async pass else elif with try for del as if match case`)
	pyExprKeywords = wordSetOf("lambda yield await else for if")
	pyConstants    = wordSetOf("False True None")
	pyOperatorWord = wordSetOf("in is and or not")
	pyBuiltins     = wordSetOf(`staticmethod classmethod memoryview __import__ issubclass isinstance
		frozenset bytearray enumerate reversed property compile complex delattr hasattr setattr globals
		getattr divmod filter locals format object sorted slice print bytes range input tuple round
		super float eval list dict repr type vars hash next bool open iter oct pow min zip max map bin
		len set any dir all abs str sum chr int hex ord id`)
	pyPseudo     = wordSetOf("self Ellipsis NotImplemented cls")
	pyExceptions = wordSetOf(`PendingDeprecationWarning ConnectionAbortedError ConnectionRefusedError
		UnicodeTranslateError ConnectionResetError ModuleNotFoundError NotImplementedError
		FloatingPointError StopAsyncIteration UnicodeDecodeError DeprecationWarning UnicodeEncodeError
		NotADirectoryError ProcessLookupError ZeroDivisionError IsADirectoryError FileNotFoundError
		UnboundLocalError KeyboardInterrupt ChildProcessError EnvironmentError IndentationError
		InterruptedError BlockingIOError ArithmeticError ConnectionError BrokenPipeError FileExistsError
		ResourceWarning PermissionError RuntimeWarning ReferenceError AttributeError AssertionError
		UnicodeWarning RecursionError StopIteration BaseException OverflowError SyntaxWarning
		FutureWarning GeneratorExit ImportWarning UnicodeError TimeoutError WindowsError RuntimeError
		BytesWarning SystemError UserWarning MemoryError ImportError LookupError BufferError SyntaxError
		SystemExit ValueError IndexError NameError Exception TypeError TabError EOFError KeyError
		VMSError Warning OSError IOError`)
	pyMagicFuncs = wordSetOf(`__instancecheck__ __subclasscheck__ __getattribute__ __length_hint__
		__rfloordiv__ __ifloordiv__ __itruediv__ __contains__ __floordiv__ __rtruediv__ __reversed__
		__setitem__ __complex__ __rdivmod__ __delattr__ __rmatmul__ __ilshift__ __prepare__ __delitem__
		__rrshift__ __imatmul__ __rlshift__ __setattr__ __truediv__ __getitem__ __missing__ __getattr__
		__irshift__ __rshift__ __format__ __invert__ __matmul__ __divmod__ __delete__ __aenter__
		__lshift__ __await__ __bytes__ __anext__ __aiter__ __aexit__ __round__ __float__ __enter__
		__index__ __iadd__ __ipow__ __rpow__ __iter__ __init__ __ixor__ __rmul__ __rmod__ __imul__
		__imod__ __iand__ __hash__ __rsub__ __exit__ __rxor__ __bool__ __call__ __rand__ __next__
		__radd__ __isub__ __repr__ __set__ __add__ __new__ __neg__ __xor__ __and__ __mul__ __mod__
		__sub__ __len__ __str__ __ror__ __ior__ __pos__ __del__ __get__ __dir__ __abs__ __int__ __pow__
		__eq__ __gt__ __le__ __lt__ __ne__ __or__ __ge__`)
	pyMagicVars = wordSetOf(`__annotations__ __kwdefaults__ __qualname__ __objclass__ __defaults__
		__closure__ __globals__ __weakref__ __module__ __class__ __bases__ __slots__ __file__ __code__
		__name__ __func__ __dict__ __self__ __mro__ __doc__`)
)

// pyState is one of chroma's Python lexer states that the stack can hold.
type pyState uint8

const (
	pyRoot       pyState = iota
	pyFuncname           // after "def "
	pyClassname          // after "class "
	pyFromImport         // after "from "
	pyImport             // after "import "
	pyString             // inside a string literal; pyFrame.str says which kind
	pyFExpr              // inside an f-string's braces
	pyFInner             // inside brackets within an f-string's braces
)

// pyStringKind is which of chroma's string states (and escape states combined with it) lexes a
// literal's inside.
type pyStringKind struct {
	quote   byte
	triple  bool
	escapes bool // backslash escapes are tokens (not a raw string)
	fstring bool
	typ     chroma.TokenType // LiteralStringDouble or LiteralStringSingle
}

type pyFrame struct {
	state pyState
	str   pyStringKind
}

type pyLexer struct {
	s     string
	l     *tokenList
	stack []pyFrame
}

func lexPython(text string) ([]chroma.Token, bool) {
	text, ok := normalise(text)
	if !ok || strings.Contains(text, "{,2}") {
		return nil, false
	}
	for i := 0; i < len(text); i++ {
		if c := text[i]; c >= 0x80 || c < 0x20 && c != '\t' && c != '\n' {
			return nil, false
		}
	}
	p := &pyLexer{s: text, l: newTokenList(text), stack: []pyFrame{{state: pyRoot}}}
	for i := 0; i < len(text); {
		top := p.stack[len(p.stack)-1]
		var j int
		switch top.state {
		case pyRoot:
			j = p.root(i)
		case pyFuncname, pyClassname, pyFromImport, pyImport:
			j = p.namespaceLike(top.state, i)
		case pyString:
			j = p.str(top.str, i)
		case pyFExpr, pyFInner:
			j = p.fexpr(top.state, i)
		}
		if j < 0 {
			return nil, false
		}
		i = j
	}
	return p.l.finish()
}

func (p *pyLexer) push(f pyFrame) { p.stack = append(p.stack, f) }
func (p *pyLexer) pop()           { p.stack = p.stack[:len(p.stack)-1] }

// pyNameEnd is the end of [_\p{L}][_\p{L}\p{N}]* at i (ASCII text), or i when none starts there.
func pyNameEnd(s string, i int) int {
	if !isASCIILetter(byteAt(s, i)) {
		return i
	}
	return wordEnd(s, i)
}

// wordIs reports whether the word (\w run) at i is w: an alternative followed by \b.
func wordIs(s string, i int, w string) bool {
	return strings.HasPrefix(s[i:], w) && !wordAt(s, i+len(w))
}

// blankEnd is the end of (?:\s|\\\s)+ at i, or i.
func blankEnd(s string, i int) int {
	for i < len(s) {
		if asciiClasses[s[i]]&classSpace != 0 {
			i++
		} else if s[i] == '\\' && i+1 < len(s) && asciiClasses[s[i+1]]&classSpace != 0 {
			i += 2
		} else {
			break
		}
	}
	return i
}

// root is the root state at i: the new position, or -1 when no rule matches.
func (p *pyLexer) root(i int) int {
	s, l := p.s, p.l
	switch c := s[i]; {
	case c == '\n':
		l.add(chroma.Text, i, i+1)
		return i + 1
	case c == '#':
		j := lineEnd(s, i)
		if i == 0 && j > 2 && s[1] == '!' { // \A#!.+$
			l.add(chroma.CommentHashbang, i, j)
		} else {
			l.add(chroma.CommentSingle, i, j)
		}
		return j
	case c == '\\':
		if byteAt(s, i+1) == '\n' {
			l.add(chroma.Text, i, i+2)
			return i + 2
		}
		l.add(chroma.Text, i, i+1)
		return i + 1
	case isASCIILetter(c):
		w := wordEnd(s, i)
		word := s[i:w]
		switch {
		case wordIs(s, i, "yield from"):
			l.add(chroma.Keyword, i, i+len("yield from"))
			return i + len("yield from")
		case pyKeywords[word]:
			l.add(chroma.Keyword, i, w)
			return w
		case pyConstants[word]:
			l.add(chroma.KeywordConstant, i, w)
			return w
		}
		for _, d := range [...]struct {
			word  string
			typ   chroma.TokenType
			state pyState
		}{{"def", chroma.Keyword, pyFuncname}, {"class", chroma.Keyword, pyClassname},
			{"from", chroma.KeywordNamespace, pyFromImport}, {"import", chroma.KeywordNamespace, pyImport}} {
			if !strings.HasPrefix(s[i:], d.word) {
				continue
			}
			k := i + len(d.word)
			if b := blankEnd(s, k); b > k {
				l.add(d.typ, i, k)
				l.add(chroma.Text, k, b)
				p.push(pyFrame{state: d.state})
				return b
			}
		}
	}
	return p.expr(i)
}

// namespaceLike is the funcname, classname, fromimport and import states at i.
func (p *pyLexer) namespaceLike(state pyState, i int) int {
	s, l := p.s, p.l
	n := pyNameEnd(s, i)
	switch state {
	case pyFuncname:
		if n > i && pyMagicFuncs[s[i:n]] {
			l.add(chroma.NameFunctionMagic, i, n)
			return n
		}
		if n > i {
			l.add(chroma.NameFunction, i, n)
		}
		p.pop()
		return n
	case pyClassname:
		if n == i {
			return -1
		}
		l.add(chroma.NameClass, i, n)
		p.pop()
		return n
	case pyFromImport:
		if sp := spaceEnd(s, i); sp > i && wordIs(s, sp, "import") {
			l.add(chroma.Text, i, sp)
			l.add(chroma.KeywordNamespace, sp, sp+len("import"))
			p.pop()
			return sp + len("import")
		}
		switch {
		case s[i] == '.':
			l.add(chroma.NameNamespace, i, i+1)
			return i + 1
		case wordIs(s, i, "None"):
			l.add(chroma.NameBuiltinPseudo, i, i+4)
			p.pop()
			return i + 4
		case n > i:
			l.add(chroma.NameNamespace, i, n)
			return n
		}
	case pyImport:
		if sp := spaceEnd(s, i); sp > i && strings.HasPrefix(s[sp:], "as") {
			if e := spaceEnd(s, sp+2); e > sp+2 {
				l.add(chroma.Text, i, sp)
				l.add(chroma.Keyword, sp, sp+2)
				l.add(chroma.Text, sp+2, e)
				return e
			}
		}
		if s[i] == '.' {
			l.add(chroma.NameNamespace, i, i+1)
			return i + 1
		}
		if n > i {
			l.add(chroma.NameNamespace, i, n)
			return n
		}
		if sp := spaceEnd(s, i); byteAt(s, sp) == ',' {
			e := spaceEnd(s, sp+1)
			l.add(chroma.Text, i, sp)
			l.add(chroma.Operator, sp, sp+1)
			l.add(chroma.Text, sp+1, e)
			return e
		}
	}
	p.pop() // the state's last rule: pop without consuming
	return i
}

// stringStart matches the expression state's string rules at i: the end of the prefix, the end
// of the opening quotes and the string's kind; ok is false when no string starts at i.
func stringStart(s string, i int) (affixEnd, openEnd int, kind pyStringKind, ok bool) {
	lower := func(k int) byte { return byteAt(s, k) | 0x20 }
	isQuote := func(k int) bool { return byteAt(s, k) == '"' || byteAt(s, k) == '\'' }
	a, b := lower(i), lower(i+1)
	switch {
	case (a == 'r' && b == 'f' || a == 'f' && b == 'r') && isQuote(i+2):
		affixEnd, kind = i+2, pyStringKind{fstring: true}
	case a == 'f' && isQuote(i+1):
		affixEnd, kind = i+1, pyStringKind{fstring: true, escapes: true}
	case (a == 'r' && b == 'b' || a == 'b' && b == 'r') && isQuote(i+2):
		affixEnd = i + 2
	case a == 'r' && isQuote(i+1):
		affixEnd = i + 1
	case (a == 'u' || a == 'b') && isQuote(i+1):
		affixEnd, kind = i+1, pyStringKind{escapes: true}
	case isQuote(i):
		affixEnd, kind = i, pyStringKind{escapes: true}
	default:
		return 0, 0, kind, false
	}
	kind.quote = s[affixEnd]
	kind.typ = chroma.LiteralStringDouble
	if kind.quote == '\'' {
		kind.typ = chroma.LiteralStringSingle
	}
	openEnd = affixEnd + 1
	if byteAt(s, affixEnd+1) == kind.quote && byteAt(s, affixEnd+2) == kind.quote {
		kind.triple = true
		openEnd = affixEnd + 3
	}
	return affixEnd, openEnd, kind, true
}

// expr is the expression state at i.
func (p *pyLexer) expr(i int) int {
	s, l := p.s, p.l
	if affixEnd, openEnd, kind, ok := stringStart(s, i); ok {
		l.add(chroma.LiteralStringAffix, i, affixEnd)
		l.add(kind.typ, affixEnd, openEnd)
		p.push(pyFrame{state: pyString, str: kind})
		return openEnd
	}
	c := s[i]
	if c == ' ' || c == '\t' { // [^\S\n]+
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		l.add(chroma.Text, i, j)
		return j
	}
	if j, typ := pyNumber(s, i); j > i {
		l.add(typ, i, j)
		return j
	}
	// The two-character operators must be single tokens: inside an f-string's braces the next
	// position decides whether "=}" closes the braces.
	if op := s[i:min(i+2, len(s))]; op == "!=" || op == "==" || op == "<<" || op == ">>" || op == ":=" {
		l.add(chroma.Operator, i, i+2)
		return i + 2
	}
	if strings.IndexByte("-~+/*%=<>&^|.", c) >= 0 {
		l.add(chroma.Operator, i, i+1)
		return i + 1
	}
	if strings.IndexByte("[]{}:(),;", c) >= 0 {
		l.add(chroma.Punctuation, i, i+1)
		return i + 1
	}
	if c == '@' { // decorator: @name(\s*\.\s*name)*, else the operator
		n := pyNameEnd(s, i+1)
		if n == i+1 {
			l.add(chroma.Operator, i, i+1)
			return i + 1
		}
		for {
			d := spaceEnd(s, n)
			if byteAt(s, d) != '.' {
				break
			}
			a := spaceEnd(s, d+1)
			e := pyNameEnd(s, a)
			if e == a {
				break
			}
			n = e
		}
		l.add(chroma.NameDecorator, i, n)
		return n
	}
	if !isASCIILetter(c) {
		return -1
	}
	w := wordEnd(s, i)
	word := s[i:w]
	typ := chroma.Name
	afterDot := i > 0 && s[i-1] == '.'
	switch {
	case pyOperatorWord[word]:
		typ = chroma.OperatorWord
	case wordIs(s, i, "yield from"), wordIs(s, i, "async for"):
		w = i + len("yield from")
		if word == "async" {
			w = i + len("async for")
		}
		typ = chroma.Keyword
	case pyExprKeywords[word]:
		typ = chroma.Keyword
	case pyConstants[word]:
		typ = chroma.KeywordConstant
	case pyBuiltins[word] && !afterDot:
		typ = chroma.NameBuiltin
	case pyPseudo[word] && !afterDot:
		typ = chroma.NameBuiltinPseudo
	case pyExceptions[word] && !afterDot:
		typ = chroma.NameException
	case pyMagicFuncs[word]:
		typ = chroma.NameFunctionMagic
	case pyMagicVars[word]:
		typ = chroma.NameVariableMagic
	}
	l.add(typ, i, w)
	return w
}

// pyDigitsEnd is the end of \d(?:_?\d)* at i, or i when no digit starts there.
func pyDigitsEnd(s string, i int) int {
	if !isASCIIDigit(byteAt(s, i)) {
		return i
	}
	i++
	for {
		if isASCIIDigit(byteAt(s, i)) {
			i++
		} else if byteAt(s, i) == '_' && isASCIIDigit(byteAt(s, i+1)) {
			i += 2
		} else {
			return i
		}
	}
}

// pyExponentEnd is the end of [eE][+-]?\d(?:_?\d)* at i, or i.
func pyExponentEnd(s string, i int) int {
	if c := byteAt(s, i); c != 'e' && c != 'E' {
		return i
	}
	j := i + 1
	if c := byteAt(s, j); c == '+' || c == '-' {
		j++
	}
	if e := pyDigitsEnd(s, j); e > j {
		return e
	}
	return i
}

// pyRadixEnd is the end of 0[pP](?:_?[digits])+ at i, or i.
func pyRadixEnd(s string, i int, p byte, digit func(byte) bool) int {
	if byteAt(s, i) != '0' || byteAt(s, i+1)|0x20 != p {
		return i
	}
	j := i + 2
	for {
		if digit(byteAt(s, j)) {
			j++
		} else if byteAt(s, j) == '_' && digit(byteAt(s, j+1)) {
			j += 2
		} else {
			break
		}
	}
	if j == i+2 {
		return i
	}
	return j
}

// pyNumber is the numbers state at i: the token's end and type, or i when no rule matches.
func pyNumber(s string, i int) (int, chroma.TokenType) {
	d := pyDigitsEnd(s, i)
	// (\d…\.(\d…)?|(\d…)?\.\d…)([eE][+-]?\d…)?
	if byteAt(s, d) == '.' && (d > i || isASCIIDigit(byteAt(s, d+1))) {
		f := pyDigitsEnd(s, d+1)
		return pyExponentEnd(s, f), chroma.LiteralNumberFloat
	}
	if d == i {
		return i, 0
	}
	if e := pyExponentEnd(s, d); e > d { // \d…[eE][+-]?\d…j?
		if byteAt(s, e) == 'j' {
			e++
		}
		return e, chroma.LiteralNumberFloat
	}
	if j := pyRadixEnd(s, i, 'o', func(c byte) bool { return '0' <= c && c <= '7' }); j > i {
		return j, chroma.LiteralNumberOct
	}
	if j := pyRadixEnd(s, i, 'b', func(c byte) bool { return c == '0' || c == '1' }); j > i {
		return j, chroma.LiteralNumberBin
	}
	if j := pyRadixEnd(s, i, 'x', isHex); j > i {
		return j, chroma.LiteralNumberHex
	}
	return d, chroma.LiteralNumberInteger
}

// stringEscapeEnd matches the stringescape state's rule at i (a backslash): its end, or i.
func stringEscapeEnd(s string, i int) int {
	hexRun := func(from, n int) bool {
		for k := 0; k < n; k++ {
			if !isHex(byteAt(s, from+k)) {
				return false
			}
		}
		return true
	}
	c := byteAt(s, i+1)
	switch {
	case c != 0 && strings.IndexByte("\\abfnrtv\"'\n", c) >= 0:
		return i + 2
	case c == 'N' && byteAt(s, i+2) == '{': // N\{.*?\}
		for k := i + 3; k < len(s) && s[k] != '\n'; k++ {
			if s[k] == '}' {
				return k + 1
			}
		}
	case c == 'u' && hexRun(i+2, 4):
		return i + 6
	case c == 'U' && hexRun(i+2, 8):
		return i + 10
	case c == 'x' && hexRun(i+2, 2):
		return i + 4
	case '0' <= c && c <= '7':
		j := i + 2
		for j < i+4 && '0' <= byteAt(s, j) && byteAt(s, j) <= '7' {
			j++
		}
		return j
	}
	return i
}

// str is a string state (with the escape states chroma combines with it) at i.
func (p *pyLexer) str(k pyStringKind, i int) int {
	s, l := p.s, p.l
	c := s[i]
	if k.fstring && (strings.HasPrefix(s[i:], "{{") || strings.HasPrefix(s[i:], "}}")) {
		l.add(chroma.LiteralStringEscape, i, i+2)
		return i + 2
	}
	if k.escapes && c == '\\' {
		if j := stringEscapeEnd(s, i); j > i {
			l.add(chroma.LiteralStringEscape, i, j)
			return j
		}
	}
	if c == k.quote && (!k.triple || byteAt(s, i+1) == c && byteAt(s, i+2) == c) {
		j := i + 1
		if k.triple {
			j = i + 3
		}
		l.add(k.typ, i, j)
		p.pop()
		return j
	}
	if !k.triple && c == '\\' {
		if n := byteAt(s, i+1); n == '\\' || n == k.quote || n == '\n' {
			l.add(chroma.LiteralStringEscape, i, i+2)
			return i + 2
		}
	}
	if k.fstring {
		switch c {
		case '}':
			l.add(chroma.LiteralStringInterpol, i, i+1)
			return i + 1
		case '{':
			l.add(chroma.LiteralStringInterpol, i, i+1)
			p.push(pyFrame{state: pyFExpr})
			return i + 1
		}
	} else {
		if c == '%' {
			if j := percentInterpolEnd(s, i); j > i {
				l.add(chroma.LiteralStringInterpol, i, j)
				return j
			}
		}
		if c == '{' {
			if j := braceInterpolEnd(s, i); j > i {
				l.add(chroma.LiteralStringInterpol, i, j)
				return j
			}
		}
	}
	// The plain runs: [^\\'"%{\n]+ (or [^\\'"{}\n]+ in an f-string), [\'"\\], and % or {.
	j := i
	for j < len(s) && strings.IndexByte("\\'\"\n{", s[j]) < 0 && !(k.fstring && s[j] == '}') && !(!k.fstring && s[j] == '%') {
		j++
	}
	switch {
	case j > i:
	case c == '\\' || c == '\'' || c == '"' || c == '%':
		j = i + 1
	case c == '{': // \{{1,2}
		j = i + 1
		if byteAt(s, j) == '{' {
			j++
		}
	case c == '\n' && k.triple:
		j = i + 1
	default:
		return -1 // a newline in a one-line string: chroma resets its stack
	}
	l.add(k.typ, i, j)
	return j
}

// percentInterpolEnd matches %(\(\w+\))?[-#0 +]*([0-9]+|[*])?(\.([0-9]+|[*]))?[hlL]?[E-GXc-giorsaux%]
// at i; each part's greedy choice is the only one that can lead to a match.
func percentInterpolEnd(s string, i int) int {
	j := i + 1
	if byteAt(s, j) == '(' {
		if w := wordEnd(s, j+1); w > j+1 && byteAt(s, w) == ')' {
			j = w + 1
		}
	}
	for strings.IndexByte("-#0 +", byteAt(s, j)) >= 0 && byteAt(s, j) != 0 {
		j++
	}
	widthEnd := func(k int) int {
		if byteAt(s, k) == '*' {
			return k + 1
		}
		return digitsEnd(s, k)
	}
	j = widthEnd(j)
	if byteAt(s, j) == '.' {
		if e := widthEnd(j + 1); e > j+1 {
			j = e
		}
	}
	if c := byteAt(s, j); c == 'h' || c == 'l' || c == 'L' {
		j++
	}
	if c := byteAt(s, j); c != 0 && strings.IndexByte("EFGXcdefgiorsaux%", c) >= 0 {
		return j + 1
	}
	return i
}

// braceInterpolEnd matches the str.format rule at i (a brace):
// \{((\w+)((\.\w+)|(\[[^\]]+\]))*)?(\![sra])?(\:(.?[<>=\^])?[-+ ]?#?0?(\d+)?,?(\.\d+)?[E-GXb-gnosx%]?)?\}
func braceInterpolEnd(s string, i int) int {
	j := i + 1
	if w := wordEnd(s, j); w > j {
		j = w
		for {
			if byteAt(s, j) == '.' && wordEnd(s, j+1) > j+1 {
				j = wordEnd(s, j+1)
			} else if byteAt(s, j) == '[' && byteAt(s, j+1) != ']' && j+1 < len(s) {
				k := strings.IndexByte(s[j+1:], ']')
				if k < 0 {
					break
				}
				j = j + 1 + k + 1
			} else {
				break
			}
		}
	}
	if byteAt(s, j) == '!' && strings.IndexByte("sra", byteAt(s, j+1)) >= 0 && byteAt(s, j+1) != 0 {
		j += 2
	}
	if byteAt(s, j) == '}' {
		return j + 1
	}
	if byteAt(s, j) != ':' {
		return i
	}
	isAlign := func(c byte) bool { return c != 0 && strings.IndexByte("<>=^", c) >= 0 }
	spec := func(k int) int { // [-+ ]?#?0?(\d+)?,?(\.\d+)?[E-GXb-gnosx%]?\}
		if c := byteAt(s, k); c == '-' || c == '+' || c == ' ' {
			k++
		}
		if byteAt(s, k) == '#' {
			k++
		}
		k = digitsEnd(s, k) // 0?(\d+)? ends where the digits end
		if byteAt(s, k) == ',' {
			k++
		}
		if byteAt(s, k) == '.' && isASCIIDigit(byteAt(s, k+1)) {
			k = digitsEnd(s, k+1)
		}
		if c := byteAt(s, k); c != 0 && strings.IndexByte("EFGXbcdefgnosx%", c) >= 0 && byteAt(s, k+1) == '}' {
			k++
		}
		if byteAt(s, k) == '}' {
			return k + 1
		}
		return -1
	}
	k := j + 1
	if k < len(s) && s[k] != '\n' && isAlign(byteAt(s, k+1)) { // .?[<>=\^] taking a character
		if e := spec(k + 2); e > 0 {
			return e
		}
	}
	if isAlign(byteAt(s, k)) {
		if e := spec(k + 1); e > 0 {
			return e
		}
	}
	if e := spec(k); e > 0 {
		return e
	}
	return i
}

// fexpr is the state inside an f-string's braces (pyFExpr) or inside brackets there (pyFInner).
func (p *pyLexer) fexpr(state pyState, i int) int {
	s, l := p.s, p.l
	c := s[i]
	if c == '{' || c == '(' || c == '[' {
		l.add(chroma.Punctuation, i, i+1)
		p.push(pyFrame{state: pyFInner})
		return i + 1
	}
	if state == pyFInner && (c == '}' || c == ')' || c == ']') {
		l.add(chroma.Punctuation, i, i+1)
		p.pop()
		return i + 1
	}
	if state == pyFExpr { // (=\s*)?(\![sraf])?[}:]
		j := i
		if c == '=' {
			j = spaceEnd(s, i+1)
		}
		if byteAt(s, j) == '!' && byteAt(s, j+1) != 0 && strings.IndexByte("sraf", byteAt(s, j+1)) >= 0 {
			j += 2
		}
		if e := byteAt(s, j); e == '}' || e == ':' {
			l.add(chroma.LiteralStringInterpol, i, j+1)
			p.pop()
			return j + 1
		}
	}
	if asciiClasses[c]&classSpace != 0 {
		j := spaceEnd(s, i)
		l.add(chroma.Text, i, j)
		return j
	}
	return p.expr(i)
}
