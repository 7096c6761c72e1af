package secrets

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// Allow is a site's list of the credentials it publishes on purpose (docsd.toml's [secrets]
// allow): the example private keys and tokens of a product's own docs, which its readers are
// meant to copy. It holds fingerprints, never the credentials, so that the list is no leak; a
// credential whose fingerprint it holds is not a finding. The nil Allow allows none.
type Allow map[string]bool

// fingerprint is how a credential is named in an Allow: "sha256:" and the hex SHA-256 of it.
func fingerprint(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// CheckFingerprint reports why s is not a fingerprint as Finding.Fingerprint writes them
// ("sha256:" and 64 small hex digits), or nil.
func CheckFingerprint(s string) error {
	const head = "sha256:"
	if len(s) != len(head)+64 || s[:len(head)] != head {
		return fmt.Errorf("%q is not a fingerprint: want \"sha256:\" and 64 hex digits, as the build's error prints it", s)
	}
	for _, c := range []byte(s[len(head):]) {
		if !digit(c) && !(c >= 'a' && c <= 'f') {
			return fmt.Errorf("%q is not a fingerprint: want 64 small hex digits (0-9, a-f) after \"sha256:\"", s)
		}
	}
	return nil
}

// Find is the first credential in data that a does not allow. Each allowed one is blanked in a
// copy of data and the copy searched again, so that a credential after it is still found.
func (a Allow) Find(data []byte) (Finding, bool) {
	copied := false
	for {
		f, ok := Find(data)
		if !ok || !a[f.Fingerprint] {
			return f, ok
		}
		if !copied {
			data, copied = bytes.Clone(data), true
		}
		for i := f.from; i < f.end; i++ {
			data[i] = ' ' // no credential's character: what was glued to it stays apart
		}
	}
}
