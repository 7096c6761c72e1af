package content

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/x509"
	"encoding/pem"
	"hash/crc32"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/pkg/secrets"
)

// Static files holding a private key in any of its usual forms are found, at the key's line;
// certificates, public keys and a page quoting the words are not.
func TestSecretWarning(t *testing.T) {
	checkSecretWarnings(t, []staticCase{
		{"id_rsa", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n",
			"content/static/id_rsa:1:1: holds a private key; not published"},
		{"server.pem", "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\n",
			"content/static/server.pem:4:1: holds a private key; not published"},
		{"pkcs8.key", "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIF\n", "content/static/pkcs8.key:1:1: holds a private key; not published"},
		{"ec.pem", "  -----BEGIN EC PRIVATE KEY-----\n", "content/static/ec.pem:1:3: holds a private key; not published"},
		{"putty.ppk", "PuTTY-User-Key-File-3: ssh-ed25519\n", "content/static/putty.ppk:1:1: holds a private key; not published"},
		{"cert.pem", "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n", ""},
		{"id_rsa.pub", "ssh-rsa AAAAB3NzaC1yc2E user@host\n", ""},
		{"public.pem", "-----BEGIN PUBLIC KEY-----\nMIIB\n", ""},
		{"notes.txt", "Never publish a -----BEGIN file, nor a PRIVATE KEY-----.\n", ""},
		{"empty.txt", "", ""},
	})
}

// staticCase is a static file's name and content, and the warning SecretWarning gives it ("" for
// none).
type staticCase struct{ name, data, want string }

// checkSecretWarnings writes each case's file under content/static and checks SecretWarning's
// warning for it.
func checkSecretWarnings(t *testing.T, cases []staticCase) {
	t.Helper()
	dir := t.TempDir()
	for _, c := range cases {
		abs := filepath.Join(dir, c.name)
		if err := os.WriteFile(abs, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		got := ""
		if w := SecretWarning(Source{Path: "static/" + c.name, Abs: abs}, nil); w != nil {
			got = w.Error()
		}
		// A key or token pkg/secrets knows is followed by how to allow it (allowHint).
		if got != c.want && (c.want == "" || !strings.HasPrefix(got, c.want+"; if it is published on purpose")) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// A static file holding only credentials the allow-list holds (an example key published on
// purpose) is published; one holding another key, or a token beside the allowed key, is not.
func TestSecretWarningAllows(t *testing.T) {
	// Each key is made once: GenerateKey is not deterministic, even from a seeded reader.
	var keys []string
	for seed := range int64(2) {
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.New(rand.NewSource(seed)))
		if err != nil {
			t.Fatal(err)
		}
		der, _ := x509.MarshalECPrivateKey(k)
		keys = append(keys, string(pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der})))
	}
	key := func(n int) string { return keys[n-1] }
	const body = "Wd7Kq2Xn5Rt9Lb3Vm8Zc4Hs6Jf1Gp0"
	token := "ghs_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
	allow := secrets.Allow{}
	for _, s := range []string{key(1), token} {
		f, ok := secrets.Find([]byte(s))
		if !ok {
			t.Fatalf("%.20q not found", s)
		}
		allow[f.Fingerprint] = true
	}
	dir := t.TempDir()
	for _, c := range []struct{ name, data, want string }{
		{"example.pem", "# the docs' example key\n" + key(1), ""},
		{"example.env", "GH_TOKEN=" + token + "\n", ""},
		{"two.pem", key(1) + key(2), "content/static/two.pem:6:1: holds a private key; not published; if it is published on purpose"},
		{"cut.pem", "-----BEGIN EC PRIVATE KEY-----\nMIIB…\n-----END EC PRIVATE KEY-----\n" + key(1), "content/static/cut.pem:1:1: holds a private key; not published"},
		{"both.txt", key(1) + "\ngh: ghp_" + token[4:] + "\n", "content/static/both.txt:7:5: holds a GitHub token (ghp_…)"},
	} {
		abs := filepath.Join(dir, c.name)
		if err := os.WriteFile(abs, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		got := ""
		if w := SecretWarning(Source{Path: "static/" + c.name, Abs: abs}, allow); w != nil {
			got = w.Error()
		}
		if c.want == "" && got != "" || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
