// Package highlight picks the lexer for a fenced code block's language. For the languages that fill
// most of the site's code blocks or cost chroma most (JSON, YAML, shell and console sessions, Go,
// Python, Kotlin) it first tries a hand-written lexer that yields exactly the tokens chroma's
// regular-expression lexer yields; chroma's own lexer remains for every other language and for
// every block a hand-written lexer does not model (it gives up rather than guess). The HTML does not change; the CPU spent highlighting does: chroma's
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
//	Python          8 blocks  27.3 ms -> 0.30 ms  (92x)   96,301 -> 57 allocations (load 6, session 17)
//	Kotlin          3 blocks   2.7 ms -> 0.09 ms  (28x)   16,724 -> 20 allocations (load 4, session 17)
//
// The hand-written lexers take 254 of the 255 shell blocks and every JSON, YAML, console, Go,
// Python and Kotlin block; TestSiteBlocksMatchChroma holds each of them to chroma's tokens. The
// languages left to chroma cost it little (BenchmarkChromaByLanguage, session 17: Ruby's one block
// 5 ms, JavaScript 4.6 ms, Dockerfile 1.6 ms, against Python's 18 ms and Kotlin's 4 ms in the same
// run).
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
	"Python":       lexPython,
	"Kotlin":       lexKotlin,
}

// Lexer returns the lexer for a code block's language (the fence's info-string language): its
// tokens are those of chroma.Coalesce around chroma's lexer for that language, or around
// lexers.Fallback when chroma knows no such language.
func Lexer(lang string) chroma.Lexer {
	base := lexers.Get(lang)
	if base == nil {
		base = lexers.Fallback
	}
	fast := fastLexers[base.Config().Name]
	if fast == nil {
		return chromaLexer(base)
	}
	// chroma's lexer is compiled (by untimed) only when the hand-written one gives up: compiling
	// Python's rules costs about 4 ms, YAML's, JSON's and Go's about 0.5 ms each, per build.
	return &withFastPath{Lexer: chroma.Coalesce(base), base: base, fast: fast}
}

// chromaLexer is chroma.Coalesce around base with its rules' match timeouts taken off, retried on
// error tokens when some rule it can reach keeps a timeout (see untimed).
func chromaLexer(base chroma.Lexer) chroma.Lexer {
	var coalesced chroma.Lexer = chroma.Coalesce(base)
	if ok, closed := untimed(base); !ok || !closed {
		coalesced = retryErrors{coalesced}
	}
	return coalesced
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
	chroma.Lexer // chroma.Coalesce(base), for every method but Tokenise; it never tokenises
	base         chroma.Lexer
	fast         fastLexer
}

// Tokenise uses the hand-written lexer for a top-level tokenisation with chroma's default options
// (what a formatter asks for) and chroma's lexer for anything else.
func (l *withFastPath) Tokenise(options *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	if options == nil || *options == (chroma.TokeniseOptions{State: "root", EnsureLF: true}) {
		if tokens, ok := l.fast(text); ok {
			return chroma.Literator(tokens...), nil
		}
	}
	return chromaLexer(l.base).Tokenise(options, text)
}
