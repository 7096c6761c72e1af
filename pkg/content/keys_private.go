package content

import (
	"bytes"
	"io"
	"os"
	"syscall"

	"docsd/pkg/secrets"
)

// keyHead is how much of a static file SecretWarning reads: a key, or a certificate chain with
// its key, is a few kilobytes, as is a credentials file; an image or a download is not searched to
// its end.
const keyHead = 64 << 10

// SecretWarning returns a warning when the static file s holds a private key (a PEM block
// "-----BEGIN … PRIVATE KEY-----", as ssh-keygen and openssl write them, or a PuTTY key file) or,
// being text, a credential pkg/secrets finds (a token, an AWS secret key): copied as it is, it
// would be published with the site. It points at the secret and shows at most its first four
// characters. A file that cannot be read gets none: copying it says why.
func SecretWarning(s Source) *Error {
	f, err := os.OpenFile(s.Abs, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	defer f.Close()
	head, err := io.ReadAll(io.LimitReader(f, keyHead))
	if err != nil {
		return nil
	}
	if at := privateKeyAt(head); at >= 0 {
		line, col := position(head, at)
		return &Error{File: s.File(), Line: line, Column: col, Msg: "holds a private key; not published"}
	}
	// Binary files are not searched: a run of random bytes could take a token's shape.
	if bytes.IndexByte(head, 0) >= 0 {
		return nil
	}
	if f, ok := secrets.Find(head); ok {
		line, col := position(head, f.Offset)
		return &Error{File: s.File(), Line: line, Column: col, Msg: "holds " + f.String() + "; not published"}
	}
	return nil
}

// privateKeyAt is the offset of the first private key's opening line in data, or -1.
func privateKeyAt(data []byte) int {
	if bytes.HasPrefix(data, []byte("PuTTY-User-Key-File-")) {
		return 0
	}
	for off := 0; ; {
		i := bytes.Index(data[off:], []byte("-----BEGIN "))
		if i < 0 {
			return -1
		}
		begin := off + i
		rest := data[begin+len("-----BEGIN "):]
		end := bytes.Index(rest, []byte("-----"))
		// The label is short, in capitals: "RSA PRIVATE KEY", "ENCRYPTED PRIVATE KEY", ….
		if end >= 0 && end <= 40 && pemLabel(rest[:end]) && bytes.HasSuffix(rest[:end], []byte("PRIVATE KEY")) {
			return begin
		}
		off = begin + 1
	}
}

// pemLabel says whether b may be a PEM block's label: capitals, digits and spaces.
func pemLabel(b []byte) bool {
	for _, c := range b {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == ' ') {
			return false
		}
	}
	return true
}
