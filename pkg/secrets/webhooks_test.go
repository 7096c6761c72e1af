package secrets

import "testing"

func (g *gen) slackHook() string {
	return "https://hooks.slack.com/services/T" + g.chars(10, b32set) + "/B" + g.chars(10, b32set) + "/" + g.chars(24, b62set)
}

func (g *gen) discordHook() string {
	return "https://discord.com/api/webhooks/1" + g.chars(17, digits) + "/" + g.chars(68, gkeyset)
}

func (g *gen) guid() string {
	return g.chars(8, hexset) + "-" + g.chars(4, hexset) + "-" + g.chars(4, hexset) + "-" + g.chars(4, hexset) + "-" + g.chars(12, hexset)
}

func (g *gen) teamsHook() string {
	return "https://contoso.webhook.office.com/webhookb2/" + g.guid() + "@" + g.guid() + "/IncomingWebhook/" + g.chars(32, hexset) + "/" + g.guid() + "/V2" + g.chars(43, gkeyset)
}

func (g *gen) telegramBot() string {
	return "https://api.telegram.org/bot5" + g.chars(9, digits) + ":AA" + g.chars(33, gkeyset) + "/sendMessage"
}

// A URL whose path holds a live-looking credential is found at the URL's start, with no prefix
// shown; one character off its shape, it is not.
func TestFindsWebhookURLs(t *testing.T) {
	g := newGen()
	slack := g.slackHook()
	for _, c := range []struct {
		name, text, kind string
		at               int // -1: not found
	}{
		{"slack", "SLACK_WEBHOOK=" + slack + "\n", "a Slack webhook URL", 14},
		{"slack without scheme", "curl -d @msg.json " + slack[len("https://"):], "a Slack webhook URL", 18},
		{"slack workflow", "<" + "https://hooks.slack.com/workflows/T" + g.chars(10, b32set) + "/A" + g.chars(10, b32set) + "/4" + g.chars(17, digits) + "/" + g.chars(24, b62set) + ">",
			"a Slack webhook URL", 1},
		{"slack secret short", slack[:len(slack)-1], "", -1},
		{"slack secret longer", slack + "a", "", -1},
		{"discord", "url: '" + g.discordHook() + "'", "a Discord webhook URL", 6},
		{"discord versioned", "https://discordapp.com/api/v10/webhooks/1" + g.chars(17, digits) + "/" + g.chars(68, gkeyset), "a Discord webhook URL", 0},
		{"discord elsewhere", "https://example.com/api/webhooks/1" + g.chars(17, digits) + "/" + g.chars(68, gkeyset), "", -1},
		{"teams", "[hook](" + g.teamsHook() + ")", "a Microsoft Teams webhook URL", 7},
		{"teams elsewhere", "https://example.com/IncomingWebhook/" + g.chars(32, hexset) + "/" + g.guid(), "", -1},
		{"telegram", "GET " + g.telegramBot(), "a Telegram bot token in a URL", 4},
	} {
		f, ok := Find([]byte(c.text))
		if c.at < 0 {
			if ok {
				t.Errorf("%s: found %+v in %q", c.name, f, c.text)
			}
			continue
		}
		if !ok || f.Kind != c.kind || f.Offset != c.at || f.Prefix != "" {
			t.Errorf("%s: got %+v (%v), want %s at %d", c.name, f, ok, c.kind, c.at)
		}
	}
}

// The webhook URLs docs write pass: the services' own examples and the usual placeholders.
func TestWebhookPlaceholdersPass(t *testing.T) {
	for _, text := range []string{
		"https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", // Slack's docs
		"https://hooks.slack.com/services/TXXXXXXXX/BXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX",
		"https://hooks.slack.com/services/T1234567890/B1234567890/abcdefghijklmnopqrstuvwx",
		"https://hooks.slack.com/services/YOUR/WEBHOOK/URL",
		"https://hooks.slack.com/services/T0123ABCD/B0123ABCD/your-webhook-secret-here",
		"https://discord.com/api/webhooks/{webhook.id}/{webhook.token}",
		"https://discord.com/api/webhooks/123456789012345678/" + "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		"https://discord.com/api/webhooks/000000000000000000/your-webhook-token-your-webhook-token-your-webhook-token-abc",
		"https://outlook.office.com/webhook/xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx@xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx/IncomingWebhook/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
		"https://contoso.webhook.office.com/webhookb2/00000000-0000-0000-0000-000000000000@00000000-0000-0000-0000-000000000000/IncomingWebhook/00000000000000000000000000000000/00000000-0000-0000-0000-000000000000",
		"https://api.telegram.org/bot<token>/sendMessage",
		"https://api.telegram.org/bot123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11/getMe", // Telegram's docs
		"React's hooks: useState, useEffect. Webhooks post JSON to /api/webhooks/.",
	} {
		if f, ok := Find([]byte(text)); ok {
			t.Errorf("placeholder %q found as %+v", text, f)
		}
	}
}

// Random webhook URLs pass the placeholder tests nearly always (fixed seed).
func TestRecallOfRandomWebhooks(t *testing.T) {
	g := newGen()
	for name, make := range map[string]func() string{"slack": g.slackHook, "discord": g.discordHook, "teams": g.teamsHook, "telegram": g.telegramBot} {
		missed := 0
		for i := 0; i < 2000; i++ {
			if _, ok := Find([]byte(make())); !ok {
				missed++
			}
		}
		if missed > 20 {
			t.Errorf("%s: %d of 2000 random webhook URLs missed", name, missed)
		}
		t.Logf("%s: %d of 2000 missed", name, missed)
	}
}

// URLSecret marks a webhook's secret part by its shape, placeholders too, and a credential that is
// a whole path segment; other paths hold none.
func TestURLSecret(t *testing.T) {
	gh := newGen().github("ghp_")
	for _, c := range []struct{ url, secret string }{
		{"https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", "T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"},
		{"https://hooks.slack.com/services/T1/B2/abc?x=1", "T1/B2/abc"},
		{"https://discord.com/api/webhooks/123/tok-en#x", "tok-en"},
		{"https://ptb.discord.com/api/v10/webhooks/123/tok/slack", "tok/slack"},
		{"https://contoso.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d", "a@b/IncomingWebhook/c/d"},
		{"https://api.telegram.org/bot123:ABC/getMe", "ABC"},
		{"https://example.com/hooks/" + gh + "/run", gh},
		{"https://example.com/hooks/slack.com/services/x", ""},
		{"https://hooks.slack.com/", ""},
		{"https://github.com/org/repo/blob/0123456789abcdef0123456789abcdef01234567/README.md", ""},
		{"/docs/install", ""},
	} {
		s, e, ok := URLSecret(c.url)
		got := ""
		if ok {
			got = c.url[s:e]
		}
		if got != c.secret {
			t.Errorf("URLSecret(%q) = %q, want %q", c.url, got, c.secret)
		}
	}
}
