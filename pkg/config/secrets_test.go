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
	if want := "docsd.toml:4:12: holds a GitHub token (ghu_…)"; !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), body[:3]) {
		t.Errorf("%q, want it to start with %q and not to echo the token", err, want)
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
