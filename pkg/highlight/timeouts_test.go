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

// The wrapper is what Lexer hands out, for chroma's own lexers and around the hand-written ones,
// when a rule may reach a lexer with chroma's timeout: Go's lexer has a rule written as a
// function, Markdown's is no regular-expression lexer (it names a code block's lexer from the
// text). A lexer whose rules all are untimed, with those of the lexers it hands over to by name
// (Dockerfile's RUN lines to Bash), is not retried: its error tokens are the text's.
func TestLexerRetriesErrorTokens(t *testing.T) {
	for lang, retried := range map[string]bool{"go": true, "markdown": true, "dockerfile": false, "bash": false, "python": false, "html": false, "no-such-language": false} {
		l := Lexer(lang)
		if f, ok := l.(*withFastPath); ok {
			l = f.Lexer
		}
		if _, ok := l.(retryErrors); ok != retried {
			t.Errorf("Lexer(%q) is %T: retried on error tokens %v, want %v", lang, l, ok, retried)
		}
	}
}

// untimed follows a lexer's rules into the lexers they hand over to by name, and says the lexer
// is closed only when no rule it can reach keeps a timeout.
func TestUntimedFollowsHandOvers(t *testing.T) {
	timed := func(name string) *chroma.RegexLexer {
		l := chroma.MustNewLexer(&chroma.Config{Name: name}, func() chroma.Rules {
			return chroma.Rules{"root": {{Pattern: `\w+`, Type: chroma.Name}, {Pattern: `.`, Type: chroma.Text}}}
		})
		lexers.Register(l)
		return l
	}
	sub, shared := timed("docsd-test-sub"), timed("docsd-test-shared")
	parent := func(name string, rules ...chroma.Rule) *chroma.RegexLexer {
		return chroma.MustNewLexer(&chroma.Config{Name: name}, func() chroma.Rules { return chroma.Rules{"root": rules} })
	}
	for _, c := range []struct {
		lexer   *chroma.RegexLexer
		closed  bool
		reached []*chroma.RegexLexer
	}{
		{parent("using", chroma.Rule{Pattern: `x`, Type: chroma.Using("docsd-test-sub")}), true, []*chroma.RegexLexer{sub}},
		{parent("bygroups", chroma.Rule{Pattern: `(a)(b)(c)`, Type: chroma.ByGroups(chroma.Keyword, chroma.Using("docsd-test-shared"), chroma.Using("docsd-test-shared"))}), true, []*chroma.RegexLexer{shared}},
		{parent("usingbygroup", chroma.Rule{Pattern: `(a)(b)`, Type: chroma.UsingByGroup(1, 2, chroma.Name, chroma.Text)}), false, nil},
		{parent("func", chroma.Rule{Pattern: `a`, Type: chroma.EmitterFunc(func(g []string, s *chroma.LexerState) chroma.Iterator { return chroma.Literator() })}), false, nil},
		{parent("nowhere", chroma.Rule{Pattern: `x`, Type: chroma.Using("docsd-test-no-such-lexer")}), false, nil},
	} {
		ok, closed := untimed(c.lexer)
		if !ok || closed != c.closed {
			t.Errorf("%s: untimed = %v, closed %v; want closed %v", c.lexer.Config().Name, ok, closed, c.closed)
		}
		for _, l := range append(c.reached, c.lexer) {
			if _, err := l.Rules(); err != nil { // compiled already, unless untimed left it out
				t.Fatal(err)
			}
			rules, _ := compiledRules(l)
			for state, rs := range rules {
				for i, r := range rs {
					if r.Regexp.MatchTimeout != regexp2.DefaultMatchTimeout {
						t.Errorf("%s: rule %s.%d of %s keeps its timeout", c.lexer.Config().Name, state, i, l.Config().Name)
					}
				}
			}
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
