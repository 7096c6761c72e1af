// Chroma gives every rule's regular expression a 250 ms match timeout (regexp2's MatchTimeout, set
// when a lexer compiles, with no option to change it). A match that times out is no match, and the
// character becomes an error token: on a loaded machine (a CI runner, a build beside a test suite)
// the same block then highlights differently from one build to the next — seen as a space in a
// Dockerfile block wrapped in <span class="err">. Output must not depend on how busy the machine is,
// so a tokenisation that holds an error token is done again; a genuine error token (text the lexer
// cannot match) comes back every time and is kept.
package highlight

import "github.com/alecthomas/chroma/v2"

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
