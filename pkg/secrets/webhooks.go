package secrets

import (
	"bytes"
	"strings"
)

// Some services put the credential in a URL's path: whoever has a Slack or Microsoft Teams
// incoming webhook's URL, or a Discord webhook's, can post to the channel; a Telegram bot's URL
// holds the bot's token. Find looks for them as for a token (exact shape, a random secret part,
// so that docs' `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`
// passes); URLSecret tells a link report which part to mask, by shape alone.

// webhook finds a webhook URL with a live-looking secret in one pass over "hook", which Slack's
// host (hooks.slack.com), Discord's path (/api/webhooks/) and Teams' (/IncomingWebhook/) all
// hold, and one over Telegram's host.
func webhook(data []byte) (Finding, bool) {
	best, has := Finding{}, false
	for off := 0; ; {
		at := indexBy(data, off, "hook", 3)
		if at < 0 {
			break
		}
		off = at + 1
		var kind string
		switch {
		case hasAt(data, at, "hooks.slack.com/") && slackHook(data, at+len("hooks.slack.com/")):
			kind = "a Slack webhook URL"
		case at >= 3 && hasAt(data, at-3, "webhooks/") && discordHook(data, at-3):
			kind = "a Discord webhook URL"
		case at >= 11 && hasAt(data, at-11, "IncomingWebhook/") && teamsHook(data, at-11):
			kind = "a Microsoft Teams webhook URL"
		default:
			continue
		}
		best, has = inURL(kind, data, at), true
		break
	}
	if f, ok := telegramBot(data); ok && (!has || f.Offset < best.Offset) {
		best, has = f, true
	}
	return best, has
}

// indexBy is the offset of the first anchor in data[from:], or -1, found by its byte at pivot:
// bytes.Index stops at every occurrence of an anchor's first byte, which for "hook" and
// "api.telegram.org" is a common letter of prose; k and b are rarer (this pass cost a third of
// Find's time over the Vela pages).
func indexBy(data []byte, from int, anchor string, pivot int) int {
	for i := from + pivot; i < len(data); i++ {
		k := bytes.IndexByte(data[i:], anchor[pivot])
		if k < 0 {
			return -1
		}
		i += k
		if hasAt(data, i-pivot, anchor) {
			return i - pivot
		}
	}
	return -1
}

func hasAt(data []byte, at int, s string) bool {
	return at >= 0 && at+len(s) <= len(data) && string(data[at:at+len(s)]) == s
}

// urlStart is where the URL holding data[at] starts: its scheme, or its host when written
// without one.
func urlStart(data []byte, at int) int {
	for at > 0 && urlChar(data[at-1]) {
		at--
	}
	return at
}

// inURL is the finding of kind for the URL holding data[at], which is the credential.
func inURL(kind string, data []byte, at int) Finding {
	end := at + run(data, at, urlChar)
	start := urlStart(data, at)
	return Finding{Kind: kind, Offset: start, Fingerprint: fingerprint(data[start:end]), from: start, end: end}
}

func urlChar(c byte) bool { return word(c) || strings.IndexByte(".:/@%+~", c) >= 0 }

// slackHook reports whether data[at:] is the rest of a Slack webhook after "hooks.slack.com/":
// services/T…/B…/<secret>, workflows/T…/A…/<id>/<secret> or triggers/T…/<id>/<secret>, whose
// team id is T and 8 to 12 capitals and digits, and whose last part is 24 (up to 32) random
// letters and digits.
func slackHook(data []byte, at int) bool {
	var kind string
	for _, k := range []string{"services/", "workflows/", "triggers/"} {
		if hasAt(data, at, k) {
			kind = k
		}
	}
	if kind == "" {
		return false
	}
	parts, i := 0, at+len(kind)
	for {
		n := run(data, i, alnum)
		if n == 0 {
			return false
		}
		part := data[i : i+n]
		parts++
		if parts == 1 && (part[0] != 'T' || n < 9 || n > 13 || !upperDigits(part) || counting(part[1:], 5)) {
			return false
		}
		if i+n < len(data) && data[i+n] == '/' && run(data, i+n+1, alnum) > 0 {
			i += n + 1
			continue
		}
		// A service's secret is 24 characters; a workflow's or trigger's up to 32.
		long := n == 24 || kind != "services/" && n > 24 && n <= 32
		return parts >= 3 && parts <= 4 && long && ended(data, i+n) && random(part, 4)
	}
}

func upperDigits(s []byte) bool {
	for _, c := range s {
		if !(c >= 'A' && c <= 'Z' || digit(c)) {
			return false
		}
	}
	return true
}

// discordHook reports whether data[at:] ("webhooks/…") is a Discord webhook's path after
// discord.com/api/ (or discordapp.com, a ptb. or canary. host, an API version /v10/): an id of
// 17 to 20 digits and a token of 60 to 100 random characters of base64url's alphabet.
func discordHook(data []byte, at int) bool {
	start := max(at-10, 0)
	k := bytes.LastIndex(data[start:at], []byte("/api/"))
	if k < 0 {
		return false
	}
	api := start + k
	// An API version between: /api/v10/webhooks/.
	if v := data[api+len("/api/") : at]; len(v) > 0 && (len(v) < 3 || v[0] != 'v' || run(v, 1, digit) != len(v)-2 || v[len(v)-1] != '/') {
		return false
	}
	if !hasAt(data, api-len("discord.com"), "discord.com") && !hasAt(data, api-len("discordapp.com"), "discordapp.com") {
		return false
	}
	id := at + len("webhooks/")
	n := run(data, id, digit)
	if n < 17 || n > 20 || id+n >= len(data) || data[id+n] != '/' {
		return false
	}
	tok := id + n + 1
	m := run(data, tok, word)
	return m >= 60 && m <= 100 && random(data[tok:tok+m], 4)
}

// teamsHook reports whether data[at:] ("IncomingWebhook/…") is the rest of a Microsoft Teams
// (Office 365 connector) webhook on an office.com host: 32 random hex digits, then the id of the
// connector's owner (a GUID).
func teamsHook(data []byte, at int) bool {
	line := data[max(at-300, 0):at]
	if nl := bytes.LastIndexByte(line, '\n'); nl >= 0 {
		line = line[nl+1:]
	}
	if !bytes.Contains(line, []byte("office.com/webhook")) && !bytes.Contains(line, []byte("office365.com/webhook")) {
		return false
	}
	s := at + len("IncomingWebhook/")
	hex := func(c byte) bool { return digit(c) || c >= 'a' && c <= 'f' }
	if run(data, s, hex) != 32 || s+32 >= len(data) || data[s+32] != '/' {
		return false
	}
	g := s + 33
	return run(data, g, func(c byte) bool { return hex(c) || c == '-' }) == 36 && random(data[s:s+32], 4)
}

// telegramBot finds a Telegram bot's URL, api.telegram.org/bot<id>:<token>: an id of 8 to 10
// digits and 35 random characters of base64url's alphabet.
func telegramBot(data []byte) (Finding, bool) {
	const host = "api.telegram.org/bot"
	for off := 0; ; {
		at := indexBy(data, off, host, len(host)-3)
		if at < 0 {
			return Finding{}, false
		}
		off = at + 1
		id := at + len(host)
		n := run(data, id, digit)
		if n < 8 || n > 10 || id+n >= len(data) || data[id+n] != ':' {
			continue
		}
		tok := id + n + 1
		m := run(data, tok, word)
		if m == 35 && random(data[tok:tok+m], 4) {
			return inURL("a Telegram bot token in a URL", data, at), true
		}
	}
}

// URLSecret is where the secret part of the path of URL u starts and ends, by the path's shape
// (a report masks what may be a secret, placeholders too): a Slack or Teams webhook's path after
// its kind, a Discord webhook's token, a Telegram bot's token, or a path segment that is a
// credential Find finds (a GitHub token as a segment). ok is false when the path holds none.
func URLSecret(u string) (start, end int, ok bool) {
	rest := u
	if i := strings.Index(u, "://"); i >= 0 {
		rest = u[i+3:]
	}
	base := len(u) - len(rest)
	if q := strings.IndexAny(rest, "?#"); q >= 0 {
		rest = rest[:q]
	}
	slash := strings.IndexByte(rest, '/')
	if slash < 0 {
		return 0, 0, false
	}
	host, path := strings.ToLower(rest[:slash]), rest[slash:]
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		host = host[at+1:]
	}
	host, _, _ = strings.Cut(host, ":")
	from := base + slash
	after := func(prefix string) (int, int, bool) {
		if len(path) > len(prefix) && strings.HasPrefix(path, prefix) {
			return from + len(prefix), from + len(path), true
		}
		return 0, 0, false
	}
	switch {
	case host == "hooks.slack.com":
		for _, p := range []string{"/services/", "/workflows/", "/triggers/"} {
			if s, e, ok := after(p); ok {
				return s, e, true
			}
		}
	case strings.HasSuffix(host, "office.com") || strings.HasSuffix(host, "office365.com"):
		for _, p := range []string{"/webhookb2/", "/webhook/"} {
			if s, e, ok := after(p); ok {
				return s, e, true
			}
		}
	case host == "discord.com" || host == "discordapp.com" || strings.HasSuffix(host, ".discord.com") || strings.HasSuffix(host, ".discordapp.com"):
		if i := strings.Index(path, "/webhooks/"); i >= 0 {
			id := i + len("/webhooks/")
			if j := strings.IndexByte(path[id:], '/'); j >= 0 && id+j+1 < len(path) {
				return from + id + j + 1, from + len(path), true
			}
		}
	case host == "api.telegram.org":
		if strings.HasPrefix(path, "/bot") {
			if c := strings.IndexByte(path, ':'); c >= 0 {
				e := strings.IndexByte(path[c:], '/')
				if e < 0 {
					e = len(path) - c
				}
				return from + c + 1, from + c + e, true
			}
		}
	}
	// A credential as a whole segment: /hooks/ghp_….
	for s := 1; s < len(path); {
		e := strings.IndexByte(path[s:], '/')
		if e < 0 {
			e = len(path) - s
		}
		if f, ok := Find([]byte(path[s : s+e])); ok && f.Offset == 0 {
			return from + s, from + s + e, true
		}
		s += e + 1
	}
	return 0, 0, false
}
