package secrets

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"hash/crc32"
	"math/rand"
	"strings"
	"testing"
)

// gen makes the random parts of test credentials from a fixed seed: real-looking, never real.
type gen struct{ r *rand.Rand }

func newGen() *gen { return &gen{rand.New(rand.NewSource(20))} }

func (g *gen) chars(n int, set string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = set[g.r.Intn(len(set))]
	}
	return string(b)
}

const (
	b62set  = base62
	b32set  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	b64set  = base62 + "+/"
	digits  = "0123456789"
	hexset  = "0123456789abcdef"
	gkeyset = base62 + "_-"
)

// github makes a token of GitHub's format with a valid checksum.
func (g *gen) github(prefix string) string {
	body := g.chars(30, b62set)
	return prefix + body + Base62(crc32.ChecksumIEEE([]byte(body)), 6)
}

func (g *gen) slackBot() string {
	return "xoxb-" + g.chars(11, digits) + "-" + g.chars(13, digits) + "-" + g.chars(24, b62set)
}

func (g *gen) slackUser() string {
	return "xoxp-" + g.chars(11, digits) + "-" + g.chars(12, digits) + "-" + g.chars(13, digits) + "-" + g.chars(32, hexset)
}

func (g *gen) awsID() string     { return "AKIA" + g.chars(16, b32set) }
func (g *gen) awsSecret() string { return g.chars(40, b64set) }

// Each kind is found at its offset, with at most its first four characters; the same token with a
// wrong checksum, or a shape one character off, is not.
func TestFindsEachKind(t *testing.T) {
	g := newGen()
	gh := g.github("ghp_")
	bad := gh[:len(gh)-1] + string("AB"[strings.IndexByte("AB", gh[len(gh)-1])+1&1])
	for _, c := range []struct {
		name, text, kind, prefix string
		at                       int // -1: not found
	}{
		{"ghp", "token: " + gh + "\n", "a GitHub token", "ghp_", 7},
		{"gho", "`" + g.github("gho_") + "`", "a GitHub token", "gho_", 1},
		{"ghs", g.github("ghs_"), "a GitHub token", "ghs_", 0},
		{"ghu", "x=" + g.github("ghu_"), "a GitHub token", "ghu_", 2},
		{"ghr", "(" + g.github("ghr_") + ")", "a GitHub token", "ghr_", 1},
		{"npm", "//registry.npmjs.org/:_authToken=" + g.github("npm_"), "an npm access token", "npm_", 33},
		{"bad checksum", "token: " + bad, "", "", -1},
		{"glued", "xghp_" + gh[4:], "", "", -1},
		{"longer", gh + "a", "", "", -1},
		{"pat", "GH_TOKEN=github_pat_" + g.chars(22, b62set) + "_" + g.chars(59, b62set), "a GitHub fine-grained token", "gith", 9},
		{"slack bot", "SLACK_BOT_TOKEN=" + g.slackBot(), "a Slack token", "xoxb", 16},
		{"slack user", g.slackUser(), "a Slack token", "xoxp", 0},
		{"google", `key="AIza` + g.chars(35, gkeyset) + `"`, "a Google API key", "AIza", 5},
		{"aws pair", "[default]\naws_access_key_id = " + g.awsID() + "\naws_secret_access_key = " + g.awsSecret() + "\n",
			"an AWS access key with its secret key", "AKIA", 30},
		{"aws secret named", "export AWS_SECRET_ACCESS_KEY=" + g.awsSecret(), "an AWS secret access key", "", 29},
		{"aws id alone", "aws_access_key_id = " + g.awsID() + "\n", "", "", -1},
	} {
		f, ok := Find([]byte(c.text))
		if c.at < 0 {
			if ok {
				t.Errorf("%s: found %+v in %q", c.name, f, c.text)
			}
			continue
		}
		if !ok || f.Kind != c.kind || f.Offset != c.at || f.Prefix != c.prefix {
			t.Errorf("%s: got %+v (%v), want %s at %d with prefix %q", c.name, f, ok, c.kind, c.at, c.prefix)
		}
	}
}

// Placeholders of the kinds docs write pass: every fake of our content and of the usual docs.
func TestPlaceholdersPass(t *testing.T) {
	for _, text := range []string{
		"ghp_0123456789abcdefghijklmnopqrstuvwxyz", // our CLI reference's
		"ghp_9876543210zyxwvutsrqponmlkjihgfedcba",
		"ghp_exampleexampleexampleexample0000",
		"ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		"ghp_abc123", "ghp_<token>", "ghp_...", "GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXX",
		"ghp_16C7e42F292c6912E7710c838347Ae178B4a", // format-valid, checksum not
		"github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ012345678",
		"github_pat_xxxxxxxxxxxxxxxxxxxxxx_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		"AKIAIOSFODNN7EXAMPLE\nwJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", // AWS's own
		"aws_secret_access_key = <your secret key>",
		"AWS_SECRET_ACCESS_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		"xoxb-your-token", "xoxb-123-456-abc", "xoxb-XXXXXXXXXXX-XXXXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX",
		"xoxb-1234567890-1234567890-abcdefghijklmnopqrstuvwx",
		"xoxp-0000000000-0000000000-0000000000-00000000000000000000000000000000",
		"AIzaSyXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX", "AIza<your-api-key>", "AIzaSy-your-google-api-key-goes-here0",
		"-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA...\n-----END RSA PRIVATE KEY-----",
		"-----BEGIN PRIVATE KEY-----\n<your key>\n-----END PRIVATE KEY-----",
		"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----",
		// A JWT is not looked for (the package comment says why): jwt.io's example.
		"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
	} {
		if f, ok := Find([]byte(text)); ok {
			t.Errorf("placeholder %q found as %+v", text, f)
		}
	}
}

// Real private keys of every usual encoding are found at their BEGIN line; a certificate is not.
func TestFindsPrivateKeys(t *testing.T) {
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.New(rand.NewSource(1)))
	if err != nil {
		t.Fatal(err)
	}
	_, ed, err := ed25519.GenerateKey(rand.New(rand.NewSource(2)))
	if err != nil {
		t.Fatal(err)
	}
	rk, err := rsa.GenerateKey(rand.New(rand.NewSource(3)), 1024)
	if err != nil {
		t.Fatal(err)
	}
	sec1, _ := x509.MarshalECPrivateKey(ec)
	pkcs8, _ := x509.MarshalPKCS8PrivateKey(ed)
	blocks := map[string]*pem.Block{
		"sec1":  {Type: "EC PRIVATE KEY", Bytes: sec1},
		"pkcs8": {Type: "PRIVATE KEY", Bytes: pkcs8},
		"pkcs1": {Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(rk)},
		"encrypted": {Type: "RSA PRIVATE KEY", Headers: map[string]string{"Proc-Type": "4,ENCRYPTED", "DEK-Info": "AES-128-CBC,00112233445566778899AABBCCDDEEFF"},
			Bytes: x509.MarshalPKCS1PrivateKey(rk)[:96]},
	}
	for name, b := range blocks {
		text := "```\n" + string(pem.EncodeToMemory(b)) + "```\n"
		if f, ok := Find([]byte(text)); !ok || f.Offset != 4 || f.Kind != "a private key" || f.Prefix != "" {
			t.Errorf("%s: got %+v, %v; want a private key at 4", name, f, ok)
		}
		for how, text := range map[string]string{
			"an indented code block": "    " + strings.ReplaceAll(string(pem.EncodeToMemory(b)), "\n", "\n    "),
			"a block quote":          "> " + strings.ReplaceAll(string(pem.EncodeToMemory(b)), "\n", "\n> "),
			"a JSON string":          `{"private_key": "` + strings.ReplaceAll(string(pem.EncodeToMemory(b)), "\n", `\n`) + `"}`,
		} {
			if _, ok := Find([]byte(text)); !ok {
				t.Errorf("%s: not found in %s", name, how)
			}
		}
	}
	// A certificate's body is DER too: only private keys count.
	cert := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: sec1})
	if f, ok := Find(cert); ok {
		t.Errorf("a certificate found as %+v", f)
	}
}

// Random credentials pass the placeholder tests nearly always: of 2,000 of each generated kind, at
// most 1 % is missed (the seed is fixed, so the count is the same on every run).
func TestRecallOfRandomCredentials(t *testing.T) {
	g := newGen()
	for _, c := range []struct {
		name string
		make func() string
	}{
		{"github", func() string { return g.github("ghp_") }},
		{"pat", func() string { return "github_pat_" + g.chars(22, b62set) + "_" + g.chars(59, b62set) }},
		{"slack bot", g.slackBot},
		{"slack user", g.slackUser},
		{"google", func() string { return "AIza" + g.chars(35, gkeyset) }},
		{"aws", func() string { return g.awsID() + " " + g.awsSecret() }},
	} {
		missed := 0
		for i := 0; i < 2000; i++ {
			if _, ok := Find([]byte(c.make())); !ok {
				missed++
			}
		}
		if missed > 20 {
			t.Errorf("%s: %d of 2000 random credentials missed", c.name, missed)
		}
		t.Logf("%s: %d of 2000 missed", c.name, missed)
	}
}

// Mask cuts each credential of a message after its shown prefix, and leaves other text alone.
func TestMask(t *testing.T) {
	g := newGen()
	gh, slack := g.github("ghp_"), g.slackHook()
	for in, want := range map[string]string{
		`Could not resolve "./` + gh + `.js"`:       `Could not resolve "./ghp_…"`,
		"post to " + slack + " and " + gh + " done": "post to … and ghp_… done",
		"no credential: ghp_xxxxxxxx":               "no credential: ghp_xxxxxxxx",
	} {
		if got := Mask(in); got != want {
			t.Errorf("Mask(%q) = %q, want %q", in, got, want)
		}
	}
}

// FindUnescaped finds a credential written with backslash escapes at its offset in the text as
// written, and nothing in a text whose escapes hide none.
func TestFindUnescaped(t *testing.T) {
	g := newGen()
	gh := g.github("ghp_")
	for _, c := range []struct {
		text string
		at   int // -1: not found
	}{
		{`a\*b\* token ` + strings.Replace(gh, "_", `\_`, 1), 13},
		{"GITHUB\\_TOKEN=" + gh, 14},
		{`\` + gh, 1},
		{`ghp\_xxxxxxxx and C:\\path\_name`, -1},
	} {
		f, ok := FindUnescaped([]byte(c.text))
		if c.at < 0 && ok || c.at >= 0 && (!ok || f.Offset != c.at || f.Prefix != "ghp_") {
			t.Errorf("FindUnescaped(%q) = %+v, %v; want offset %d", c.text, f, ok, c.at)
		}
	}
}
