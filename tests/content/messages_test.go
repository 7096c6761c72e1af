package content

// This file keeps the error and log messages the pages quote honest: every message quoted in
// backticks must be listed in testdata/messages.txt with where it comes from (a file and line of the
// Vela release the page describes, the page's own example program, or another named program). The
// list is written from `git grep` in the tags; this test keeps the pages and the list in step, so a
// new or reworded quote fails until someone finds it in the source.

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

var (
	inlineCode = regexp.MustCompile("`+[^`\n]+`+")
	// a quote that starts with one of these words is a command line, not a message
	commandWord = regexp.MustCompile(`^(vela|curl|docker|kubectl|go|git|xattr|autoload|source|sudo|export|helm|jq|echo|cat|openssl|chmod|brew|make|npm|ssh|ls|cd|sh|bash|ruby|python|node|java|gradle|mvn|kill|ps|grep|sed|date|tar|unzip|mkdir|rm|cp|mv|if|for|while|return|def|load|func|print|fmt)\b`)
	codeMarks   = regexp.MustCompile(`[={}$]|&&|\|\||^-|::|\(\)`)
	startsLower = regexp.MustCompile(`^[a-z]`)
	wildcard    = regexp.MustCompile(`…|\.\.\.|<[^<>]+>`)
)

// quotedMessages returns the inline-code quotes of a page's prose that read like a message: three
// words or more, starting with a lower-case letter, without the marks of code or a command.
func quotedMessages(prose string) []string {
	var out []string
	for _, m := range inlineCode.FindAllString(prose, -1) {
		if !strings.HasPrefix(m, "`") || strings.HasPrefix(m, "``") || strings.HasSuffix(m, "``") {
			continue
		}
		t := m[1 : len(m)-1]
		u := strings.Trim(t, `"`)
		if len(strings.Fields(u)) < 3 || !startsLower.MatchString(u) || commandWord.MatchString(u) || codeMarks.MatchString(u) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// messageSources reads testdata/messages.txt: QUOTE<TAB>WHERE, # lines are notes.
func messageSources(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("testdata/messages.txt")
	if err != nil {
		t.Fatalf("message list: %v", err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		q, where, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(where) == "" {
			t.Fatalf("testdata/messages.txt:%d: want QUOTE<TAB>WHERE, got %q", n, line)
		}
		if _, dup := out[q]; dup {
			t.Errorf("testdata/messages.txt:%d: %q is listed twice", n, q)
		}
		out[q] = where
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("message list: %v", err)
	}
	return out
}

// inCodeBlocks reports whether every literal part of a quote (the text between its … and <name>
// wildcards) occurs in one of the body's fenced code blocks.
func inCodeBlocks(body, quote string) bool {
	for _, block := range fencedCode.FindAllString(body, -1) {
		all := true
		for _, part := range wildcard.Split(strings.Trim(quote, `"`), -1) {
			if part = strings.TrimSpace(part); part != "" && !strings.Contains(block, part) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

var templateValue = regexp.MustCompile(`\$\{[^}]*\}|#\{[^}]*\}|\{[^}]*\}|%[a-z]|\$[A-Za-z_]+`)

// templateRegexp turns a message template of the page's code into a pattern that its output (or the
// leading part of it) matches: each interpolated value matches any text.
func templateRegexp(tmpl string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	last := 0
	for _, loc := range templateValue.FindAllStringIndex(tmpl, -1) {
		b.WriteString(regexp.QuoteMeta(tmpl[last:loc[0]]))
		b.WriteString(".+")
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(tmpl[last:]))
	return regexp.MustCompile(b.String())
}

// checkMessages returns a problem for each quoted message of the body that the list does not
// account for, and records in used which list entries the body quotes.
func checkMessages(sources map[string]string, file, body string, used map[string]bool) []string {
	var out []string
	prose := fencedCode.ReplaceAllString(body, " ")
	for _, q := range quotedMessages(prose) {
		where, ok := sources[q]
		used[q] = true
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s: the quoted message `%s` is not in testdata/messages.txt; find it in the source of the release and add it with its file and line, or correct the quote", file, q))
		case where == "page" && !inCodeBlocks(body, q):
			out = append(out, fmt.Sprintf("%s: `%s` is listed as printed by the page's example, but no code block of the page contains it", file, q))
		case strings.HasPrefix(where, "page: "):
			tmpl := strings.TrimPrefix(where, "page: ")
			if !inCodeBlocks(body, tmpl) || !templateRegexp(tmpl).MatchString(q) {
				out = append(out, fmt.Sprintf("%s: `%s` is listed as printed from %q, but the page's code does not contain that or it does not produce the quote", file, q, tmpl))
			}
		}
	}
	return out
}

// TestQuotedMessagesHaveSources checks every page against the list, and the list against the pages.
func TestQuotedMessagesHaveSources(t *testing.T) {
	sources := messageSources(t)
	used := map[string]bool{}
	for _, f := range contentFiles(t) {
		body, _ := readBody(t, f)
		for _, p := range checkMessages(sources, f, body, used) {
			t.Error(p)
		}
	}
	var stale, unchecked []string
	for q, where := range sources {
		if !used[q] {
			stale = append(stale, q)
		}
		if strings.HasPrefix(where, "unchecked") {
			unchecked = append(unchecked, q)
		}
	}
	sort.Strings(stale)
	for _, q := range stale {
		t.Errorf("testdata/messages.txt lists `%s`, which no page quotes any more", q)
	}
	sort.Strings(unchecked)
	for _, q := range unchecked {
		t.Logf("not checked against a source: `%s` (%s)", q, sources[q])
	}
}

// TestQuotedMessagesCatchPlantedErrors shows the check failing on an unlisted quote and on a quote
// listed as the page's own output that the page's code does not print.
func TestQuotedMessagesCatchPlantedErrors(t *testing.T) {
	sources := map[string]string{
		"invalid organization in key":            "go-vela/server@v0.26.5 compiler/types/pipeline/secret.go:56",
		"no url provided: set the url parameter": "page",
	}
	page := "The compiler answers `invalid organization in key` for a bad `key`.\n" +
		"An invented one: `invalid org name in key`.\n" +
		"The plugin stops with `no url provided: set the url parameter`.\n" +
		"Run `vela validate pipeline --file .vela.yml` first.\n" + // a command, not a message
		"```go\nreturn errors.New(\"no address provided\")\n```\n"
	got := strings.Join(checkMessages(sources, "planted.md", page, map[string]bool{}), "\n")
	for _, want := range []string{
		"`invalid org name in key` is not in testdata/messages.txt",
		"`no url provided: set the url parameter` is listed as printed by the page's example, but no code block",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("planted error not reported: %s\nreported:\n%s", want, got)
		}
	}
	if strings.Contains(got, "organization in key` is not") || strings.Contains(got, "vela validate") {
		t.Errorf("a listed message or a command was reported:\n%s", got)
	}
}
