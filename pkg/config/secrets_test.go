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
