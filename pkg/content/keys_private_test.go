package content

import (
	"os"
	"path/filepath"
	"testing"
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
		if w := SecretWarning(Source{Path: "static/" + c.name, Abs: abs}); w != nil {
			got = w.Error()
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
