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
// being text, a credential pkg/secrets finds (a token, an AWS secret key; written with escapes or
// cut by a line break, FindUnescaped): copied as it is, it would be published with the site. It
// points at the secret and shows at most its first four characters. A file that cannot be read
// gets none: copying it says why. The credentials allow holds (a key the site publishes on
// purpose) are none.
func SecretWarning(s Source, allow secrets.Allow) *Error {
	f, err := os.OpenFile(s.Abs, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	defer f.Close()
	return SecretWarningIn(f, s.File(), allow)
}

// SecretWarningIn is SecretWarning of the open file f, read from where it is, named file.
func SecretWarningIn(f io.Reader, file string, allow secrets.Allow) *Error {
	head, err := io.ReadAll(io.LimitReader(f, keyHead))
	if err != nil {
		return nil
	}
	if at, found := privateKeyAt(head, allow); at >= 0 {
		line, col := position(head, at)
		msg := "holds a private key; not published"
		if found.Fingerprint != "" {
			msg += allowHint(found)
		}
		return &Error{File: file, Line: line, Column: col, Msg: msg}
	}
	// Binary files are not searched: a run of random bytes could take a token's shape.
	if bytes.IndexByte(head, 0) >= 0 {
		return nil
	}
	if found, line, col, ok := findInText(f, head, allow); ok {
		return &Error{File: file, Line: line, Column: col, Msg: "holds " + found.String() + "; not published" + allowHint(found)}
	}
	return nil
}

// findInText is the first credential of a text file, whose first keyHead bytes (or all of it) are
// head and whose rest r reads, with its line and column: it is searched keyHead at a time, each
// piece keeping the last one's tail. Past a NUL byte the file is taken as binary.
func findInText(r io.Reader, head []byte, allow secrets.Allow) (found secrets.Finding, line, col int, ok bool) {
	// head starts at offset base of the file, after lines line breaks, on the line starting at
	// lineStart.
	base, lines, lineStart := 0, 0, 0
	for {
		// As a page's (SecretError): a script's or a data file's string escapes are its text too.
		if found, ok := allow.FindUnescaped(head); ok {
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

// privateKeyAt is the offset of the first private key's opening line in data, or -1, with the
// key's finding when pkg/secrets knows it (its fingerprint): any block labelled a private key is
// one, whether its body decodes or not, but for a key allow holds.
func privateKeyAt(data []byte, allow secrets.Allow) (int, secrets.Finding) {
	if bytes.HasPrefix(data, []byte("PuTTY-User-Key-File-")) {
		return 0, secrets.Finding{}
	}
	for off := 0; ; {
		i := bytes.Index(data[off:], []byte("-----BEGIN "))
		if i < 0 {
			return -1, secrets.Finding{}
		}
		begin := off + i
		rest := data[begin+len("-----BEGIN "):]
		end := bytes.Index(rest, []byte("-----"))
		// The label is short, in capitals: "RSA PRIVATE KEY", "ENCRYPTED PRIVATE KEY", ….
		if end >= 0 && end <= 40 && pemLabel(rest[:end]) && bytes.HasSuffix(rest[:end], []byte("PRIVATE KEY")) {
			// The finding, if it is this block's: one after it is not this key's.
			found, _ := secrets.Find(data[begin:])
			if found.Offset != 0 || found.Kind != "a private key" {
				return begin, secrets.Finding{}
			}
			if !allow[found.Fingerprint] {
				return begin, found
			}
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
