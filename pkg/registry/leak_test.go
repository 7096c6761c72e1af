package registry

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// eachChar spells s one character at a time with spell(i, c).
func eachChar(s string, spell func(i int, c byte) string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteString(spell(i, s[i]))
	}
	return b.String()
}

// b64At returns the base64 of the token inside a longer text, starting at byte offset k, wrapped
// every 60 characters when wrap is set.
func b64At(token string, k int, enc *base64.Encoding, wrap bool) string {
	s := enc.EncodeToString([]byte(strings.Repeat("#", k) + token + " trailing bytes"))
	if !wrap {
		return s
	}
	var b strings.Builder
	for len(s) > 60 {
		b.WriteString(s[:60] + "\n")
		s = s[60:]
	}
	return b.String() + s
}

// alphaToken's base64 holds '+' and '/' at every offset, so the URL alphabet differs from the
// standard one.
const alphaToken = "tok~~~???~~~???en"

func TestTokenFormFindsEachSpelling(t *testing.T) {
	tok := testToken
	cases := []struct {
		name, token, text string
	}{
		{"verbatim", tok, "Your token is " + tok + "."},
		{"HTML decimal entities", tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf("&#%d;", c) })},
		{"HTML hex entities", tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf("&#x%x;", c) })},
		{"HTML entities without semicolons", tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf("&#%d", c) }) + " "},
		{"HTML named entity for _", tok, strings.ReplaceAll(tok, "_", "&lowbar;")},
		{"HTML entities mixed per character", tok, eachChar(tok, func(i int, c byte) string {
			return [...]string{string(c), fmt.Sprintf("&#%d;", c), fmt.Sprintf("&#X%X;", c)}[i%3]
		})},
		{`\xHH`, tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf(`\x%02x`, c) })},
		{`\uHHHH (JSON, JavaScript)`, tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf(`\u%04X`, c) })},
		{`\u{H}`, tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf(`\u{%x}`, c) })},
		{`\UHHHHHHHH`, tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf(`\U%08x`, c) })},
		{`octal \NNN`, tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf(`\%o`, c) })},
		{"backslash before every character", tok, eachChar(tok, func(_ int, c byte) string { return `\` + string(c) })},
		{`Markdown \_`, tok, strings.ReplaceAll(tok, "_", `\_`)},
		{"backslash escapes mixed", tok, eachChar(tok, func(i int, c byte) string {
			return [...]string{string(c), fmt.Sprintf(`\x%02X`, c), fmt.Sprintf(`\u%04x`, c), fmt.Sprintf(`\%03o`, c)}[i%4]
		})},
		{"percent escapes, lower case", tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf("%%%02x", c) })},
		{"percent escapes, mixed case and plain", tok, eachChar(tok, func(i int, c byte) string {
			return [...]string{fmt.Sprintf("%%%02X", c), string(c), fmt.Sprintf("%%%02x", c)}[i%3]
		}) + " 100% sure"},
		{"%uHHHH", tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf("%%u%04X", c) })},
		{"entity of a backslash escape", tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf(`&#92;x%02x`, c) })},
		{"percent escape of an entity", tok, eachChar(tok, func(_ int, c byte) string { return fmt.Sprintf(`%%26%%23%d;`, c) })},
		{"split by a zero-width space", tok, tok[:8] + "\u200b" + tok[8:]},
		{"split by soft hyphens", tok, eachChar(tok, func(_ int, c byte) string { return string(c) + "\u00ad" })},
		{"split by an HTML comment", tok, tok[:10] + "<!-- nothing to see -->" + tok[10:]},
		{"split across lines", tok, tok[:12] + "\n" + tok[12:]},
		{"hex", tok, "dump: " + hex.EncodeToString([]byte(tok))},
		{"HEX", tok, "dump: " + strings.ToUpper(hex.EncodeToString([]byte(tok)))},
	}
	for k := range 3 {
		for _, enc := range []struct {
			name string
			e    *base64.Encoding
		}{{"std", base64.StdEncoding}, {"url", base64.URLEncoding}, {"raw url", base64.RawURLEncoding}} {
			cases = append(cases,
				struct{ name, token, text string }{fmt.Sprintf("base64 %s at offset %d", enc.name, k), tok, "data: " + b64At(tok, k, enc.e, false)},
				struct{ name, token, text string }{fmt.Sprintf("base64 %s at offset %d, +/ or -_", enc.name, k), alphaToken, "data: " + b64At(alphaToken, k, enc.e, false)},
				struct{ name, token, text string }{fmt.Sprintf("base64 %s at offset %d, wrapped", enc.name, k), tok, "-----BEGIN-----\n" + b64At(tok, k, enc.e, true) + "\n-----END-----"},
			)
		}
	}
	cases = append(cases, struct{ name, token, text string }{"base64 of the token, percent-escaped", alphaToken,
		strings.NewReplacer("+", "%2B", "/", "%2f").Replace(base64.StdEncoding.EncodeToString([]byte(alphaToken)))})

	for _, c := range cases {
		if tokenForm(c.text, c.token) == "" {
			t.Errorf("%s: not found in %q", c.name, c.text)
		}
	}
}

func TestTokenFormIgnoresOrdinaryText(t *testing.T) {
	// Changed in the middle: base64 leaves out the token's last few bits at some alignments.
	near := testToken[:len(testToken)/2] + "X" + testToken[len(testToken)/2+1:]
	texts := map[string]string{
		"plain page": "# Kaniko\n\nBuilds images with `ghp_` tokens (see \\_escapes\\_, 100% sure, &amp; &#169;).\n" +
			"![logo](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==)\n",
		"a near miss, verbatim":   near,
		"a near miss, entities":   eachChar(near, func(_ int, c byte) string { return fmt.Sprintf("&#%d;", c) }),
		"a near miss, base64":     base64.StdEncoding.EncodeToString([]byte(near)),
		"a near miss, \\x":        eachChar(near, func(_ int, c byte) string { return fmt.Sprintf(`\x%02x`, c) }),
		"half the token":          testToken[:len(testToken)/2],
		"base64 of half of it":    base64.StdEncoding.EncodeToString([]byte(testToken[:len(testToken)/2])),
		"the token reversed":      reverse(testToken),
		"lone and bad escapes":    `\ \x \u12 \U1 %zz % &#; &#xZZ; &bogus;` + "\\",
		"an unterminated comment": "<!-- " + testToken[:10],
	}
	for name, text := range texts {
		if form := tokenForm(text, testToken); form != "" {
			t.Errorf("%s: found the token (%s) in %q", name, form, text)
		}
	}
}

func reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

// TestEncodedTokenInTheFileIsNotWritten serves files that spell the token in a way a plain
// substring search misses: none is written, and no warning holds the token in any form.
func TestEncodedTokenInTheFileIsNotWritten(t *testing.T) {
	files := map[string]string{
		"entities": "Token: " + eachChar(testToken, func(_ int, c byte) string { return fmt.Sprintf("&#%d;", c) }) + "\n",
		"hexent":   "Token: " + eachChar(testToken, func(_ int, c byte) string { return fmt.Sprintf("&#x%x;", c) }) + "\n",
		"slashx":   "Token: `" + eachChar(testToken, func(_ int, c byte) string { return fmt.Sprintf(`\x%02x`, c) }) + "`\n",
		"slashu":   "```json\n{\"t\": \"" + eachChar(testToken, func(_ int, c byte) string { return fmt.Sprintf(`\u%04x`, c) }) + "\"}\n```\n",
		"mdescape": "Token: " + strings.ReplaceAll(testToken, "_", `\_`) + "\n",
		"percent":  "[link](https://example.com/?t=" + eachChar(testToken, func(_ int, c byte) string { return fmt.Sprintf("%%%02X", c) }) + ")\n",
		"base64":   "Data: " + b64At(testToken, 1, base64.StdEncoding, false) + "\n",
		"ok":       "# Ok\n\nFine words, &#169; 100% \\_ok\\_.\n",
	}
	handlers := map[string]http.HandlerFunc{}
	var slugs []string
	for slug, body := range files {
		handlers["/repos/go-vela/vela-"+slug+"/contents/DOCS.md"] = serve(200, contents(body))
		slugs = append(slugs, slug)
	}
	reg := registryFor("", plugin("entities"), plugin("hexent"), plugin("slashx"), plugin("slashu"),
		plugin("mdescape"), plugin("percent"), plugin("base64"), plugin("ok"))
	contentDir := project(t, slugs...)
	api := newFakeAPI(t, handlers)
	reg.API = api.URL
	rep := newFetcher(api, withToken()).Run(context.Background(), reg, contentDir)
	if len(rep.Written) != 1 || rep.Written[0] != "ok" || len(rep.Warnings) != len(files)-1 {
		t.Fatalf("want only ok written and a warning for each other: %+v", rep)
	}
	for _, w := range rep.Warnings {
		text := w.String()
		if !strings.Contains(text, "contains the API token (") || !strings.Contains(text, "it is not written") {
			t.Errorf("warning: %s", text)
		}
		if form := tokenForm(text, testToken); form != "" {
			t.Errorf("the warning holds the token (%s): %s", form, text)
		}
		assertUntouched(t, contentDir, w.Plugin)
	}
}

// TestEncodedTokenInAMessageIsWithheld: a server that echoes the token entity-escaped or
// base64-encoded in its error message gets the message withheld, not printed.
func TestEncodedTokenInAMessageIsWithheld(t *testing.T) {
	contentDir := project(t, "a401", "a500")
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-a401/contents/DOCS.md": serve(401, fmt.Sprintf(`{"message":"Bad credentials: %s"}`,
			eachChar(testToken, func(_ int, c byte) string { return fmt.Sprintf("&#%d;", c) }))),
		"/repos/go-vela/vela-a500/contents/DOCS.md": serve(500, "trace: "+base64.StdEncoding.EncodeToString([]byte("Bearer "+testToken))),
	})
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("a401"), plugin("a500")), contentDir)
	if len(rep.Warnings) != 2 {
		t.Fatalf("report: %+v", rep)
	}
	for _, w := range rep.Warnings {
		text := w.String()
		if form := tokenForm(text, testToken); form != "" {
			t.Errorf("the warning holds the token (%s): %s", form, text)
		}
		if !strings.Contains(text, "held the API token") {
			t.Errorf("the warning should say why its message is withheld: %s", text)
		}
	}
}
