// These tests hold the hand-written lexers to chroma's: for every code block of the site in their
// languages, and for fuzzed text, the coalesced tokens must be chroma's exactly, or the lexer must
// give up.
package highlight_test

import (
	"fmt"
	"io/fs"
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
var fastLanguages = map[string]string{"JSON": "json", "YAML": "yaml", "Bash": "sh", "Bash Session": "console", "Go": "go"}

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
	for _, lang := range []string{"json", "yaml", "yml", "sh", "bash", "shell", "zsh", "ksh", "console", "shell-session", "bash-session", "JSON", "go", "golang"} {
		if _, ok := highlight.TokeniseFast(lang, "a\n"); !ok {
			if _, ok := highlight.TokeniseFast(lang, "1\n"); !ok {
				t.Errorf("%s: no hand-written lexer", lang)
			}
		}
	}
	if _, ok := highlight.TokeniseFast("python", "import os\n"); ok {
		t.Errorf("python: a hand-written lexer where there is none")
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
	"Bash Session": {"$ ls\nout\n\n[user@host dir]$ echo 1\n# id\n> x", "$\n  echo hi\n%", "[a@b] \n$ x\n"},
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

func FuzzConsole(f *testing.F) {
	seedFuzz(f, "Bash Session")
	f.Fuzz(func(t *testing.T, text string) { checkAgainstChroma(t, "console", text) })
}

// BenchmarkLexers lexes every site block of each reimplemented language with chroma and with this
// package (the fast path, and chroma for the blocks it gives up on).
func BenchmarkLexers(b *testing.B) {
	blocks := siteBlocks(b)
	for _, name := range []string{"YAML", "Bash", "JSON", "Bash Session", "Go"} {
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
