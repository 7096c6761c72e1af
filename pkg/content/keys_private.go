package content

import (
	"bytes"
	"io"
	"os"
	"syscall"

	"docsd/pkg/secrets"
)

// keyHead is how much of a static file SecretWarning reads first: a key, or a certificate chain
// with its key, is a few kilobytes, as is a credentials file; an image or a download (binary) is
// not searched past it. A text file is searched to its end, keyHead at a time, each piece
// overlapping the last by keyOverlap, more than any credential's length (a PEM key in a JSON
// string, an AWS key id and its secret a few lines apart), so that none is cut in two unseen.
const (
	keyHead    = 64 << 10
	keyOverlap = 16 << 10
)

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
	if found, line, col, ok := findInText(f, head); ok {
		return &Error{File: s.File(), Line: line, Column: col, Msg: "holds " + found.String() + "; not published"}
	}
	return nil
}

// findInText is the first credential of a text file, whose first keyHead bytes (or all of it) are
// head and whose rest r reads, with its line and column: it is searched keyHead at a time, each
// piece keeping the last one's tail. Past a NUL byte the file is taken as binary.
func findInText(r io.Reader, head []byte) (found secrets.Finding, line, col int, ok bool) {
	// head starts at offset base of the file, after lines line breaks, on the line starting at
	// lineStart.
	base, lines, lineStart := 0, 0, 0
	for {
		if found, ok := secrets.Find(head); ok {
			line, col := position(head, found.Offset)
			if line == 1 {
				col += base - lineStart
			}
			return found, lines + line, col, true
		}
		if len(head) < keyHead {
			return secrets.Finding{}, 0, 0, false // the file's end
		}
		cut := len(head) - keyOverlap
		if nl := bytes.LastIndexByte(head[:cut], '\n'); nl >= 0 {
			lineStart = base + nl + 1
		}
		lines += bytes.Count(head[:cut], []byte("\n"))
		base += cut
		next := make([]byte, keyHead)
		copy(next, head[cut:])
		n, err := io.ReadFull(r, next[keyOverlap:])
		if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF || n == 0 || bytes.IndexByte(next[keyOverlap:keyOverlap+n], 0) >= 0 {
			return secrets.Finding{}, 0, 0, false
		}
		head = next[:keyOverlap+n]
	}
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
