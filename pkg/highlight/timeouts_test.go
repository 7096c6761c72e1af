package highlight

import (
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/dlclark/regexp2/v2"
)

// flakyLexer stands for chroma's lexer on a loaded machine: its first tokenisations time out on a
// character (an error token), later ones match.
type flakyLexer struct {
	chroma.Lexer
	failures int
	calls    int
}

func (l *flakyLexer) Tokenise(_ *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	l.calls++
	if l.calls <= l.failures {
		return chroma.Literator(chroma.Token{Type: chroma.Error, Value: text[:1]}, chroma.Token{Type: chroma.Text, Value: text[1:]}), nil
	}
	return chroma.Literator(chroma.Token{Type: chroma.Text, Value: text}), nil
}

func TestTimedOutMatchIsTokenisedAgain(t *testing.T) {
	flaky := &flakyLexer{failures: 1}
	it, err := retryErrors{flaky}.Tokenise(nil, "RUN gem install")
	if err != nil {
		t.Fatal(err)
	}
	tokens := it.Tokens()
	if len(tokens) != 1 || tokens[0].Type != chroma.Text || tokens[0].Value != "RUN gem install" {
		t.Fatalf("a timed-out match must not reach the page: %v", tokens)
	}
}

func TestGenuineErrorTokensAreKept(t *testing.T) {
	always := &flakyLexer{failures: 1 << 30}
	it, err := retryErrors{always}.Tokenise(nil, "§x")
	if err != nil {
		t.Fatal(err)
	}
	if tokens := it.Tokens(); len(tokens) != 2 || tokens[0].Type != chroma.Error {
		t.Fatalf("text the lexer cannot match keeps its error token: %v", tokens)
	}
	if always.calls != lexAttempts {
		t.Fatalf("tried %d times, want %d", always.calls, lexAttempts)
	}
}

// The wrapper is what Lexer hands out, for chroma's own lexers and around the hand-written ones.
func TestLexerRetriesErrorTokens(t *testing.T) {
	for _, lang := range []string{"dockerfile", "go", "bash", "no-such-language"} {
		l := Lexer(lang)
		if f, ok := l.(*withFastPath); ok {
			l = f.Lexer
		}
		if _, ok := l.(retryErrors); !ok {
			t.Errorf("Lexer(%q) is %T, not retried on error tokens", lang, l)
		}
	}
}

// Every rule of a lexer Lexer hands out matches without a timeout, so a stalled machine cannot make
// a rule miss (TypeScript's `void` highlighted as a name once in nine builds under load). This also
// fails when a chroma upgrade moves the compiled rules out of reach of compiledRules.
func TestLexersHaveNoMatchTimeout(t *testing.T) {
	for _, lang := range []string{"dockerfile", "python", "typescript", "tsx", "ruby", "go", "bash", "yaml", "no-such-language"} {
		Lexer(lang)
		base := lexers.Get(lang)
		if base == nil {
			base = lexers.Fallback
		}
		rl, ok := base.(*chroma.RegexLexer)
		if !ok {
			continue
		}
		rules, ok := compiledRules(rl)
		if !ok {
			t.Fatalf("chroma's compiled rules are out of reach (RegexLexer.rules changed?): highlighting would depend on the machine's load again")
		}
		n := 0
		for state, rs := range rules {
			for i, r := range rs {
				n++
				if r.Regexp == nil || r.Regexp.MatchTimeout != regexp2.DefaultMatchTimeout {
					t.Fatalf("%s: rule %s.%d keeps a match timeout", lang, state, i)
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s: no compiled rules found", lang)
		}
	}
}
