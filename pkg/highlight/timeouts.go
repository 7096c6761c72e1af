// Chroma gives every rule's regular expression a 250 ms match timeout (regexp2's MatchTimeout, set
// when a lexer compiles, with no option to change it), measured in wall time. A match that times out
// is no match: on a loaded machine (a CI runner, a build beside a test suite) the same block then
// highlights differently from one build to the next. Seen twice: a Dockerfile space wrapped in
// <span class="err"> (the character became an error token), and TypeScript's `void` as a name
// (class nx) instead of a keyword (k), because the keyword rule timed out and a later rule matched.
// Output must not depend on how busy the machine is, so:
//   - untimed takes the timeout off every compiled rule of the lexers Lexer hands out, which removes
//     both kinds of difference;
//   - retryErrors still tokenises again a block that holds an error token, for the lexers a lexer
//     hands over to at lex time (chroma's "using" rules), whose rules keep chroma's timeout.
package highlight

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/alecthomas/chroma/v2"
	"github.com/dlclark/regexp2/v2"
)

// untimedLexers records the chroma lexers whose rules have had their timeout taken off. Chroma's
// lexers are process-wide values (its registry), compiled once per process, so this record is too;
// the lock keeps two first uses of a language from writing the same rules at once.
var untimedLexers = struct {
	sync.Mutex
	done map[*chroma.RegexLexer]bool
}{done: map[*chroma.RegexLexer]bool{}}

// untimed compiles l (a chroma regular-expression lexer) and sets every rule's match timeout to
// regexp2's "never". Chroma keeps the compiled rules in an unexported field; they are reached
// through reflection, and ok is false when that field is not what this code expects (a chroma
// upgrade): TestLexersHaveNoMatchTimeout then fails.
func untimed(l chroma.Lexer) (ok bool) {
	rl, isRegex := l.(*chroma.RegexLexer)
	if !isRegex {
		return true // no regular expressions of chroma's: nothing times out
	}
	untimedLexers.Lock()
	defer untimedLexers.Unlock()
	if untimedLexers.done[rl] {
		return true
	}
	if _, err := rl.Rules(); err != nil { // compiles the rules
		return false
	}
	rules, ok := compiledRules(rl)
	if !ok {
		return false
	}
	for _, state := range rules {
		for _, rule := range state {
			if rule.Regexp != nil {
				rule.Regexp.MatchTimeout = regexp2.DefaultMatchTimeout
			}
		}
	}
	untimedLexers.done[rl] = true
	return true
}

// compiledRules is the lexer's unexported compiled rules (RegexLexer.rules).
func compiledRules(rl *chroma.RegexLexer) (map[string][]*chroma.CompiledRule, bool) {
	f := reflect.ValueOf(rl).Elem().FieldByName("rules")
	if !f.IsValid() || f.Type() != reflect.TypeOf(map[string][]*chroma.CompiledRule(nil)) {
		return nil, false
	}
	return *(*map[string][]*chroma.CompiledRule)(unsafe.Pointer(f.UnsafeAddr())), true
}

// lexAttempts bounds the tries of a block that yields error tokens. Three timeouts in a row on one
// block would need a machine stalled for most of a second three times over.
const lexAttempts = 3

// retryErrors is a lexer whose tokenisation is repeated while it holds error tokens.
type retryErrors struct {
	chroma.Lexer
}

// Tokenise returns the first tokenisation without error tokens, or the one with the fewest of them
// (the first such) when every attempt has some.
func (l retryErrors) Tokenise(options *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	var best []chroma.Token
	bestErrors := -1
	for range lexAttempts {
		it, err := l.Lexer.Tokenise(options, text)
		if err != nil {
			return nil, err
		}
		tokens := it.Tokens()
		errors := 0
		for _, t := range tokens {
			if t.Type == chroma.Error {
				errors++
			}
		}
		if bestErrors < 0 || errors < bestErrors {
			best, bestErrors = tokens, errors
		}
		if errors == 0 {
			break
		}
	}
	return chroma.Literator(best...), nil
}
