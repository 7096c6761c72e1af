// Package secrets finds credentials pasted into text docsd publishes: GitHub, npm, Slack and Google
// API tokens, AWS secret access keys, PEM private keys, and the URLs that hold a credential in
// their path (Slack, Teams and Discord webhooks, Telegram bots: webhooks.go). It is built for precision, not recall:
// documentation is full of placeholders (`ghp_xxxxxxxx`, `<token>`, `AKIAIOSFODNN7EXAMPLE`) that must
// pass, so a candidate counts only when its format is exact and it can be told from a placeholder by
// a checksum (GitHub's and npm's tokens), by decoding (a PEM key's DER or OpenSSH body) or by looking
// random (no placeholder words, no runs such as "aaaa" or "1234", enough distinct characters).
//
// JSON Web Tokens are not looked for: their signature cannot be checked without the issuer's key,
// docs quote example tokens (jwt.io's) that no scanner can tell from a live one, and a live one
// expires; telling them apart by `exp` would make a build's outcome depend on the clock.
package secrets

import (
	"bytes"
	"encoding/base64"
	"hash/crc32"
	"strings"
)

// Finding is one credential in a text: its kind ("a GitHub token"), where it starts, and at most
// its first four characters (its public prefix), the only part of it a message may show.
type Finding struct {
	Kind   string
	Offset int
	Prefix string
	// Fingerprint names the credential in a site's allow-list (allow.go): "sha256:" and the hex
	// SHA-256 of its text (of a private key, of its DER or OpenSSH body, however it is written).
	Fingerprint string
	// from and end bound the credential's text in the data searched (of an access key with its
	// secret, the secret), which Allow.Find blanks to search past it.
	from, end int
}

// String names the finding for a message, with the prefix it may show: "a GitHub token (ghp_…)".
func (f Finding) String() string {
	if f.Prefix == "" {
		return f.Kind
	}
	return f.Kind + " (" + f.Prefix + "…)"
}

// Find returns the first credential in data, if any. Each kind is looked for by its fixed prefix
// with bytes.Index, so a page without one costs a few passes of memchr-speed search.
func Find(data []byte) (Finding, bool) {
	best := Finding{Offset: -1}
	for _, look := range lookups {
		if f, ok := look(data); ok && (best.Offset < 0 || f.Offset < best.Offset) {
			best = f
		}
	}
	return best, best.Offset >= 0
}

var lookups = []func([]byte) (Finding, bool){underscored, slackToken, googleKey, awsSecret, pemKey, webhook}

// each calls check at every occurrence of prefix in data that starts a word, until check finds.
func each(data []byte, prefix string, check func(at int) (Finding, bool)) (Finding, bool) {
	for off := 0; ; {
		i := bytes.Index(data[off:], []byte(prefix))
		if i < 0 {
			return Finding{}, false
		}
		at := off + i
		if at == 0 || !word(data[at-1]) {
			if f, ok := check(at); ok {
				return f, true
			}
		}
		off = at + 1
	}
}

// word is a character that may continue a token: a placeholder glued to other text is not one.
// Its set is base64url's alphabet, of which Google's keys and Discord's and Telegram's tokens are.
func word(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// run returns the length of the run of characters of set starting at data[at].
func run(data []byte, at int, set func(byte) bool) int {
	n := 0
	for at+n < len(data) && set(data[at+n]) {
		n++
	}
	return n
}

func alnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' }
func digit(c byte) bool { return c >= '0' && c <= '9' }

// ended reports whether data has no token character at end: a token is a whole word.
func ended(data []byte, end int) bool { return end >= len(data) || !word(data[end]) }

// found is the credential data[at:end] of kind, with its first four characters.
func found(kind string, data []byte, at, end int) Finding {
	return Finding{Kind: kind, Offset: at, Prefix: string(data[at:min(at+4, end)]),
		Fingerprint: fingerprint(data[at:end]), from: at, end: end}
}

// underscored finds the tokens whose prefix ends in "_", in one pass over the underscores (rare in
// prose, where a pass over each prefix's first letter stops at every "g" and "n"): GitHub's tokens
// since 2021 (ghp_ personal, gho_ OAuth, ghu_ user-to-server, ghs_ server-to-server, ghr_ refresh)
// and npm's (npm_), each 30 random base62 characters and a 6-character base62 CRC32 of them, which
// no placeholder has; and GitHub's fine-grained personal access tokens (githubPAT).
func underscored(data []byte) (Finding, bool) {
	for off := 0; ; {
		i := bytes.IndexByte(data[off:], '_')
		if i < 0 {
			return Finding{}, false
		}
		u := off + i
		off = u + 1
		if u < 3 {
			continue
		}
		at, p := u-3, data[u-3:u]
		if string(p) == "pat" && u >= 10 && string(data[u-10:u]) == "github_pat" && (u == 10 || !word(data[u-11])) {
			if githubPAT(data, u+1) {
				return found("a GitHub fine-grained token", data, u-10, u+1+22+1+59), true
			}
			continue
		}
		if u > 3 && word(data[u-4]) {
			continue
		}
		switch {
		case p[0] == 'g' && p[1] == 'h' && strings.IndexByte("pousr", p[2]) >= 0 && checksummed(data, u+1):
			return found("a GitHub token", data, at, u+37), true
		case string(p) == "npm" && checksummed(data, u+1):
			return found("an npm access token", data, at, u+37), true
		}
	}
}

// checksummed reports whether data[from:] is 36 base62 characters, a whole word, whose last six
// are the base62 CRC32 (IEEE) of the first thirty.
func checksummed(data []byte, from int) bool {
	if run(data, from, alnum) != 36 || !ended(data, from+36) {
		return false
	}
	body := data[from : from+30]
	return Base62(crc32.ChecksumIEEE(body), 6) == string(data[from+30:from+36])
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// Base62 writes n in base 62 (digits, capitals, small letters), left-padded with zeros to width:
// how GitHub's and npm's tokens write their checksum.
func Base62(n uint32, width int) string {
	b := make([]byte, width)
	for i := width - 1; i >= 0; i-- {
		b[i] = base62[n%62]
		n /= 62
	}
	return string(b)
}

// githubPAT reports whether data[a:] is the rest of a fine-grained personal access token after
// "github_pat_": 22 base62 characters, "_", 59 more. Their checksum is not published, so both parts
// must look random.
func githubPAT(data []byte, a int) bool {
	if run(data, a, alnum) != 22 || a+22 >= len(data) || data[a+22] != '_' {
		return false
	}
	b := a + 23
	return run(data, b, alnum) == 59 && ended(data, b+59) && random(data[a:a+22], 4) && random(data[b:b+59], 4)
}

// slackToken finds Slack's tokens: xoxb- (bot), xoxp- (user), xoxa-, xoxe-, xoxo-, xoxr-, xoxs-,
// then numeric ids of 8 to 13 digits and a random tail of at least 24 characters, dash-separated, as
// Slack issues them. "xoxb-your-token" and "xoxb-123-456-abc" do not have that shape.
func slackToken(data []byte) (Finding, bool) {
	return each(data, "xox", func(at int) (Finding, bool) {
		if at+5 > len(data) || data[at+4] != '-' || !strings.ContainsRune("abeoprs", rune(data[at+3])) {
			return Finding{}, false
		}
		ids, i := 0, at+5
		for {
			n := run(data, i, alnum)
			part := data[i : i+n]
			if n == 0 {
				return Finding{}, false
			}
			end := i + n
			if end < len(data) && data[end] == '-' && run(data, end+1, alnum) > 0 {
				// An id (or a version "1"): numeric, not a run like 1234567890.
				if run(part, 0, digit) != n || n > 13 || counting(part, 5) {
					return Finding{}, false
				}
				if n >= 8 {
					ids++
				}
				i = end + 1
				continue
			}
			if ids >= 2 && n >= 24 && ended(data, end) && random(part, 4) {
				return found("a Slack token", data, at, end), true
			}
			return Finding{}, false
		}
	})
}

// googleKey finds Google API keys: AIza and 35 characters of [0-9A-Za-z_-].
func googleKey(data []byte) (Finding, bool) {
	return each(data, "AIza", func(at int) (Finding, bool) {
		from := at + 4
		n := run(data, from, word)
		if n == 35 && random(data[from:from+35], 4) {
			return found("a Google API key", data, at, from+35), true
		}
		return Finding{}, false
	})
}

// random reports whether s looks like the random part of a credential rather than a placeholder:
// no placeholder word, no run of `repeat` characters that are the same or that count up or down
// ("xxxx", "1234", "dcba"), and at least half of its characters distinct (up to 24; 8, and runs one longer, for hex). Of
// random strings of the lengths tokens have, about one in a thousand fails (TestRecallOfRandomCredentials).
func random(s []byte, repeat int) bool {
	lower := bytes.ToLower(s)
	for _, w := range placeholders {
		if bytes.Contains(lower, []byte(w)) {
			return false
		}
	}
	var seen [256]bool
	distinct, hex := 0, true
	for _, c := range s {
		if !seen[c] {
			seen[c], distinct = true, distinct+1
		}
		hex = hex && (digit(c) || c >= 'a' && c <= 'f')
	}
	want := min(len(s)/2, 24)
	if hex { // of sixteen characters, runs come sooner
		want, repeat = min(want, 8), repeat+1
	}
	return !counting(s, repeat) && distinct >= want
}

// counting reports whether s has a run of n characters that are the same or count up or down.
func counting(s []byte, n int) bool {
	same, up, down := 1, 1, 1
	for i := 1; i < len(s); i++ {
		c, p := s[i], s[i-1]
		same, up, down = next(same, c == p), next(up, c == p+1), next(down, c+1 == p)
		if same >= n || up >= n || down >= n {
			return true
		}
	}
	return false
}

func next(n int, more bool) int {
	if more {
		return n + 1
	}
	return 1
}

// placeholders are words that docs write into example credentials.
var placeholders = []string{"example", "sample", "dummy", "fake", "your", "token", "secret", "redacted", "placeholder", "changeme", "insert", "replace"}

// pemKey finds a PEM private key whose body is a real key: it decodes to a DER SEQUENCE of exactly
// its length, to an OpenSSH key, or (with Proc-Type headers) to an encrypted one of at least 64
// bytes. A block shortened with "…" or "..." in docs, or left empty, is not a key. The block may be
// indented, quoted ("> ") or inside a JSON string ("\n" for its line breaks).
func pemKey(data []byte) (Finding, bool) {
	return eachPEM(data, func(at, end int, label, body []byte) (Finding, bool) {
		if !bytes.HasSuffix(label, []byte("PRIVATE KEY")) {
			return Finding{}, false
		}
		headers := false
		var b64 []byte
		// A key in a JSON string (a cloud service account's file) has its line breaks escaped.
		body = bytes.ReplaceAll(body, []byte(`\n`), []byte("\n"))
		for _, line := range bytes.Split(body, []byte("\n")) {
			line = bytes.TrimLeft(bytes.TrimSpace(line), "> #*;") // none is base64's
			if bytes.IndexByte(line, ':') >= 0 {
				headers = true
				continue
			}
			// Base64 has no spaces: a line quoted ("> ", a block quote) or commented ("# ")
			// keeps its last word.
			if sp := bytes.LastIndexByte(line, ' '); sp >= 0 {
				line = line[sp+1:]
			}
			b64 = append(b64, line...)
		}
		der, err := base64.StdEncoding.DecodeString(string(b64))
		if err != nil || len(der) < 32 { // an Ed25519 key in PKCS #8 is 48 bytes
			return Finding{}, false
		}
		if headers && len(der) >= 64 || bytes.HasPrefix(der, []byte("openssh-key-v1\x00")) || derSequence(der) {
			return Finding{Kind: "a private key", Offset: at, Fingerprint: fingerprint(der), from: at, end: end}, true
		}
		return Finding{}, false
	})
}

// eachPEM calls check with every PEM block's label and body (the text between its BEGIN and END
// lines), until check finds.
func eachPEM(data []byte, check func(at, end int, label, body []byte) (Finding, bool)) (Finding, bool) {
	const begin, dashes = "-----BEGIN ", "-----"
	for off := 0; ; {
		i := bytes.Index(data[off:], []byte(begin))
		if i < 0 {
			return Finding{}, false
		}
		at := off + i
		off = at + 1
		rest := data[at+len(begin):]
		l := bytes.Index(rest, []byte(dashes))
		if l < 0 || l > 40 {
			continue
		}
		label := rest[:l]
		rest = rest[l+len(dashes):]
		endLine := "-----END " + string(label) + dashes
		e := bytes.Index(rest, []byte(endLine))
		if e < 0 {
			continue
		}
		end := len(data) - len(rest) + e + len(endLine)
		if f, ok := check(at, end, label, rest[:e]); ok {
			return f, true
		}
	}
}

// derSequence reports whether der is one DER SEQUENCE whose length is exactly the rest of der.
func derSequence(der []byte) bool {
	if len(der) < 2 || der[0] != 0x30 {
		return false
	}
	n, head := int(der[1]), 2
	if n&0x80 != 0 {
		size := n & 0x7f
		if size == 0 || size > 3 || len(der) < 2+size {
			return false
		}
		n, head = 0, 2+size
		for _, c := range der[2:head] {
			n = n<<8 | int(c)
		}
	}
	return head+n == len(der)
}

// Mask is s with every credential Find finds in it cut after the prefix a message may show, to
// the end of its word ("ghp_…"): for a message that quotes a text holding one (a compiler's
// "Could not resolve" with the import it could not).
func Mask(s string) string {
	for {
		f, ok := Find([]byte(s))
		if !ok {
			return s
		}
		from := f.Offset + len(f.Prefix)
		end := from
		for end < len(s) && !strings.ContainsRune(" \t\r\n\"'`<>", rune(s[end])) {
			end++
		}
		if end == from { // no word to cut: cut the rest
			end = len(s)
		}
		s = s[:from] + "…" + s[end:]
	}
}
