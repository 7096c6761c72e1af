// Package highlight picks the lexer for a fenced code block's language. For the languages that fill
// most of the site's code blocks (JSON, YAML, shell and console sessions, Go) it first tries a
// hand-written lexer that yields exactly the tokens chroma's regular-expression lexer yields; chroma's
// own lexer remains for every other language and for every block a hand-written lexer does not model
// (it gives up rather than guess). The HTML does not change; the CPU spent highlighting does: chroma's
// regexp2 lexers try each rule at every position and allocate per attempt, about a fifth of docsd's
// CPU in a full build.
//
// Measured with `go test -run '^$' -bench . -benchmem -benchtime 2s -cpu 1 ./pkg/highlight`, which
// lexes every block of content/ in each language with chroma.Coalesce around chroma's lexer and with
// Lexer (the blocks a hand-written lexer gives up on included), on the 2-core build machine:
//
//	YAML          178 blocks  39.7 ms -> 1.28 ms  (31x)  312,009 -> 648 allocations
//	Bash          249 blocks  31.3 ms -> 0.79 ms  (40x)  209,629 -> 2,547 allocations
//	JSON          119 blocks  21.9 ms -> 0.52 ms  (42x)  212,399 -> 446 allocations
//	Bash Session  163 blocks  21.5 ms -> 0.61 ms  (35x)  133,640 -> 859 allocations
//	Go             13 blocks  21.9 ms -> 0.44 ms  (50x)   79,565 -> 55 allocations (load 11)
//
// The hand-written lexers take 248 of the 249 shell blocks and every JSON, YAML, console and Go block;
// TestSiteBlocksMatchChroma holds each of them to chroma's tokens.
package highlight

import (
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// fastLexer lexes a whole block into coalesced tokens, or reports false when the block holds
// something it does not model exactly, so that chroma lexes it instead.
type fastLexer func(text string) ([]chroma.Token, bool)

// fastLexers maps chroma's lexer names to their hand-written equivalents. Keying on the name of the
// lexer chroma resolves (rather than on the info string) keeps every alias chroma accepts (sh, bash,
// zsh, shell, yml, console, …) on the same lexer as before.
var fastLexers = map[string]fastLexer{
	"JSON":         lexJSON,
	"YAML":         lexYAML,
	"Bash":         lexBash,
	"Bash Session": lexConsole,
	"Go":           lexGo,
}

// Lexer returns the lexer for a code block's language (the fence's info-string language): its
// tokens are those of chroma.Coalesce around chroma's lexer for that language, or around
// lexers.Fallback when chroma knows no such language.
func Lexer(lang string) chroma.Lexer {
	base := lexers.Get(lang)
	if base == nil {
		base = lexers.Fallback
	}
	var coalesced chroma.Lexer = chroma.Coalesce(base)
	if ok, closed := untimed(base); !ok || !closed {
		coalesced = retryErrors{coalesced}
	}
	fast := fastLexers[base.Config().Name]
	if fast == nil {
		return coalesced
	}
	return &withFastPath{Lexer: coalesced, fast: fast}
}

// TokeniseFast lexes text with the hand-written lexer for lang, if there is one. ok is false when
// there is none or it gave up on this text; the tests compare the tokens with chroma's.
func TokeniseFast(lang, text string) (tokens []chroma.Token, ok bool) {
	base := lexers.Get(lang)
	if base == nil {
		return nil, false
	}
	fast := fastLexers[base.Config().Name]
	if fast == nil {
		return nil, false
	}
	return fast(text)
}

// withFastPath is chroma's coalesced lexer with a hand-written lexer tried first.
type withFastPath struct {
	chroma.Lexer
	fast fastLexer
}

// Tokenise uses the hand-written lexer for a top-level tokenisation with chroma's default options
// (what a formatter asks for) and chroma's lexer for anything else.
func (l *withFastPath) Tokenise(options *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	if options == nil || *options == (chroma.TokeniseOptions{State: "root", EnsureLF: true}) {
		if tokens, ok := l.fast(text); ok {
			return chroma.Literator(tokens...), nil
		}
	}
	return l.Lexer.Tokenise(options, text)
}
