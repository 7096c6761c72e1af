package links

import (
	"strings"

	"docsd/pkg/secrets"
)

// Link reports quote link targets, and CI posts them as annotations, job summaries and SARIF that
// whoever reads the pull request sees: a URL carrying credentials (https://user:pass@host/,
// ?token=…, #access_token=…, a webhook's or bot's path, a token as a path segment) is shown with
// them masked in every format and in the warnings of a
// build. The report keeps the file, line and column, which is what a writer needs to find it.

// mask replaces a credential.
const mask = "***"

// redacted is the report with every problem's and external link's credentials masked.
func (r *Report) redacted() *Report {
	out := *r
	out.Problems = make([]Problem, len(r.Problems))
	for i, p := range r.Problems {
		out.Problems[i] = p.redacted()
	}
	out.External = make([]External, len(r.External))
	for i, e := range r.External {
		t := RedactURL(e.Target)
		e.Text = RedactText(strings.ReplaceAll(e.Text, e.Target, t))
		e.Target = t
		out.External[i] = e
	}
	return &out
}

// redacted is p with its target's credentials masked wherever the target is quoted.
func (p Problem) redacted() Problem {
	t := RedactURL(p.Target)
	if t != p.Target && p.Target != "" {
		p.Message = strings.ReplaceAll(p.Message, p.Target, t)
		p.Text = strings.ReplaceAll(p.Text, p.Target, t)
	}
	p.Target = t
	p.Message, p.Text, p.Suggestion = RedactText(p.Message), RedactText(p.Text), RedactText(p.Suggestion)
	return p
}

// RedactText masks the credentials of every absolute URL (scheme://…) in s, each running to the
// next space or quote, less the punctuation that ends a sentence or a clause ("…: no such page").
func RedactText(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "://")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		start := i
		for start > 0 && schemeChar(s[start-1]) {
			start--
		}
		end := i + 3
		for end < len(s) && !strings.ContainsRune(" \t\r\n\"'`<>", rune(s[end])) {
			end++
		}
		for end > i+3 && strings.IndexByte(".,:;!?", s[end-1]) >= 0 {
			end--
		}
		b.WriteString(s[:start])
		b.WriteString(RedactURL(s[start:end]))
		s = s[end:]
	}
}

func schemeChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}

// RedactURL masks the credentials of one URL, absolute or relative: the user information of its
// authority (user, password or a token given as the user), the part of its path that is a
// credential (secrets.URLSecret: a Slack, Teams or Discord webhook's, a Telegram bot's token, a
// token as a segment), and the values of query and fragment parameters whose names say they are
// credentials.
func RedactURL(u string) string {
	if s, e, ok := secrets.URLSecret(u); ok && !strings.HasPrefix(u[s:e], mask) {
		u = u[:s] + mask + u[e:]
	}
	rest, out := u, ""
	if i := strings.Index(u, "://"); i >= 0 {
		out, rest = u[:i+3], u[i+3:]
		end := strings.IndexAny(rest, "/?#")
		if end < 0 {
			end = len(rest)
		}
		if at := strings.LastIndexByte(rest[:end], '@'); at >= 0 {
			out += mask
			rest = rest[at:]
		}
	}
	q := strings.IndexAny(rest, "?#")
	if q < 0 {
		return out + rest
	}
	out += rest[:q]
	rest = rest[q:]
	// Parameters: after ? or #, separated by & or ;.
	var b strings.Builder
	b.WriteString(out)
	for len(rest) > 0 {
		sep := rest[0]
		b.WriteByte(sep)
		rest = rest[1:]
		end := strings.IndexAny(rest, "&;#")
		if sep == '#' {
			end = strings.IndexAny(rest, "&;")
		}
		if end < 0 {
			end = len(rest)
		}
		param := rest[:end]
		if name, _, ok := strings.Cut(param, "="); ok && secretParam(name) {
			param = name + "=" + mask
		}
		b.WriteString(param)
		rest = rest[end:]
	}
	return b.String()
}

// secretParam says whether a query or fragment parameter's name names a credential: token,
// access_token, api_key, apiKey, client_secret, password, X-Amz-Signature, X-Amz-Credential, sig,
// key (Google's ?key=AIza…), auth.
func secretParam(name string) bool {
	n := strings.ToLower(strings.ReplaceAll(name, "-", "_"))
	switch n {
	case "key", "sig", "auth", "pwd", "pass":
		return true
	}
	for _, w := range []string{"token", "secret", "password", "passwd", "signature", "credential", "apikey", "api_key", "access_key", "private_key", "session"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}
