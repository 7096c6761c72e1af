package config

import (
	"hash/crc32"
	"strings"
	"testing"

	"docsd/pkg/secrets"
)

// A credential in docsd.toml, whose custom fields and links reach every page's data, fails at its
// line and column without being echoed; a placeholder does not.
func TestSecretInTheConfigurationFails(t *testing.T) {
	const body = "Tb5Ny2Qx8Wm3Rk7Lp9Vc4Hz6Jd1Gf0"
	token := "ghu_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
	cfg := "title = \"x\"\n\n[docusaurus.custom_fields]\nghToken = \"" + token + "\"\n"
	_, err := Parse("docsd.toml", []byte(cfg))
	if err == nil {
		t.Fatal("no error for a token in docsd.toml")
	}
	const want = "docsd.toml:4:12: holds a GitHub token (ghu_…)"
	if !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), body[:3]) {
		t.Errorf("%q, want it to start with %q and not to echo the token", err, want)
	}
	// TOML's escapes are decoded: the custom field holds the token.
	escaped := strings.Replace(cfg, "ghu_", `ghu\u005F`, 1)
	if _, err := Parse("docsd.toml", []byte(escaped)); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("the token written with a TOML escape: %v", err)
	}
	if _, err := Parse("docsd.toml", []byte("title = \"x\"\n\n[docusaurus.custom_fields]\nghToken = \"ghu_<token>\"\n")); err != nil {
		t.Errorf("a placeholder: %v", err)
	}
}

// A docsd.toml that does not decode is not quoted with its credential: an unknown key, a bare
// value and a nested table each fail at the token, named by its kind alone. The decoder's own
// error quoted a key that was a token whole (`unknown key "ghu_…"`), in the build's log.
func TestSecretInAConfigurationThatDoesNotDecode(t *testing.T) {
	const body = "Tb5Ny2Qx8Wm3Rk7Lp9Vc4Hz6Jd1Gf0"
	token := "ghu_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
	for _, c := range []struct{ cfg, want string }{
		{"title = \"x\"\n" + token + " = 1\n", "docsd.toml:2:1: holds a GitHub token (ghu_…)"},
		{"title = \"x\"\n[navbar]\nhide = " + token + "\n", "docsd.toml:3:8: holds a GitHub token (ghu_…)"},
		{"title = \"x\"\n[[navbar.items]]\nlabel = [\"a\", \"" + token + "\"]\n", "docsd.toml:3:16: holds a GitHub token (ghu_…)"},
	} {
		_, err := Parse("docsd.toml", []byte(c.cfg))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), body[:3]) {
			t.Errorf("%q: error %v, want it to start with %q and not to echo the token", c.cfg, err, c.want)
		}
	}
}

// [secrets] allow holds fingerprints: each becomes an allowed credential, the token it names passes
// in docsd.toml itself, another does not; an entry that is not a fingerprint (a token pasted
// whole, a fingerprint cut short) fails at its line and column, without echoing it.
func TestSecretsAllow(t *testing.T) {
	const body = "Tb5Ny2Qx8Wm3Rk7Lp9Vc4Hz6Jd1Gf0"
	token := "ghu_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
	f, _ := secrets.Find([]byte(token))
	cfg := "title = \"x\"\n\n[docusaurus.custom_fields]\nghToken = \"" + token + "\"\n\n[secrets]\nallow = [\n  \"" + f.Fingerprint + "\",\n]\n"
	s, err := Parse("docsd.toml", []byte(cfg))
	if err != nil {
		t.Fatalf("the allowed token in docsd.toml: %v", err)
	}
	if a := s.Allowed(); len(a) != 1 || !a[f.Fingerprint] {
		t.Errorf("Allowed() = %v, want the one fingerprint", a)
	}
	const body2 = "Qz7Mx3Lc9Vb2Nk8Hj4Gf6Ds1Ap5Wr0"
	other := "ghu_" + body2 + secrets.Base62(crc32.ChecksumIEEE([]byte(body2)), 6)
	if _, err := Parse("docsd.toml", []byte(strings.Replace(cfg, token, other, 1))); err == nil || !strings.HasPrefix(err.Error(), "docsd.toml:4:12: holds a GitHub token (ghu_…)") {
		t.Errorf("another token: %v, want it at 4:12", err)
	}
	for _, c := range []struct{ entries, want string }{
		{`"sha256:abc"`, `docsd.toml:3:10: [secrets] allow: "sha256:abc" is not a fingerprint`},
		{`"` + f.Fingerprint + `", "SHA256:` + f.Fingerprint[7:] + `"`, `docsd.toml:3:85: [secrets] allow: "SHA256:`},
		{`""`, `docsd.toml:3:1: [secrets] allow: "" is not a fingerprint`},
	} {
		_, err := Parse("docsd.toml", []byte("title = \"x\"\n[secrets]\nallow = ["+c.entries+"]\n"))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("allow = [%s]: %v, want %q", c.entries, err, c.want)
		}
	}
	// The same text in a comment above the table is not the entry.
	if _, err := Parse("docsd.toml", []byte("# was sha256:abc\ntitle = \"x\"\n[secrets]\nallow = [\"sha256:abc\"]\n")); err == nil || !strings.HasPrefix(err.Error(), "docsd.toml:4:10: ") {
		t.Errorf("an entry also in a comment: %v, want it at 4:10", err)
	}
	// A token pasted as an entry is a token in docsd.toml: its error, not an echo of it.
	_, err = Parse("docsd.toml", []byte("title = \"x\"\n[secrets]\nallow = [\""+token+"\"]\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "docsd.toml:3:11: holds a GitHub token (ghu_…)") || strings.Contains(err.Error(), body[:4]) {
		t.Errorf("a token as an entry: %v", err)
	}
	if _, err := Parse("docsd.toml", []byte("title = \"x\"\n[secrets]\nallowed = []\n")); err == nil || !strings.Contains(err.Error(), "docsd.toml:3") {
		t.Errorf("an unknown key in [secrets]: %v", err)
	}
}
