package content

import (
	"hash/crc32"
	"strings"
	"testing"

	"docsd/pkg/secrets"
)

// A page holding a credential is an error at its line and column that names its kind and shows at
// most its first four characters; a page of placeholders is none.
func TestSecretError(t *testing.T) {
	const body = "Pm4Vk8Tz2QwXr6Nb9Hd3Ls7Jc5Gy1A"
	token := "ghp_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
	raw := "---\ntitle: Log in\n---\n\n    export GITHUB_TOKEN=" + token + "\n"
	err := SecretError("content/docs/login.md", []byte(raw), nil)
	if err == nil {
		t.Fatal("no error for a page holding a token")
	}
	want := "content/docs/login.md:5:25: holds a GitHub token (ghp_…), which the built site would publish"
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("%q, want it to start with %q", err, want)
	}
	if strings.Contains(err.Error(), body[:2]) {
		t.Errorf("%q echoes the token", err)
	}
	if err := SecretError("content/docs/login.md", []byte("export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxx\n"), nil); err != nil {
		t.Errorf("a placeholder: %v", err)
	}
	// Markdown's backslash escapes are not shown: `ghp\_…`, as editors write to keep an underscore
	// from starting emphasis, renders as the token.
	escaped := "Set GITHUB\\_TOKEN to " + strings.Replace(token, "_", "\\_", 1) + " in CI.\n"
	if err := SecretError("content/docs/ci.md", []byte(escaped), nil); err == nil || !strings.HasPrefix(err.Error(), "content/docs/ci.md:1:22: holds a GitHub token (ghp_…)") {
		t.Errorf("an escaped token: %v", err)
	}
}

// A static text file holding a token is withheld at its line; a binary file whose bytes happen to
// spell one is not searched.
func TestSecretWarningOfAStaticFile(t *testing.T) {
	const body = "Wd7Kq2Xn5Rt9Lb3Vm8Zc4Hs6Jf1Gp0"
	token := "ghs_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
	checkSecretWarnings(t, []staticCase{
		{"deploy.sh", "#!/bin/sh\ncurl -H 'Authorization: token " + token + "' …\n",
			"content/static/deploy.sh:2:31: holds a GitHub token (ghs_…); not published"},
		{"logo.bin", "\x89PNG\x00\x00" + token, ""},
		{"readme.txt", "Set GH_TOKEN=ghs_<your token>.\n", ""},
		// Odd names: a dotfile, no extension.
		{".npmrc", "//registry.npmjs.org/:_authToken=" + token + "\n", "content/static/.npmrc:1:34: holds a GitHub token (ghs_…); not published"},
		{"credentials", "[default]\ntoken=" + token + "\n", "content/static/credentials:2:7: holds a GitHub token (ghs_…); not published"},
		// A text file is searched to its end, not its first 64 KB alone (a bundled script, a
		// data file): the token on its last line was published.
		{"vendor.js", strings.Repeat("console.log('padding the file past the head');\n", 2000) + "const key = '" + token + "';\n",
			"content/static/vendor.js:2001:14: holds a GitHub token (ghs_…); not published"},
		{"vendor.min.js", strings.Repeat("var a=1;", 20000) + "var k='" + token + "';",
			"content/static/vendor.min.js:1:160008: holds a GitHub token (ghs_…); not published"},
		{"split.js", strings.Repeat("x", 64<<10-20) + "\nk='" + token + "';\n",
			"content/static/split.js:2:4: holds a GitHub token (ghs_…); not published"},
		// A script's string is read as the browser reads it: escapes decoded, a line continuation
		// dropped (the page a static script serves has the token), past the first 64 KB too.
		{"escaped.js", "const k = 'ghs\\u005F" + token[4:] + "';\n",
			"content/static/escaped.js:1:12: holds a GitHub token (ghs_…); not published"},
		{"braced.js", strings.Repeat("var a=1;\n", 9000) + "const k = `\\u{67}hs_" + token[4:] + "`;\n",
			"content/static/braced.js:9001:12: holds a GitHub token (ghs_…); not published"},
		{"continued.js", "const k = '" + token[:20] + "\\\n" + token[20:] + "';\n",
			"content/static/continued.js:1:12: holds a GitHub token (ghs_…); not published"},
	})
}
