package build

import (
	"hash/crc32"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"docsd/pkg/secrets"
)

// allowHint is the part of a credential's error that gives its fingerprint and the way to allow it.
var allowHint = regexp.MustCompile(`add "(sha256:[0-9a-f]{64})" to allow in docsd\.toml's \[secrets\] table`)

// A credential the site publishes on purpose builds once its fingerprint, as the build's error
// gives it, is in docsd.toml's [secrets] allow: in a page, a partial and a static file alike. A
// different credential still fails, and a watching build takes a change of the list (emptied,
// the page fails again).
func TestAllowedCredentialIsPublished(t *testing.T) {
	root, opts := siteCopy(t, true)
	example := testToken("ghp_")
	const body = "Zp4Kw9Lx2Nc7Bv5Qm8Rt3Yh6Jd1Gs0"
	other := "ghp_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
	page := "---\ntitle: Setup\n---\n\nThe example token of our docs:\n\n```sh\nexport GITHUB_TOKEN=" + example + "\n```\n"
	write(t, root, "content/docs/guide/setup.md", page)
	write(t, root, "content/docs/guide/_shared.mdx", "Shared step: `"+example+"`\n")
	write(t, root, "content/static/example.env", "GH_TOKEN="+example+"\n")
	msg := buildError(t, opts)
	m := allowHint.FindStringSubmatch(msg)
	if m == nil || strings.Contains(msg, example[4:]) {
		t.Fatalf("build error %q: want the fingerprint to allow, and not the token", msg)
	}
	config := read(t, root, "docsd.toml")
	allowed := config + "\n[secrets]\nallow = [\"" + m[1] + "\"]\n"
	write(t, root, "docsd.toml", allowed)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatalf("with the token allowed: %v", err)
	}
	if !strings.Contains(pageHTML(t, res, "/docs/guide/setup"), example) {
		t.Error("the page lacks the allowed token")
	}
	if _, _, ok := res.Files.Get("example.env"); !ok {
		t.Error("example.env, holding the allowed token, is withheld")
	}
	// Emptied, the list no longer lets the page through: docsd.toml's change is taken.
	write(t, root, "docsd.toml", config+"\n[secrets]\nallow = []\n")
	if _, err := b.Rebuild([]string{filepath.Join(root, "docsd.toml")}); err == nil || !strings.Contains(err.Error(), "holds a GitHub token (ghp_…)") {
		t.Errorf("rebuild with the list emptied: %v, want the token's error", err)
	}
	write(t, root, "docsd.toml", allowed)
	if _, err := b.Rebuild([]string{filepath.Join(root, "docsd.toml")}); err != nil {
		t.Errorf("rebuild with the token allowed again: %v", err)
	}
	// Another token beside the allowed one fails, at its own place.
	write(t, root, "content/docs/guide/setup.md", page+"\nAnd `"+other+"`.\n")
	_, err = b.Rebuild([]string{filepath.Join(root, "content/docs/guide/setup.md")})
	if err == nil || !strings.Contains(err.Error(), "content/docs/guide/setup.md:11:6: holds a GitHub token (ghp_…)") {
		t.Errorf("rebuild with another token: %v, want it at 11:6", err)
	}
}

// A component an MDX page imports (the bundle's input, searched by pkg/bundle) holding an allowed
// credential builds too, and its text reaches the page.
func TestAllowedCredentialInAComponent(t *testing.T) {
	token := testToken("ghs_")
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/deploy.mdx", "---\ntitle: Deploy\n---\n\nimport Badge from '@site/src/components/Badge';\n\n<Badge>1</Badge>\n")
	write(t, root, "src/components/Badge.jsx", "export default function Badge({ children }) {\n  return <span data-key=\""+token+"\">{children}</span>;\n}\n")
	m := allowHint.FindStringSubmatch(buildError(t, opts))
	if m == nil {
		t.Fatal("the error gives no fingerprint to allow")
	}
	write(t, root, "docsd.toml", read(t, root, "docsd.toml")+"\n[secrets]\nallow = [\""+m[1]+"\"]\n")
	if html := builtPage(t, opts, "/docs/guide/deploy"); !strings.Contains(html, token) {
		t.Error("the page lacks the component's allowed token")
	}
}
