package links

import (
	"bytes"
	"hash/crc32"
	"strings"
	"testing"

	"docsd/pkg/secrets"
)

// testGitHubToken has a GitHub token's format and a valid checksum; it was never issued.
var testGitHubToken = func() string {
	const body = "Hb4Xq9Lm2Vt7Nc3Kz8Rw5Jp1Gs6Df0"
	return "ghp_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
}()

func TestRedactURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://user:hunter2@example.com/x", "https://***@example.com/x"},
		{"https://x-access-token:abc@github.com/o/r.git", "https://***@github.com/o/r.git"},
		{"https://abc123@github.com", "https://***@github.com"},
		{"https://example.com/a@b", "https://example.com/a@b"}, // an @ in the path is no user
		{"https://api.test/v1?token=abc&page=2", "https://api.test/v1?token=***&page=2"},
		{"https://maps.test/js?key=AIzaQQQ&callback=init", "https://maps.test/js?key=***&callback=init"},
		{"https://app.test/cb#access_token=abc&expires_in=3600", "https://app.test/cb#access_token=***&expires_in=3600"},
		{"https://s3.test/o?X-Amz-Credential=AK%2F1&X-Amz-Signature=ff", "https://s3.test/o?X-Amz-Credential=***&X-Amz-Signature=***"},
		{"/docs/missing?api_key=abc#part", "/docs/missing?api_key=***#part"},
		{"/docs/page?author=ann#setup", "/docs/page?author=ann#setup"},
		{"setup.md#install", "setup.md#install"},
		{"mailto:ann@example.com", "mailto:ann@example.com"},
		// Credentials in the path: webhooks, a bot's token, a token as a segment.
		{"https://hooks.slack.com/services/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", "https://hooks.slack.com/services/***"},
		{"https://discord.com/api/webhooks/112233445566778899/k3Jx-9_Lm2?wait=true", "https://discord.com/api/webhooks/112233445566778899/***?wait=true"},
		{"https://contoso.webhook.office.com/webhookb2/a-b@c-d/IncomingWebhook/0f9e/e-f", "https://contoso.webhook.office.com/webhookb2/***"},
		{"https://api.telegram.org/bot5550001:AAk3Jx9Lm2/sendMessage", "https://api.telegram.org/bot5550001:***/sendMessage"},
		{"https://ci.test/hooks/" + testGitHubToken + "/run", "https://ci.test/hooks/***/run"},
		{"https://github.com/o/r/blob/0123456789abcdef0123456789abcdef01234567/a.md", "https://github.com/o/r/blob/0123456789abcdef0123456789abcdef01234567/a.md"},
	} {
		if got := RedactURL(c.in); got != c.want {
			t.Errorf("RedactURL(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := RedactURL(RedactURL(c.in)); got != c.want {
			t.Errorf("RedactURL is not idempotent on %q: %q", c.in, got)
		}
	}
	for in, want := range map[string]string{
		"link to https://u:pw@h.test/x?token=t1 (see ftp://a:b@f.test): no such page":        "link to https://***@h.test/x?token=*** (see ftp://***@f.test): no such page",
		"link to https://h.test/x?token=t1: no such page":                                    "link to https://h.test/x?token=***: no such page",
		"link to https://hooks.slack.com/services/T0/B0/Zq8Lw3Nv5Rb7Tk2Xc9Jm4Hs6. Try again": "link to https://hooks.slack.com/services/***. Try again",
	} {
		if got := RedactText(in); got != want {
			t.Errorf("RedactText(%q) = %q, want %q", in, got, want)
		}
		if got := RedactText(RedactText(in)); got != want {
			t.Errorf("RedactText is not idempotent on %q: %q", in, got)
		}
	}
}

// Every report format, the problems' text and the GitHub annotations mask a URL's credentials,
// wherever the report quotes the target: its message, its link text, the external links.
func TestEveryReportFormatRedactsCredentials(t *testing.T) {
	secrets := []string{"hunter2", "tok-4711", "AIzaQQQ", "s3ss10n", "Zq8Lw3Nv5Rb7Tk2Xc9Jm4Hs6"}
	r := &Report{
		Problems: []Problem{
			{File: "content/docs/a.md", Line: 3, Column: 5, Kind: KindLink, Text: "/docs/x?token=tok-4711", Target: "/docs/x?token=tok-4711",
				Message: "link to /docs/x?token=tok-4711: no such page"},
			{File: "docsd.toml", Line: 6, Column: 1, Kind: KindLink, Text: "https://ann:hunter2@docs.test/y", Target: "https://ann:hunter2@docs.test/y",
				Message: "link to https://ann:hunter2@docs.test/y leaves the site", Suggestion: "/docs/y"},
			{File: "content/docs/b.md", Line: 4, Column: 2, Kind: KindLink, Text: "https://hooks.slack.com/services/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",
				Target:  "https://hooks.slack.com/services/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",
				Message: "link to https://hooks.slack.com/services/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: no such page"},
		},
		External: []External{{File: "content/docs/a.md", Line: 9, Column: 1, Text: "map", Target: "https://maps.test/?key=AIzaQQQ&session_id=s3ss10n"}},
	}
	for _, format := range Formats {
		var b bytes.Buffer
		if err := r.Write(&b, format); err != nil {
			t.Fatal(err)
		}
		for _, s := range secrets {
			if strings.Contains(b.String(), s) {
				t.Errorf("the %s report holds %q:\n%s", format, s, b.String())
			}
		}
		masked := "***"
		if format == "markdown" {
			masked = `\*\*\*` // not emphasis
		}
		if !strings.Contains(b.String(), masked) {
			t.Errorf("the %s report masks nothing:\n%s", format, b.String())
		}
	}
	for _, p := range r.Problems {
		for _, s := range secrets {
			if strings.Contains(p.String(), s) || strings.Contains(GitHubLine(p), s) {
				t.Errorf("%q / %q holds %q", p.String(), GitHubLine(p), s)
			}
		}
	}
	if r.Problems[0].Target != "/docs/x?token=tok-4711" {
		t.Error("writing the report changed the report")
	}
}
