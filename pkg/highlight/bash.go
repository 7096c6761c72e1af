// This file is the hand-written shell lexer (chroma's "Bash" lexer, for sh, bash, zsh, ksh and
// shell). It models chroma's root, double-quoted string, $( ) and ${ } states; it gives up on
// backticks, $(( )) arithmetic and heredocs, which the site's blocks do not use.
package highlight

import (
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

// bashState is a state of chroma's Bash lexer.
type bashState uint8

const (
	bashRoot   bashState = iota
	bashString           // inside "…" that holds an expansion
	bashParen            // inside $( )
	bashCurly            // inside ${ }
)

// bashKeywords are chroma's shell keywords in its order.
var bashKeywords = [...]string{"if", "fi", "else", "while", "do", "done", "for", "then", "return", "function",
	"case", "select", "continue", "until", "esac", "elif"}

// bashBuiltins are chroma's shell builtins.
var bashBuiltins = func() map[string]bool {
	words := strings.Fields(`alias bg bind break builtin caller cd command compgen complete declare dirs
		disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local
		logout popd printf pushd pwd read readonly set shift shopt source suspend test time times trap true
		type typeset ulimit umask unalias unset wait`)
	set := make(map[string]bool, len(words))
	for _, w := range words {
		set[w] = true
	}
	return set
}()

// lexBash yields chroma's Bash tokens for a whole block.
func lexBash(text string) ([]chroma.Token, bool) {
	text, ok := normalise(text)
	if !ok {
		return nil, false
	}
	out := newTokenList(text)
	if !lexBashInto(text, 0, out) {
		return nil, false
	}
	return out.finish()
}

// lexBashInto lexes text as chroma's Bash lexer does when text is the whole input (chroma lexes each
// console command on its own), adding tokens at offsets shifted by base. It reports false where it
// gives up.
func lexBashInto(text string, base int, out *tokenList) bool {
	l := bashLexer{text: text, base: base, out: out, stack: make([]bashState, 1, 8)}
	for pos := 0; pos < len(text); {
		var next int
		switch l.stack[len(l.stack)-1] {
		case bashRoot:
			next = l.root(pos)
		case bashString:
			next = l.inString(pos)
		case bashParen:
			if text[pos] == ')' {
				l.add(chroma.Keyword, pos, pos+1)
				l.stack = l.stack[:len(l.stack)-1]
				next = pos + 1
			} else {
				next = l.root(pos)
			}
		case bashCurly:
			next = l.inCurly(pos)
		}
		if next <= pos {
			return false
		}
		pos = next
	}
	return true
}

// bashLexer is one run of the Bash lexer over a text.
type bashLexer struct {
	text  string
	base  int
	out   *tokenList
	stack []bashState
}

func (l *bashLexer) add(typ chroma.TokenType, start, end int) {
	l.out.add(typ, l.base+start, l.base+end)
}

// root applies chroma's root rules (its "basic" rules, backticks, its "data" rules, then its
// "interp" rules) at pos and returns the offset after the match, or pos to give up.
func (l *bashLexer) root(pos int) int {
	text := l.text
	rest := text[pos:]
	c := text[pos]
	if 'a' <= c && c <= 'z' && !wordBefore(text, pos) {
		// \b(if|fi|…)(\s*)\b: after the keyword, its spaces if a word follows them, else none.
		for _, kw := range bashKeywords {
			if !strings.HasPrefix(rest, kw) {
				continue
			}
			end := pos + len(kw)
			spaces := spaceEnd(text, end)
			if spaces > end {
				if !wordAt(text, spaces) {
					spaces = end
				}
			} else if wordAt(text, end) {
				continue
			}
			l.add(chroma.Keyword, pos, end)
			l.add(chroma.Text, end, spaces)
			return spaces
		}
		// \b(alias|bg|…)(?=[\s)`]): the builtin is the whole text up to the next [\s)`].
		for i := pos; i < len(text); {
			r, n := runeAt(text, i)
			if isSpace(r) || r == ')' || r == '`' {
				if bashBuiltins[text[pos:i]] {
					l.add(chroma.NameBuiltin, pos, i)
					return i
				}
				break
			}
			i += n
		}
	}
	switch {
	case pos == 0 && strings.HasPrefix(rest, "#!"):
		// \A#!.+\n
		if nl := strings.IndexByte(rest, '\n'); nl > 2 {
			l.add(chroma.CommentPreproc, pos, pos+nl+1)
			return pos + nl + 1
		}
	}
	switch c {
	case '#':
		// #.*(\S|$) runs to the end of the line.
		end := lineEnd(text, pos)
		l.add(chroma.CommentSingle, pos, end)
		return end
	case '\\':
		// \\[\w\W]
		if _, n := runeAt(text, pos+1); n > 0 {
			l.add(chroma.LiteralStringEscape, pos, pos+1+n)
			return pos + 1 + n
		}
		return pos
	}
	if wordAt(text, pos) && !wordBefore(text, pos) {
		// (\b\w+)(\s*)(\+?=)
		name := wordEnd(text, pos)
		spaces := spaceEnd(text, name)
		op := 0
		if strings.HasPrefix(text[spaces:], "=") {
			op = 1
		} else if strings.HasPrefix(text[spaces:], "+=") {
			op = 2
		}
		if op > 0 {
			l.add(chroma.NameVariable, pos, name)
			l.add(chroma.Text, name, spaces)
			l.add(chroma.Operator, spaces, spaces+op)
			return spaces + op
		}
	}
	switch {
	case strings.ContainsRune("[]{}()=", rune(c)):
		l.add(chroma.Operator, pos, pos+1)
		return pos + 1
	case strings.HasPrefix(rest, "<<<"):
		l.add(chroma.Operator, pos, pos+3)
		return pos + 3
	case strings.HasPrefix(rest, "<<"):
		return pos // a heredoc: not modelled
	case strings.HasPrefix(rest, "&&") || strings.HasPrefix(rest, "||"):
		l.add(chroma.Operator, pos, pos+2)
		return pos + 2
	case c == '`':
		return pos // backticks: not modelled
	}
	// The "data" rules.
	if c == '"' || strings.HasPrefix(rest, `$"`) {
		// (?s)\$?"(\\\\|\\[0-7]+|\\.|[^"\\$])*": a string without expansions is one token.
		if end := bashPlainStringEnd(text, pos); end > 0 {
			l.add(chroma.LiteralStringDouble, pos, end)
			return end
		}
		if c == '"' {
			l.add(chroma.LiteralStringDouble, pos, pos+1)
			l.stack = append(l.stack, bashString)
			return pos + 1
		}
	}
	if strings.HasPrefix(rest, "$'") {
		// (?s)\$'(\\\\|\\[0-7]+|\\.|[^'\\])*'
		for i := pos + 2; i < len(text); i++ {
			if text[i] == '\\' {
				i++
				continue
			}
			if text[i] == '\'' {
				l.add(chroma.LiteralStringSingle, pos, i+1)
				return i + 1
			}
		}
	}
	if c == '\'' {
		// (?s)'.*?'
		if end := strings.IndexByte(text[pos+1:], '\''); end >= 0 {
			l.add(chroma.LiteralStringSingle, pos, pos+end+2)
			return pos + end + 2
		}
		return pos
	}
	switch c {
	case ';', '&', '|':
		l.add(chroma.Punctuation, pos, pos+1)
		return pos + 1
	}
	if end := spaceEnd(text, pos); end > pos {
		l.add(chroma.Text, pos, end)
		return end
	}
	if '0' <= c && c <= '9' {
		// \d+(?= |$)
		end, ok := asciiDigitEnd(text, pos)
		if !ok {
			return pos
		}
		if end == len(text) || text[end] == ' ' || text[end] == '\n' {
			l.add(chroma.LiteralNumber, pos, end)
			return end
		}
	}
	if c >= utf8.RuneSelf {
		if r, _ := utf8.DecodeRuneInString(rest); isDigit(r) {
			return pos // \d+ with a non-ASCII digit: not modelled
		}
	}
	if end := bashWordEnd(text, pos); end > pos {
		l.add(chroma.Text, pos, end)
		return end
	}
	if c == '<' {
		l.add(chroma.Text, pos, pos+1)
		return pos + 1
	}
	if c == '$' {
		return l.interp(pos)
	}
	return pos
}

// bashWordEnd matches [^=\s\[\]{}()$"'`\\<&|;]+ at pos.
func bashWordEnd(text string, pos int) int {
	i := pos
	for i < len(text) {
		c := text[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(text[i:])
			if isSpace(r) {
				break
			}
			i += n
			continue
		}
		if isSpace(rune(c)) || strings.IndexByte("=[]{}()$\"'`\\<&|;", c) >= 0 {
			break
		}
		i++
	}
	return i
}

// bashPlainStringEnd matches (?s)\$?"(\\\\|\\[0-7]+|\\.|[^"\\$])*" at pos, or returns 0. A backslash
// always takes the character after it, so the string ends at the first quote it does not take, and
// an unescaped $ stops it.
func bashPlainStringEnd(text string, pos int) int {
	i := pos + 1
	if text[pos] == '$' {
		i++
	}
	for i < len(text) {
		switch text[i] {
		case '\\':
			_, n := runeAt(text, i+1)
			if n == 0 {
				return 0
			}
			i += 1 + n
		case '"':
			return i + 1
		case '$':
			return 0
		default:
			i++
		}
	}
	return 0
}

// inString applies chroma's rules inside a double-quoted string that holds an expansion.
func (l *bashLexer) inString(pos int) int {
	text := l.text
	if text[pos] == '"' {
		l.add(chroma.LiteralStringDouble, pos, pos+1)
		l.stack = l.stack[:len(l.stack)-1]
		return pos + 1
	}
	// (?s)(\\\\|\\[0-7]+|\\.|[^"\\$])+
	i := pos
loop:
	for i < len(text) {
		switch text[i] {
		case '\\':
			_, n := runeAt(text, i+1)
			if n == 0 {
				break loop
			}
			i += 1 + n
		case '"', '$':
			break loop
		default:
			i++
		}
	}
	if i > pos {
		l.add(chroma.LiteralStringDouble, pos, i)
		return i
	}
	if text[pos] == '$' {
		return l.interp(pos)
	}
	return pos
}

// inCurly applies chroma's rules inside ${ }.
func (l *bashLexer) inCurly(pos int) int {
	text := l.text
	switch {
	case text[pos] == '}':
		l.add(chroma.LiteralStringInterpol, pos, pos+1)
		l.stack = l.stack[:len(l.stack)-1]
		return pos + 1
	case strings.HasPrefix(text[pos:], ":-"):
		l.add(chroma.Keyword, pos, pos+2)
		return pos + 2
	case wordAt(text, pos):
		end := wordEnd(text, pos)
		l.add(chroma.NameVariable, pos, end)
		return end
	}
	// [^}:"'`$\\]+
	i := pos
	for i < len(text) && strings.IndexByte("}:\"'`$\\", text[i]) < 0 {
		i++
	}
	if i > pos {
		l.add(chroma.Punctuation, pos, i)
		return i
	}
	if text[pos] == ':' {
		l.add(chroma.Punctuation, pos, pos+1)
		return pos + 1
	}
	return l.root(pos)
}

// interp applies chroma's "interp" rules at a $.
func (l *bashLexer) interp(pos int) int {
	text := l.text
	rest := text[pos:]
	switch {
	case strings.HasPrefix(rest, "$(("):
		return pos // arithmetic: not modelled
	case strings.HasPrefix(rest, "$("):
		l.add(chroma.Keyword, pos, pos+2)
		l.stack = append(l.stack, bashParen)
		return pos + 2
	case strings.HasPrefix(rest, "${"):
		end := pos + 2
		if strings.HasPrefix(rest, "${#") {
			end++
		}
		l.add(chroma.LiteralStringInterpol, pos, end)
		l.stack = append(l.stack, bashCurly)
		return end
	}
	if pos+1 < len(text) {
		c := text[pos+1]
		switch {
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			// \$[a-zA-Z_]\w*
			end := wordEnd(text, pos+1)
			l.add(chroma.NameVariable, pos, end)
			return end
		case '0' <= c && c <= '9':
			// \$\d+
			end, ok := asciiDigitEnd(text, pos+1)
			if !ok {
				return pos
			}
			l.add(chroma.NameVariable, pos, end)
			return end
		case strings.IndexByte("#$?!_*@-", c) >= 0:
			l.add(chroma.NameVariable, pos, pos+2)
			return pos + 2
		case c >= utf8.RuneSelf:
			if r, _ := utf8.DecodeRuneInString(text[pos+1:]); isDigit(r) {
				return pos // \$\d+ with a non-ASCII digit: not modelled
			}
		}
	}
	l.add(chroma.Text, pos, pos+1)
	return pos + 1
}
