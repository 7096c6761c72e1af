package build

import (
	"hash/crc32"
	"slices"
	"strings"
	"testing"

	"docsd/pkg/secrets"
)

// testToken is a GitHub token of the real format with a valid checksum, made for the test: the
// detector cannot tell it from a live one, and it was never issued.
func testToken(prefix string) string {
	const body = "R7bq2XkP9wLm4ZtC8vNd3HsY6jFa1E"
	return prefix + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
}

// A page, a partial, a blog authors file or a category file holding a credential fails the build at the
// credential's line and column, naming its kind and showing no more than its first four
// characters; its text is published nowhere. The fake tokens docs write pass.
func TestSecretInAPageFailsTheBuild(t *testing.T) {
	token := testToken("ghp_")
	for _, c := range []struct{ file, text, want string }{
		{"content/docs/guide/setup.md", "---\ntitle: Setup\n---\n\nLog in:\n\n```sh\nexport GITHUB_TOKEN=" + token + "\n```\n",
			"content/docs/guide/setup.md:8:21: holds a GitHub token (ghp_…)"},
		{"content/blog/authors.yml", "ann:\n  name: Ann\n  title: \"npm " + testToken("npm_") + "\"\n",
			"content/blog/authors.yml:3:15: holds an npm access token (npm_…)"},
		{"content/docs/guide/_shared.mdx", "Shared step: `" + token + "`\n",
			"content/docs/guide/_shared.mdx:1:15: holds a GitHub token (ghp_…)"},
		{"content/docs/guide/more/_category_.yml", "label: More\ndescription: token " + token + "\n",
			"content/docs/guide/more/_category_.yml:2:20: holds a GitHub token (ghp_…)"},
	} {
		t.Run(c.file, func(t *testing.T) {
			root, opts := siteCopy(t, true)
			write(t, root, c.file, c.text)
			msg := buildError(t, opts)
			if !strings.Contains(msg, c.want) {
				t.Errorf("build error %q, want %q", msg, c.want)
			}
			if strings.Contains(msg, token[:5]) || strings.Contains(msg, token[4:]) || strings.Contains(msg, testToken("npm_")[:5]) {
				t.Errorf("the error echoes the token: %q", msg)
			}
		})
	}
	// Our docs' placeholders build.
	root, opts := siteCopy(t, true)
	write(t, root, "content/docs/guide/setup.md", "---\ntitle: Setup\n---\n\n"+
		"`ghp_0123456789abcdefghijklmnopqrstuvwxyz`, `ghp_xxxxxxxx`, `<token>`, `AKIAIOSFODNN7EXAMPLE`,\n"+
		"`wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`, `xoxb-your-token`.\n")
	if html := builtPage(t, opts, "/docs/guide/setup"); !strings.Contains(html, "AKIAIOSFODNN7EXAMPLE") {
		t.Error("the page of placeholders lacks them")
	}
}

// A static file holding a token, in static/ or beside the docs, is withheld with a warning naming
// it, as a private key is; an edit that removes the token publishes it again.
func TestSecretInAStaticFileIsWithheld(t *testing.T) {
	root, opts := siteCopy(t, true)
	token := testToken("ghs_")
	write(t, root, "content/static/ci.env", "CI=1\nGH_TOKEN="+token+"\n")
	write(t, root, "content/docs/guide/notes.txt", "example: ghp_xxxxxxxxxxxxxxxxxxxx\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := res.Files.Get("ci.env"); ok {
		t.Error("ci.env, holding a token, is published")
	}
	if _, _, ok := res.Files.Get("assets/files/docs/guide/notes.txt"); !ok {
		t.Error("notes.txt, holding a placeholder, is not published")
	}
	var got []string
	for _, w := range res.Warnings {
		if strings.Contains(w.Msg, "not published") {
			// Up to the hint to allow it (TestAllowedCredentialIsPublished).
			msg, _, _ := strings.Cut(w.Error(), "; if it is published on purpose")
			got = append(got, msg)
		}
		if strings.Contains(w.Error(), token[4:]) {
			t.Errorf("a warning echoes the token: %q", w.Error())
		}
	}
	if want := []string{"content/static/ci.env:2:10: holds a GitHub token (ghs_…); not published"}; !slices.Equal(got, want) {
		t.Errorf("warnings %q, want %q", got, want)
	}
	write(t, root, "content/static/ci.env", "CI=1\nGH_TOKEN=<token>\n")
	if res, err = b.Rebuild([]string{"content/static/ci.env"}); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := res.Files.Get("ci.env"); !ok {
		t.Error("ci.env, its token removed, is not published again")
	}
}
