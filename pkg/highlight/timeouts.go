// Chroma gives every rule's regular expression a 250 ms match timeout (regexp2's MatchTimeout, set
// when a lexer compiles, with no option to change it), measured in wall time. A match that times out
// is no match: on a loaded machine (a CI runner, a build beside a test suite) the same block then
// highlights differently from one build to the next. Seen twice: a Dockerfile space wrapped in
// <span class="err"> (the character became an error token), and TypeScript's `void` as a name
// (class nx) instead of a keyword (k), because the keyword rule timed out and a later rule matched.
// Output must not depend on how busy the machine is, so:
//   - untimed takes the timeout off every compiled rule of the lexers Lexer hands out, which removes
//     both kinds of difference;
//   - a lexer's rules that hand a match over to another lexer by name (chroma's "using", the
//     Dockerfile lexer's RUN lines to Bash) have that lexer untimed too, before the first block;
//   - retryErrors still tokenises again a block that holds an error token, for the lexers whose
//     rules may reach a lexer not known before lexing (UsingByGroup, which names it from the text;
//     a rule written as a Go function), whose rules keep chroma's timeout. A lexer whose every
//     reachable rule is untimed is not retried: its error tokens are the text's (the Dockerfile
//     blocks of the Vela site hold some, and were lexed three times each).
package highlight

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/dlclark/regexp2/v2"
)

// untimedLexers records the chroma lexers whose rules have had their timeout taken off. Chroma's
// lexers are process-wide values (its registry), compiled once per process, so this record is too;
// the lock keeps two first uses of a language from writing the same rules at once.
var untimedLexers = struct {
	sync.Mutex
	done map[*chroma.RegexLexer]bool // untimed; true when closed (see untimed)
}{done: map[*chroma.RegexLexer]bool{}}

// untimed compiles l (a chroma regular-expression lexer) and sets every rule's match timeout to
// regexp2's "never", and so for each lexer its rules hand over to by name, recursively. Chroma
// keeps the compiled rules in an unexported field; they are reached through reflection, and ok is
// false when that field is not what this code expects (a chroma upgrade):
// TestLexersHaveNoMatchTimeout then fails. closed is true when no rule lexing with l can reach
// has a timeout: l and every lexer it can hand over to are regular-expression lexers untimed here.
func untimed(l chroma.Lexer) (ok, closed bool) {
	untimedLexers.Lock()
	defer untimedLexers.Unlock()
	return untimedLocked(l, map[*chroma.RegexLexer]bool{})
}

func untimedLocked(l chroma.Lexer, seen map[*chroma.RegexLexer]bool) (ok, closed bool) {
	rl, isRegex := l.(*chroma.RegexLexer)
	if !isRegex {
		// No regular expressions of chroma's of its own, but it may delegate to lexers that have
		// some (chroma.DelegatingLexer): not known to be closed.
		return true, false
	}
	if c, done := untimedLexers.done[rl]; done {
		return true, c
	}
	if seen[rl] {
		// A cycle: its lexers' answers depend on each other. Not closed, the old way (retried).
		return true, false
	}
	seen[rl] = true
	if _, err := rl.Rules(); err != nil { // compiles the rules
		return false, false
	}
	rules, ok := compiledRules(rl)
	if !ok {
		return false, false
	}
	closed = true
	for _, state := range rules {
		for _, rule := range state {
			if rule.Regexp != nil {
				rule.Regexp.MatchTimeout = regexp2.DefaultMatchTimeout
			}
			sub, known := handsOverTo(rule.Type)
			closed = closed && known
			for _, name := range sub {
				next := lexers.Get(name)
				if next == nil {
					closed = false // chroma's Using panics on it; not ours to decide
					continue
				}
				okSub, closedSub := untimedLocked(next, seen)
				ok, closed = ok && okSub, closed && closedSub
			}
		}
	}
	untimedLexers.done[rl] = closed
	return ok, closed
}

// handsOverTo lists the lexers, by name, that an emitter hands its match over to; known is false
// when the emitter may reach a lexer that cannot be named before lexing (UsingByGroup takes the
// name from the text; a function may call any lexer).
func handsOverTo(e chroma.Emitter) (names []string, known bool) {
	if e == nil {
		return nil, true
	}
	kind, ok := e.(chroma.SerialisableEmitter)
	if !ok {
		return nil, false
	}
	switch kind.EmitterKind() {
	case "token", "usingself":
		return nil, true
	case "using":
		f := reflect.ValueOf(e)
		if f.Kind() == reflect.Pointer {
			f = f.Elem()
		}
		if f.Kind() != reflect.Struct {
			return nil, false
		}
		name := f.FieldByName("Lexer")
		if !name.IsValid() || name.Kind() != reflect.String {
			return nil, false
		}
		return []string{name.String()}, true
	case "bygroups":
		f := reflect.ValueOf(e)
		if f.Kind() == reflect.Pointer {
			f = f.Elem()
		}
		if f.Kind() != reflect.Struct {
			return nil, false
		}
		group, ok := f.FieldByName("Emitters").Interface().(chroma.Emitters)
		if !ok {
			return nil, false
		}
		known := true
		for _, g := range group {
			sub, k := handsOverTo(g)
			names, known = append(names, sub...), known && k
		}
		return names, known
	}
	return nil, false
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
