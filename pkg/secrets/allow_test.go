package secrets

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/x509"
	"encoding/pem"
	"math/rand"
	"strings"
	"testing"
)

// An allow-list lets exactly the credentials it names through: the one fingerprinted passes, in
// any of its places; another of the same kind after it is still found, at its offset.
func TestAllowPassesOnlyTheFingerprinted(t *testing.T) {
	g := newGen()
	example, other := g.github("ghp_"), g.github("ghp_")
	f, ok := Find([]byte(example))
	if !ok || CheckFingerprint(f.Fingerprint) != nil || strings.Contains(f.Fingerprint, example[4:]) {
		t.Fatalf("finding %+v, %v: want a well-formed fingerprint", f, ok)
	}
	allow := Allow{f.Fingerprint: true}
	if f, ok := allow.Find([]byte("use `" + example + "` or `" + example + "`")); ok {
		t.Errorf("the allowed token found: %+v", f)
	}
	text := "use `" + example + "`, then " + other
	if f, ok := allow.Find([]byte(text)); !ok || f.Offset != strings.Index(text, other) {
		t.Errorf("another token after the allowed one: %+v, %v; want it at %d", f, ok, strings.Index(text, other))
	}
	if f, ok := Allow(nil).Find([]byte(text)); !ok || f.Offset != 5 {
		t.Errorf("nothing allowed: %+v, %v; want the first token at 5", f, ok)
	}
	// Written with an escape, the allowed token is the same token; another escaped one is not.
	if _, ok := allow.FindUnescaped([]byte(strings.Replace(example, "_", `\_`, 1))); ok {
		t.Error("the allowed token, escaped, found")
	}
	if _, ok := allow.FindUnescaped([]byte(strings.Replace(other, "_", `\_`, 1))); !ok {
		t.Error("another token, escaped, not found")
	}
}

// A private key's fingerprint is its DER's: the same key indented, quoted or in a JSON string
// is allowed by one entry; a different key is not.
func TestAllowAPrivateKeyHoweverWritten(t *testing.T) {
	block := func(seed int64) string {
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.New(rand.NewSource(seed)))
		if err != nil {
			t.Fatal(err)
		}
		der, _ := x509.MarshalECPrivateKey(k)
		return string(pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}))
	}
	key := block(1)
	f, ok := Find([]byte(key))
	if !ok {
		t.Fatal("the key not found")
	}
	allow := Allow{f.Fingerprint: true}
	for _, text := range []string{
		"```\n" + key + "```\n",
		"    " + strings.ReplaceAll(key, "\n", "\n    "),
		`{"private_key": "` + strings.ReplaceAll(key, "\n", `\n`) + `"}`,
	} {
		if f, ok := allow.Find([]byte(text)); ok {
			t.Errorf("the allowed key found in %q: %+v", text[:20], f)
		}
	}
	if _, ok := allow.Find([]byte(key + "\n" + block(2))); !ok {
		t.Error("a second, different key after the allowed one not found")
	}
}

func TestCheckFingerprint(t *testing.T) {
	good := "sha256:" + strings.Repeat("0a", 32)
	if err := CheckFingerprint(good); err != nil {
		t.Errorf("%s: %v", good, err)
	}
	for _, bad := range []string{"", "ghp_abc", "sha256:" + strings.Repeat("0A", 32), "sha1:" + strings.Repeat("0a", 32), good + "0", good[:70]} {
		if CheckFingerprint(bad) == nil {
			t.Errorf("%q taken as a fingerprint", bad)
		}
	}
}

// HTML character references are read as their characters: a token written with them is found at
// the offset of its first character as written; references elsewhere hide nothing.
func TestFindThroughCharacterReferences(t *testing.T) {
	g := newGen()
	gh := g.github("ghp_")
	for _, c := range []struct {
		text string
		at   int // -1: not found
	}{
		{"token: " + strings.Replace(gh, "_", "&#95;", 1), 7},
		{"token: " + strings.Replace(gh, "_", "&#x5F;", 1), 7},
		{"token: " + strings.Replace(gh, "_", "&lowbar;", 1), 7},
		{"token: &#x67;" + gh[1:], 7},
		{"a &amp; b, token: &#103;&#104;" + gh[2:], 18},
		{"token: " + gh[:20] + "&#" + string('0'+(gh[20]+1)%10) + ";" + gh[21:], -1}, // a wrong character
		{"ghp&#95;xxxxxxxx, a &lt;token&gt; &#95;", -1},
	} {
		f, ok := FindUnescaped([]byte(c.text))
		if c.at < 0 && ok || c.at >= 0 && (!ok || f.Offset != c.at) {
			t.Errorf("FindUnescaped(%q) = %+v, %v; want offset %d", c.text, f, ok, c.at)
		}
	}
}

// A token cut by a line break (a soft break in a paragraph, which a reader sees as a space) is
// found; two words of prose parted by a line break, and a prefix alone at a line's end, are not
// joined into one.
func TestFindAcrossASoftLineBreak(t *testing.T) {
	g := newGen()
	gh, gkey := g.github("gho_"), "AIza"+g.chars(35, gkeyset)
	for _, c := range []struct {
		text string
		at   int
	}{
		{"Call it with " + gh[:17] + "\n" + gh[17:] + " and go.", 13},
		{"Call it with " + gh[:17] + "\r\n    " + gh[17:] + " and go.", 13},
		{"- key " + gkey[:10] + "\n  " + gkey[10:] + "\n", 6},
		{"> Call " + gh[:17] + "\n> " + gh[17:] + "\n", 7},
		{"three lines: " + gh[:12] + "\n" + gh[12:24] + "\n" + gh[24:], 13},
		{"the token is gho_\nabc and " + gh[:10] + "\nthen", -1},
		{"a word\nanother " + gh[4:] + "\n", -1},
		{"", -1}, {"\n", -1}, {"\r\n", -1}, {"\\", -1}, {"&", -1}, {"x\n", -1},
	} {
		f, ok := FindUnescaped([]byte(c.text))
		if c.at < 0 && ok || c.at >= 0 && (!ok || f.Offset != c.at) {
			t.Errorf("FindUnescaped(%q) = %+v, %v; want offset %d", c.text, f, ok, c.at)
		}
	}
}

// A string's escapes (TOML, JSON, JavaScript) are read as their characters; a backslash escape of
// something no token holds, and an escape in prose that decodes to none, hide nothing.
func TestFindThroughStringEscapes(t *testing.T) {
	g := newGen()
	gh := g.github("ghu_")
	for _, c := range []struct {
		text string
		at   int
	}{
		{`ghToken = "` + strings.Replace(gh, "_", `\u005F`, 1) + `"`, 11},
		{`const k = "\x67` + gh[1:] + `";`, 11},
		{`k = "\U00000067\U00000068` + gh[2:] + `"`, 5},
		{`const nbsp = "\u00a0", s = "ghu\u005Fxxxxxxxx", p = "C:\x5c` + gh[4:] + `";`, -1},
	} {
		f, ok := FindUnescaped([]byte(c.text))
		if c.at < 0 && ok || c.at >= 0 && (!ok || f.Offset != c.at) {
			t.Errorf("FindUnescaped(%q) = %+v, %v; want offset %d", c.text, f, ok, c.at)
		}
	}
}

// JavaScript's braced escape \u{…} (any number of hex digits, as ES2015 reads it) and a line
// continuation (a backslash before a line break, which JavaScript, TOML's multi-line strings, a
// shell or Python read as nothing; TOML also drops the next line's indentation) hide nothing: the
// token is found where it starts as written. A backslash escaped itself (`\\u{5F}`, `\\` at a
// line's end) is a backslash, not an escape.
func TestFindThroughBracedEscapesAndContinuations(t *testing.T) {
	g := newGen()
	gh, gkey := g.github("ghp_"), "AIza"+g.chars(35, gkeyset)
	for _, c := range []struct {
		text string
		at   int // -1: not found
	}{
		{`const k = "ghp\u{5F}` + gh[4:] + `";`, 11},
		{`const k = "ghp\u{5f}` + gh[4:] + `";`, 11},
		{"const k = `\\u{67}\\u{000068}" + gh[2:] + "`;", 11},
		{`k = "ghp\u{00000000005F}` + gh[4:] + `"`, 5},
		{`k = "ghp\x5F` + gh[4:] + `"`, 5},
		{"const k = \"" + gh[:17] + "\\\n" + gh[17:] + "\";", 11},
		{"const k = \"" + gh[:17] + "\\\r\n" + gh[17:] + "\";", 11},
		{"const k = \"" + gh[:17] + "\\\u2028" + gh[17:] + "\";", 11},
		{"k = \"\"\"\n" + gh[:4] + "\\  \n    " + gh[4:20] + "\\\n" + gh[20:] + "\"\"\"\n", 8},
		{"export KEY=" + gkey[:20] + "\\\n" + gkey[20:] + "\n", 11},
		// Not escapes: an escaped backslash, an escape that decodes to no token character, a
		// code point out of range, a brace left open, a continuation between two words of prose.
		{`k = "ghp\\u{5F}` + gh[4:] + `"`, -1},
		{"k = \"" + gh[:17] + "\\\\\n" + gh[17:] + "\"", -1},
		{`k = "ghp\u{110000}` + gh[4:] + `", "ghp\u{5F` + gh[4:] + `"`, -1},
		{`k = "\u{1F600}", "ghp\u{5F}xxxxxxxx"`, -1},
		{"#define F(a) \\\n  (a)\nsome words \\\nmore words\n", -1},
		{"`\\u{`", -1}, {`\u{}`, -1}, {"\\\n", -1}, {"x\\\r", -1},
	} {
		f, ok := FindUnescaped([]byte(c.text))
		if c.at < 0 && ok || c.at >= 0 && (!ok || f.Offset != c.at) {
			t.Errorf("FindUnescaped(%q) = %+v, %v; want offset %d", c.text, f, ok, c.at)
		}
	}
}

// FindUnescaped reads no byte outside its text, however an escape, a reference or a line break is
// cut by the text's end: every text of up to five characters of the ones they are made of.
func TestFindUnescapedOnEveryShortText(t *testing.T) {
	const alphabet = "\\ux{}F\n\r&#;_\xe2\x80\xa8"
	var text []byte
	var all func(n int)
	all = func(n int) {
		FindUnescaped(text)
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			text = append(text, alphabet[i])
			all(n - 1)
			text = text[:len(text)-1]
		}
	}
	all(5)
}
