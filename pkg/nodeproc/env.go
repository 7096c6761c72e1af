package nodeproc

import "strings"

// Env is docsd's environment for a Node process that opens no network connection (the MDX
// compiler, the server renderers): only the variables Node and docsd's own scripts read, picked
// from env. The renderers run the project's code (an MDX page's `{process.env.GITHUB_TOKEN}`, a
// component's), and what it renders is published: a pull request's page would otherwise put a
// CI job's tokens into the site. NODE_EXTRA_CA_CERTS is left out too: Node reads and parses the
// certificates it names when it starts, whether or not the process ever opens a TLS connection
// (with the system's bundle, 25-50 ms of CPU per start, a third of the compiler's).
func Env(env []string) []string {
	out := make([]string, 0, 8)
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if passed(name) {
			out = append(out, kv)
		}
	}
	return out
}

// passed says whether a Node process gets the variable name: the search path, home and temporary folder,
// time zone and locale (dates and Intl's formats follow them), Node's own options, and docsd's
// switches (DOCSD_SSR_PARTS) unless the name says it holds a credential (DOCSD_GITHUB_TOKEN).
func passed(name string) bool {
	switch name {
	case "PATH", "HOME", "TMPDIR", "TZ", "LANG", "LANGUAGE", "NODE_OPTIONS", "NODE_ICU_DATA":
		return true
	}
	if strings.HasPrefix(name, "LC_") {
		return true
	}
	if !strings.HasPrefix(name, "DOCSD_") {
		return false
	}
	for _, word := range []string{"TOKEN", "SECRET", "PASSWORD", "KEY", "CREDENTIAL"} {
		if strings.Contains(name, word) {
			return false
		}
	}
	return true
}
