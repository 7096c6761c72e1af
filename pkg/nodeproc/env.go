package nodeproc

import "strings"

// Env is docsd's environment for a Node process that opens no network connection (the MDX
// compiler, the server renderers): without NODE_EXTRA_CA_CERTS. Node reads and parses the
// certificates that variable names when it starts, whether or not the process ever opens a TLS
// connection: with the system's bundle (/etc/ssl/certs, as this project's machines set it) that
// was 25-50 ms of CPU per start, a third of the compiler's, and every build starts renderers.
func Env(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if !strings.HasPrefix(kv, "NODE_EXTRA_CA_CERTS=") {
			out = append(out, kv)
		}
	}
	return out
}
