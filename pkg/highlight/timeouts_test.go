package highlight

import (
	"testing"

	"github.com/alecthomas/chroma/v2"
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
