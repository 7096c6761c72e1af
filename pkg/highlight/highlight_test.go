// These tests hold the hand-written lexers to chroma's: for every code block of the site in their
// languages, and for fuzzed text, the coalesced tokens must be chroma's exactly, or the lexer must
// give up.
package highlight_test

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"

	"docsd/pkg/content"
	"docsd/pkg/highlight"
	"docsd/pkg/markdown"
)

// contentDir is the site whose code blocks the tests and benchmarks lex.
const contentDir = "../../content"

// siteBlock is one code block of the site.
type siteBlock struct {
	file, lang, code string
}

// siteBlocks extracts every code block of content/ as the Markdown renderer does.
func siteBlocks(tb testing.TB) []siteBlock {
	tb.Helper()
	conv := markdown.New()
	var blocks []siteBlock
	err := filepath.WalkDir(contentDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("read %s: %w", path, err)
		}
		_, body, _, err := content.SplitFrontMatter(path, raw)
		if err != nil {
			return fmt.Errorf("front matter of %s: %w", path, err)
		}
		for _, b := range conv.CodeBlocks(body) {
			blocks = append(blocks, siteBlock{file: path, lang: b.Info.Lang, code: b.Code})
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	if len(blocks) == 0 {
		tb.Fatalf("no code blocks under %s", contentDir)
	}
	return blocks
}

// chromaTokens is what the site highlighted before this package: chroma.Coalesce around chroma's
// lexer.
func chromaTokens(tb testing.TB, lang, text string) []chroma.Token {
	tb.Helper()
	lexer := lexers.Get(lang)
	if lexer == nil {
		lexer = lexers.Fallback
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, text)
	if err != nil {
		tb.Fatalf("chroma %s: %v", lang, err)
	}
	return it.Tokens()
}

// firstDifference describes where two token streams part, or returns "".
func firstDifference(want, got []chroma.Token) string {
	for i := 0; i < len(want) || i < len(got); i++ {
		var w, g chroma.Token
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			return fmt.Sprintf("token %d: chroma %s %q, fast %s %q", i, w.Type, w.Value, g.Type, g.Value)
		}
	}
	return ""
}

// fastLanguages are the chroma lexers this package reimplements, with an info-string language for
// each.
var fastLanguages = map[string]string{"JSON": "json", "YAML": "yaml", "Bash": "sh", "Bash Session": "console", "Go": "go", "Python": "python", "Kotlin": "kotlin"}

// minFastShare is the share of the site's blocks each hand-written lexer must lex itself, so that a
// lexer that gives up on everything (always correct, never faster) fails the test.
const minFastShare = 0.9

func TestSiteBlocksMatchChroma(t *testing.T) {
	total, fast := map[string]int{}, map[string]int{}
	for _, b := range siteBlocks(t) {
		want := chromaTokens(t, b.lang, b.code)
		it, err := highlight.Lexer(b.lang).Tokenise(nil, b.code)
		if err != nil {
			t.Fatalf("%s (%s): %v", b.file, b.lang, err)
		}
		if diff := firstDifference(want, it.Tokens()); diff != "" {
			t.Errorf("%s (%s) through highlight.Lexer: %s", b.file, b.lang, diff)
		}
		base := lexers.Get(b.lang)
		if base == nil || fastLanguages[base.Config().Name] == "" {
			continue
		}
		name := base.Config().Name
		total[name]++
		got, ok := highlight.TokeniseFast(b.lang, b.code)
		if !ok {
			continue
		}
		fast[name]++
		if diff := firstDifference(want, got); diff != "" {
			t.Errorf("%s (%s): %s\n%s", b.file, b.lang, diff, b.code)
		}
	}
	names := make([]string, 0, len(fastLanguages))
	for name := range fastLanguages {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		share := float64(fast[name]) / float64(max(total[name], 1))
		t.Logf("%-12s %3d of %3d blocks lexed by hand (%.0f%%)", name, fast[name], total[name], 100*share)
		if total[name] > 0 && share < minFastShare {
			t.Errorf("%s: only %.0f%% of the site's blocks take the fast path, want at least %.0f%%", name, 100*share, 100*minFastShare)
		}
	}
}

// TestAliases checks that every alias chroma accepts for a reimplemented lexer reaches it.
func TestAliases(t *testing.T) {
	for _, lang := range []string{"json", "yaml", "yml", "sh", "bash", "shell", "zsh", "ksh", "console", "shell-session", "bash-session", "JSON", "go", "golang", "python", "py", "python3", "starlark", "kotlin"} {
		if _, ok := highlight.TokeniseFast(lang, "a\n"); !ok {
			if _, ok := highlight.TokeniseFast(lang, "1\n"); !ok {
				t.Errorf("%s: no hand-written lexer", lang)
			}
		}
	}
	if _, ok := highlight.TokeniseFast("ruby", "puts 1\n"); ok {
		t.Errorf("ruby: a hand-written lexer where there is none")
	}
}

// checkAgainstChroma is the fuzz property: no panic, and when the hand-written lexer does not give
// up, its tokens rebuild the text (as chroma normalises it) and equal chroma's.
func checkAgainstChroma(t *testing.T, lang, text string) {
	got, ok := highlight.TokeniseFast(lang, text)
	if !ok {
		return
	}
	var rebuilt strings.Builder
	for _, tok := range got {
		rebuilt.WriteString(tok.Value)
	}
	want := strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	if base := lexers.Get(lang); base.Config().EnsureNL && want != "" && !strings.HasSuffix(want, "\n") {
		want += "\n"
	}
	if rebuilt.String() != want {
		t.Fatalf("tokens rebuild %q, want %q", rebuilt.String(), want)
	}
	if diff := firstDifference(chromaTokens(t, lang, text), got); diff != "" {
		t.Fatalf("%s\ntext: %q", diff, text)
	}
}

// trickySeeds are inputs that exercise the corners of chroma's rules (backtracking, word
// boundaries, Unicode classes, states left open), by chroma lexer.
var trickySeeds = map[string][]string{
	"JSON": {"{\"a\\\"\": [1, -0.5e+3, 01, true, nullx]}\n", "// c\n{\"a\": \"b\\\\\"}", "[1٣, 2]", "{\"a\"\r\n:1}"},
	"YAML": {"a: 1.5x\nb: 0x1fg\nc: +1\n- -1e5\n", "key: value # comment\nurl: http://x // y\n",
		"s: |\n  one\n\n  two\n three\n", "\"k\": \"v\": w\n? - x\n", "d: 2024-01-02T03:04:05.6 +01\n",
		"&anchor *alias !!str yes no ON\n", "é: ü # ñ\n", "k: '\\'' unterminated"},
	"Bash": {"#!/bin/sh\nif  [ $x ]; then echo \"$HOME ${A:-b} $(ls \"$1\")\"; fi\n",
		"FOO+=bar done do\ndone\nexport X=1 2 \\\n  y\n", "echo ${#a} $? $@ $' \\' ' 12 12a <<< x && y || z\n",
		"time times typeset type echo) $ é٣ 5", "a=\"$\" \"\\\"\" $\"x\"\n"},
	"Go": {"package main\n\nimport \"fmt\"\n\nfunc main() {\n\tx := 1.5e+3i + .5 + 0x1F_ff + 0b101 + 017 + 09 + 1e5 + 1.e2 + 3i + .5e-2i + 1e+2i\n\tfmt.Println(len(x), any(x), string (x))\n}\n",
		"//go:generate x\n// c\n/* a\n*/ /* open\nvar s = \"a\\\"b\\\\\" + 'x' + '\\n' + '\\x41' + '\\101' + '\\1' + '\\u00e9' + '\\U0001F600' + '''\n",
		"a &^= b <<= 2; c <- d; e... ; f != g && h || !i; x.y[z] ~ @", "x := \"unterminated\nfoo(\n)", "s := `raw`", "é := 1",
		"gopher goto go iota nil true falsey make(x) make (x) print\n", "'\\777' '\\x4' 'ab' '\n' 0x 0b2 0_1 //", "a /* b */ c\\\n/"},
	"Python": {"#!/usr/bin/env python3\n\"\"\"doc\"\"\"\nimport os.path as p, sys\nfrom . import x\nfrom a.b import (c)\nfrom None\n#!x\n",
		"def __init__(self, *a, **k) -> None:\n    return super().__init__(a) if a is not None else cls.len\ndef\\\n f(): pass\n",
		"class C(Base): pass\n@app.route ( 'x' )\n@ x\nm @ n\nyield from x; yield fromage\nasync for x in y: await z\n",
		"x = 1_000 + 0x_1f + 0o17 + 0b_1 + 1.5e-3j + .5 + 5. + 1e5 + 1_ + 0_0 + 1.5j + 0e + 1E+_2\n",
		`s = 'a\'b' + "%(name)s %-5.2f %% %*d %y %(x" + '{0!r:>10} {a.b[c]} {:} {:}<} {:*^+#012,.3f} {x' + u'\u00e9\N{DASH}\777\q\N{x'` + "\n",
		`r'\'' + rb"\d" + Br'x' + R'''\'''' + b'''a` + "\n" + `b''' + """t\"""" + 'open` + "\n" + `x"`,
		`f"{x!r} {y=} {z = !s} {a:>{w}} {{lit}} {d['k']} {f(1, [2])} {x==y} {a:=1} ${{{e.args[0]}}} {x!=y}"` + "\n",
		`rf'{x}\n{{' + F'''{` + "\n" + `  x` + "\n" + `}''' + f"{'a' if b else 'c'}" + f'{lambda: 1}' + fR"{a}"`,
		"x = a != b == c << d >> e := f; g\n", "a\\\nb \\ c\n\tTrue False None Ellipsis __name__ __len__ .self x.int\n",
		"\"{,2}\"", "é = 1", "class (x)\n", "f'{x # c}'\n", "g ! h\n", "x = '''unterminated\n", "f'{x", "s = 'a\nb'\n", "import\n", "from x\nimport y\n"},
	"Kotlin": {"package a.b\nimport java.io.File\n\n@file:JvmName(\"X\")\nfun <T : Any, in R> f(x: T?): List<out T> = listOf(x!!)\n",
		"class `my class` : Base()\ninterface I\nobject O { companion  object }\nval my_value = 1_000L + 0xFF_ffuL + 0b1_0 + 1.5e-3f + .5 + 2F + 3e2 + 1.x\n",
		`fun my_func() = "a\tb \u00e9 \$ $name ${f(x)} $ ${ " + '\u0041' + 'a' + '\n' + '''` + "\n",
		`val s = """raw "quoted" ""x $v ${w} $ \n"""" + """"""` + "\n/* block\n comment */ // line\n  [Attr] x\n",
		"a !== b === c != d !in e !is f ?: g?.h ?. i :: j -> k .. l <= m >= n && o || p ++ q -- r += s -= t *= u /= v %= w\n",
		"System.out.println(Foo1.x + Foo_bar.y + it + it_x + this)\n`ab`\n@Suppress x\nfun `odd name`(a) {}\nfun\n  <T> g()\n",
		"x \\\ny", "é", "a # b", "val\n\n1", "class 1", `"a\qb"`, "\"a\nb\""},
	"Bash Session": {"$ ls\nout\n\n[user@host dir]$ echo 1\n# id\n> x", "$\n  echo hi\n%", "[a@b] \n$ x\n"},
}

// pythonDeclines are trickySeeds["Python"] the Python lexer leaves to chroma (a non-ASCII name,
// the literal "{,2}", chroma's error tokens, a newline inside a one-line string); the others it
// must lex itself.
var pythonDeclines = map[string]bool{"\"{,2}\"": true, "é = 1": true, "class (x)\n": true, "f'{x # c}'\n": true,
	"g ! h\n": true, "s = 'a\nb'\n": true}

// kotlinDeclines are trickySeeds["Kotlin"] the Kotlin lexer leaves to chroma (a non-ASCII name,
// chroma's error tokens, a newline inside a string); the others it must lex itself.
var kotlinDeclines = map[string]bool{"é": true, "a # b": true, "val\n\n1": true, "class 1": true, `"a\qb"`: true, "\"a\nb\"": true}

// TestKotlinTricky holds the Kotlin lexer to chroma's tokens on inputs built to reach its corners
// (names without underscores, generics, string interpolation, raw strings, numbers, operators), and
// checks that it lexes them itself rather than giving up.
func TestKotlinTricky(t *testing.T) { holdTricky(t, "Kotlin", "kotlin", kotlinDeclines) }

// TestPythonTricky holds the Python lexer to chroma's tokens on inputs built to reach its corners
// (string prefixes and escapes, %- and {}-interpolation, f-string braces, numbers, imports), and
// checks that it lexes them itself rather than giving up.
func TestPythonTricky(t *testing.T) { holdTricky(t, "Python", "python", pythonDeclines) }

// holdTricky lexes trickySeeds[name] with the hand-written lexer of lang: the inputs in declines
// must be left to chroma, every other one lexed by hand into chroma's tokens.
func holdTricky(t *testing.T, name, lang string, declines map[string]bool) {
	t.Helper()
	for _, text := range trickySeeds[name] {
		got, ok := highlight.TokeniseFast(lang, text)
		if ok != !declines[text] {
			t.Errorf("lexed by hand: %v, want %v: %q", ok, !declines[text], text)
			continue
		}
		if !ok {
			continue
		}
		if diff := firstDifference(chromaTokens(t, lang, text), got); diff != "" {
			t.Errorf("%s\ntext: %q", diff, text)
		}
	}
}

// seedFuzz adds the site's blocks of one chroma lexer, and trickySeeds, as seeds.
func seedFuzz(f *testing.F, name string) {
	for _, seed := range trickySeeds[name] {
		f.Add(seed)
	}
	for _, b := range siteBlocks(f) {
		if base := lexers.Get(b.lang); base != nil && base.Config().Name == name {
			f.Add(b.code)
		}
	}
}

func FuzzJSON(f *testing.F) {
	seedFuzz(f, "JSON")
	f.Fuzz(func(t *testing.T, text string) { checkAgainstChroma(t, "json", text) })
}

func FuzzYAML(f *testing.F) {
	seedFuzz(f, "YAML")
	f.Fuzz(func(t *testing.T, text string) { checkAgainstChroma(t, "yaml", text) })
}

func FuzzBash(f *testing.F) {
	seedFuzz(f, "Bash")
	f.Fuzz(func(t *testing.T, text string) { checkAgainstChroma(t, "sh", text) })
}

func FuzzGo(f *testing.F) {
	seedFuzz(f, "Go")
	f.Fuzz(func(t *testing.T, text string) { checkAgainstChroma(t, "go", text) })
}

func FuzzPython(f *testing.F) {
	seedFuzz(f, "Python")
	f.Fuzz(func(t *testing.T, text string) { checkAgainstChroma(t, "python", text) })
}

func FuzzKotlin(f *testing.F) {
	seedFuzz(f, "Kotlin")
	f.Fuzz(func(t *testing.T, text string) { checkAgainstChroma(t, "kotlin", text) })
}

func FuzzConsole(f *testing.F) {
	seedFuzz(f, "Bash Session")
	f.Fuzz(func(t *testing.T, text string) { checkAgainstChroma(t, "console", text) })
}

// BenchmarkLexers lexes every site block of each reimplemented language with chroma and with this
// package (the fast path, and chroma for the blocks it gives up on).
func BenchmarkLexers(b *testing.B) {
	blocks := siteBlocks(b)
	for _, name := range []string{"YAML", "Bash", "JSON", "Bash Session", "Go", "Python", "Kotlin"} {
		var texts []string
		size := 0
		for _, blk := range blocks {
			if base := lexers.Get(blk.lang); base != nil && base.Config().Name == name {
				texts = append(texts, blk.code)
				size += len(blk.code)
			}
		}
		lang := fastLanguages[name]
		run := func(lexer chroma.Lexer) func(*testing.B) {
			return func(b *testing.B) {
				b.SetBytes(int64(size))
				for b.Loop() {
					for _, text := range texts {
						it, err := lexer.Tokenise(nil, text)
						if err != nil {
							b.Fatal(err)
						}
						for tok := it(); tok != chroma.EOF; tok = it() {
						}
					}
				}
			}
		}
		b.Run(strings.ReplaceAll(name, " ", "")+"/chroma", run(chroma.Coalesce(lexers.Get(lang))))
		b.Run(strings.ReplaceAll(name, " ", "")+"/highlight", run(highlight.Lexer(lang)))
	}
}

// BenchmarkChromaByLanguage lexes every site block of each language chroma resolves with chroma
// alone, to show which languages cost most and would repay a hand-written lexer.
func BenchmarkChromaByLanguage(b *testing.B) {
	byName := map[string][]string{}
	lang := map[string]string{}
	for _, blk := range siteBlocks(b) {
		base := lexers.Get(blk.lang)
		if base == nil {
			continue
		}
		name := base.Config().Name
		byName[name] = append(byName[name], blk.code)
		lang[name] = blk.lang
	}
	names := make([]string, 0, len(byName))
	for name := range byName {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		texts := byName[name]
		lexer := chroma.Coalesce(lexers.Get(lang[name]))
		b.Run(fmt.Sprintf("%s/%d", strings.ReplaceAll(name, " ", ""), len(texts)), func(b *testing.B) {
			for b.Loop() {
				for _, text := range texts {
					it, err := lexer.Tokenise(nil, text)
					if err != nil {
						b.Fatal(err)
					}
					for tok := it(); tok != chroma.EOF; tok = it() {
					}
				}
			}
		})
	}
}

// pythonFragments are the pieces TestFragments joins at random: tokens and partial tokens
// whose neighbours change how chroma's rules match them.
var pythonFragments = []string{"\n", " ", "\t", "\\", "#", "#!", "'", "\"", "'''", `"""`, "f", "r", "b", "u", "rf", "Rb", "F",
	"{", "}", "{{", "}}", "(", ")", "[", "]", ":", "=", "!", "!r", "==", "<", ">", "%", "%s", "%(a)d", "%-5.2f", ".", ",", "@",
	"*", "-", "+", "0", "1", "_", "e", "j", "x", "o", "0x", "1_0", "1.", ".5", "1e", "def", "class", "from", "import", "as",
	"None", "True", "if", "else", "in", "not", "yield", "from", "async", "for", "lambda", "self", "len", "int", "ValueError",
	"__init__", "__name__", "name", "a.b", "\\n", "\\x4", "\\N{", "\\u00e9", "\\777", ":>10", "{0!r:>{w}}", "{a[b]}", "x=", ";"}

// kotlinFragments are pythonFragments' counterpart for Kotlin.
var kotlinFragments = []string{"\n", " ", "\t", "\\", "//", "/*", "*/", "'", "\"", `"""`, "$", "${", "}", "{", "(", ")", "[", "]",
	"<", ">", ":", "=", "!", "?", ".", ",", "@", "*", "-", "+", "0", "1", "_", "e", "f", "L", "u", "x", "0x", "1_0", "1.", ".5",
	"fun ", "class ", "val ", "var ", "package ", "import ", "object ", "companion ", "interface ", "in", "out", "reified", "is",
	"as", "it", "this", "null", "Foo", "Foo.", "my_name", "`q`", "`a b`", "\\u0041", "\\n", "\\$", "name", "!in", "?:", "->", "::"}

// TestFragments lexes random joins of each lexer's fragments (a fixed seed, so the same texts on
// every run): whatever the hand-written lexer accepts must be chroma's tokens exactly.
func TestFragments(t *testing.T) {
	for lang, fragments := range map[string][]string{"python": pythonFragments, "kotlin": kotlinFragments} {
		rng := rand.New(rand.NewPCG(17, 17))
		accepted := 0
		const texts = 3000
		for range texts {
			var b strings.Builder
			for n := 1 + rng.IntN(30); n > 0; n-- {
				b.WriteString(fragments[rng.IntN(len(fragments))])
			}
			text := b.String()
			got, ok := highlight.TokeniseFast(lang, text)
			if !ok {
				continue
			}
			accepted++
			if diff := firstDifference(chromaTokens(t, lang, text), got); diff != "" {
				t.Fatalf("%s: %s\ntext: %q", lang, diff, text)
			}
		}
		t.Logf("%s: %d of %d texts lexed by hand", lang, accepted, texts)
		if accepted < texts/4 {
			t.Errorf("%s: only %d of %d texts lexed by hand: the test no longer exercises the lexer", lang, accepted, texts)
		}
	}
}
