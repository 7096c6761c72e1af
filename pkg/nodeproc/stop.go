// Package nodeproc holds what docsd's long-lived Node processes (the server renderers, pkg/ssr,
// and the MDX compilers, pkg/mdx) share when one of them stops: one way to say why, so a page
// that fails for it names the same cause whichever process it was sent to.
package nodeproc

import "strings"

// StopReason says why a process stopped: what it wrote on stderr, or, when it wrote nothing (a
// process killed — the kernel's out-of-memory killer sends no word — or one that exited on its
// own), how it ended (waitErr, exec.Cmd.Wait's error).
func StopReason(stderr string, waitErr error) string {
	why := strings.TrimSpace(stderr)
	if why != "" {
		return why
	}
	why = "it wrote nothing on stderr"
	if waitErr != nil {
		why = waitErr.Error() + ", " + why
	}
	return why
}
