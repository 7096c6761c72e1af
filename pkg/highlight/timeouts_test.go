package highlight

import (
	"os"
	"os/exec"
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
			l = chromaLexer(f.base)
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
		// Invalid UTF-8, which every hand-written lexer leaves to chroma's.
		if _, err := Lexer(lang).Tokenise(nil, "x\xff\n"); err != nil {
			t.Fatal(err)
		}
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

// A language whose blocks the hand-written lexer takes never has chroma's lexer compiled (about
// 4 ms for Python's); a block it gives up on compiles it, untimed. Chroma's lexers are compiled
// once per process, so the check runs in a fresh one: this test binary run again.
func TestFastPathLeavesChromaUncompiled(t *testing.T) {
	texts := map[string]string{"python": "import os\n", "yaml": "a: 1\n", "json": "{\"a\": 1}\n", "go": "x := 1\n"}
	if os.Getenv("DOCSD_HIGHLIGHT_FRESH_PROCESS") == "1" {
		for lang, text := range texts {
			rl := lexers.Get(lang).(*chroma.RegexLexer)
			if _, err := Lexer(lang).Tokenise(nil, text); err != nil {
				t.Fatal(err)
			}
			if rules, ok := compiledRules(rl); !ok || len(rules) != 0 {
				t.Errorf("%s: chroma's lexer compiled for a block the hand-written lexer takes", lang)
			}
			if _, err := Lexer(lang).Tokenise(nil, "x\xff\n"); err != nil {
				t.Fatal(err)
			}
			if rules, ok := compiledRules(rl); !ok || len(rules) == 0 {
				t.Errorf("%s: chroma's lexer not compiled for a block the hand-written lexer gives up on", lang)
			}
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestFastPathLeavesChromaUncompiled$", "-test.count=1")
	cmd.Env = append(os.Environ(), "DOCSD_HIGHLIGHT_FRESH_PROCESS=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("in a fresh process: %v\n%s", err, out)
	}
}
