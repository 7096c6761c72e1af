package content

import (
	"bytes"
	"io"
	"os"
	"syscall"
)

// keyHead is how much of a static file PrivateKeyWarning reads: a key, or a certificate chain
// with its key, is a few kilobytes; an image or a download is not searched to its end.
const keyHead = 64 << 10

// PrivateKeyWarning returns a warning when the static file s holds a private key (a PEM block
// "-----BEGIN … PRIVATE KEY-----", as ssh-keygen and openssl write them, or a PuTTY key file):
// copied as it is, it would be published with the site. It points at the key's first line. A file
// that cannot be read gets none: copying it says why.
func PrivateKeyWarning(s Source) *Error {
	f, err := os.OpenFile(s.Abs, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	defer f.Close()
	head, err := io.ReadAll(io.LimitReader(f, keyHead))
	if err != nil {
		return nil
	}
	at := privateKeyAt(head)
	if at < 0 {
		return nil
	}
	line := bytes.Count(head[:at], []byte("\n")) + 1
	col := at - (bytes.LastIndexByte(head[:at], '\n') + 1) + 1
	return &Error{File: s.File(), Line: line, Column: col, Msg: "holds a private key; not published"}
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
