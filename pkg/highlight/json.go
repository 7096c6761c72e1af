// This file is the hand-written JSON lexer: chroma's JSON lexer is a small state machine (value,
// object key, object attribute, array) that this reproduces directly.
package highlight

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
)

// jsonState is a state of chroma's JSON lexer.
type jsonState uint8

const (
	jsonValue     jsonState = iota // a value is expected (the root)
	jsonObjectKey                  // inside {, before a key
	jsonAttribute                  // after a key, until , or }
	jsonArray                      // inside [
)

// lexJSON yields chroma's JSON tokens for text, or false where a rule would not match (chroma emits
// an Error token there) or where the regular expressions would backtrack in ways not modelled.
func lexJSON(text string) ([]chroma.Token, bool) {
	text, ok := normalise(text)
	if !ok {
		return nil, false
	}
	out := newTokenList(text)
	stack := make([]jsonState, 1, 16)
	for pos := 0; pos < len(text); {
		if end := spaceEnd(text, pos); end > pos {
			out.add(chroma.Text, pos, end)
			pos = end
			continue
		}
		state := stack[len(stack)-1]
		c := text[pos]
		if c == '/' {
			// //.*?\n (dot matches newline): a comment runs to the first newline, which it needs.
			nl := strings.IndexByte(text[pos:], '\n')
			if !strings.HasPrefix(text[pos:], "//") || nl < 0 {
				return nil, false
			}
			out.add(chroma.CommentSingle, pos, pos+nl+1)
			pos += nl + 1
			continue
		}
		if state == jsonObjectKey {
			switch c {
			case '"':
				end, ok := jsonStringEnd(text, pos)
				if !ok {
					return nil, false
				}
				out.add(chroma.NameTag, pos, end)
				stack = append(stack, jsonAttribute)
				pos = end
			case '}':
				out.add(chroma.Punctuation, pos, pos+1)
				stack = stack[:len(stack)-1]
				pos++
			default:
				return nil, false
			}
			continue
		}
		// Every other state starts with the value rules.
		switch {
		case c == 't' || c == 'f' || c == 'n':
			end := jsonKeywordEnd(text, pos)
			if end < 0 {
				return nil, false
			}
			out.add(chroma.KeywordConstant, pos, end)
			pos = end
			continue
		case c == '-' || ('0' <= c && c <= '9'):
			end, float, ok := jsonNumberEnd(text, pos)
			if !ok {
				return nil, false
			}
			if float {
				out.add(chroma.LiteralNumberFloat, pos, end)
			} else {
				out.add(chroma.LiteralNumberInteger, pos, end)
			}
			pos = end
			continue
		case c == '"':
			end, ok := jsonStringEnd(text, pos)
			if !ok {
				return nil, false
			}
			out.add(chroma.LiteralStringDouble, pos, end)
			pos = end
			continue
		case c == '{':
			out.add(chroma.Punctuation, pos, pos+1)
			stack = append(stack, jsonObjectKey)
			pos++
			continue
		case c == '[':
			out.add(chroma.Punctuation, pos, pos+1)
			stack = append(stack, jsonArray)
			pos++
			continue
		}
		switch {
		case state == jsonAttribute && c == ':', state == jsonArray && c == ',':
			out.add(chroma.Punctuation, pos, pos+1)
		case state == jsonAttribute && c == ',':
			out.add(chroma.Punctuation, pos, pos+1)
			stack = stack[:len(stack)-1]
		case state == jsonAttribute && c == '}':
			// The attribute and its object end together.
			out.add(chroma.Punctuation, pos, pos+1)
			stack = stack[:len(stack)-2]
		case state == jsonArray && c == ']':
			out.add(chroma.Punctuation, pos, pos+1)
			stack = stack[:len(stack)-1]
		default:
			return nil, false
		}
		pos++
	}
	return out.finish()
}

// jsonKeywordEnd matches (true|false|null)\b at pos, returning -1 when it does not match.
func jsonKeywordEnd(text string, pos int) int {
	for _, word := range [...]string{"true", "false", "null"} {
		if strings.HasPrefix(text[pos:], word) && !wordAt(text, pos+len(word)) {
			return pos + len(word)
		}
	}
	return -1
}

// jsonNumberEnd matches chroma's float rule, then its integer rule, at pos:
// -?(0|[1-9]\d*) followed, for a float, by \.\d+[eE][+-]?\d+, [eE][+-]?\d+ or \.\d+.
func jsonNumberEnd(text string, pos int) (end int, float bool, ok bool) {
	i := pos
	if text[i] == '-' {
		i++
	}
	switch {
	case i < len(text) && text[i] == '0':
		i++
	case i < len(text) && '1' <= text[i] && text[i] <= '9':
		if i, ok = asciiDigitEnd(text, i+1); !ok {
			return 0, false, false
		}
	default:
		return 0, false, false
	}
	intEnd := i
	exponentEnd := func(j int) (int, bool, bool) { // [eE][+-]?\d+ at j
		if j >= len(text) || (text[j] != 'e' && text[j] != 'E') {
			return 0, false, true
		}
		k := j + 1
		if k < len(text) && (text[k] == '+' || text[k] == '-') {
			k++
		}
		d, ok := asciiDigitEnd(text, k)
		return d, d > k, ok
	}
	if intEnd < len(text) && text[intEnd] == '.' {
		fracEnd, ok := asciiDigitEnd(text, intEnd+1)
		if !ok {
			return 0, false, false
		}
		if fracEnd > intEnd+1 {
			e, found, ok := exponentEnd(fracEnd)
			if !ok {
				return 0, false, false
			}
			if found {
				return e, true, true
			}
			return fracEnd, true, true
		}
		return intEnd, false, true
	}
	e, found, ok := exponentEnd(intEnd)
	if !ok {
		return 0, false, false
	}
	if found {
		return e, true, true
	}
	return intEnd, false, true
}

// jsonStringEnd matches "(\\\\|\\"|[^"])*" at pos. The greedy reading (a backslash takes the
// backslash or quote after it) is the regular expression's first choice, so its first closing quote
// is the match; without one the expression backtracks, which is not modelled (false).
func jsonStringEnd(text string, pos int) (int, bool) {
	for i := pos + 1; i < len(text); i++ {
		switch text[i] {
		case '\\':
			if i+1 < len(text) && (text[i+1] == '\\' || text[i+1] == '"') {
				i++
			}
		case '"':
			return i + 1, true
		}
	}
	return 0, false
}
