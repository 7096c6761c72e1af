package secrets

import "bytes"

// awsNear is how far from an access key id its secret key is looked for: a credentials file, an
// environment block or a table puts the two within a few lines.
const awsNear = 400

// awsSecret finds an AWS secret access key: 40 characters of base64's alphabet, random, with
// capitals, small letters and digits, beside an access key id (AKIA… or ASIA…, 16 random base32
// characters) or on a line naming it (aws_secret_access_key, SecretAccessKey). An access key id
// alone is an account's identifier, not a secret: AWS's documentation prints them.
func awsSecret(data []byte) (Finding, bool) {
	best, has := Finding{}, false
	// "IA" once rather than "AKIA" and "ASIA" apart: each pass stops at every capital A.
	for off := 0; ; {
		i := bytes.Index(data[off:], []byte("IA"))
		if i < 0 {
			break
		}
		at := off + i - 2
		off += i + 1
		if at < 0 || data[at] != 'A' || data[at+1] != 'K' && data[at+1] != 'S' || at > 0 && word(data[at-1]) {
			continue
		}
		id := at + 4
		if run(data, id, base32) != 16 || !ended(data, id+16) || !random(data[id:id+16], 4) {
			continue
		}
		lo, hi := max(at-awsNear, 0), min(id+16+awsNear, len(data))
		// Whole words only: a longer run cut by the window is no key.
		for lo > 0 && b64(data[lo-1]) {
			lo--
		}
		for hi < len(data) && b64(data[hi]) {
			hi++
		}
		if k := awsKeyIn(data[lo:hi]); k >= 0 {
			key := lo + k
			best, has = Finding{Kind: "an AWS access key with its secret key", Offset: at, Prefix: string(data[at : at+4]),
				Fingerprint: fingerprint(data[key : key+40]), from: key, end: key + 40}, true
			break
		}
	}
	for _, name := range awsKeyNames {
		for off := 0; ; {
			i := bytes.Index(data[off:], []byte(name.tail))
			if i < 0 {
				break
			}
			at := off + i - len(name.head)
			off += i + 1
			if at < 0 || string(data[at:at+len(name.head)]) != name.head {
				continue
			}
			end := bytes.IndexByte(data[at:], '\n')
			if end < 0 {
				end = len(data) - at
			}
			if k := awsKeyIn(data[at : at+end]); k >= 0 && (!has || at+k < best.Offset) {
				key := at + k
				best, has = Finding{Kind: "an AWS secret access key", Offset: key, Fingerprint: fingerprint(data[key : key+40]), from: key, end: key + 40}, true
				break
			}
		}
	}
	return best, has
}

// awsKeyNames are the spellings of the secret key's name in credentials files, environment
// variables and JSON (aws_secret_access_key is found as secret_access_key), each searched by its
// tail, whose first character is rarer than an s.
var awsKeyNames = []struct{ head, tail string }{
	{"secret", "_access_key"}, {"SECRET", "_ACCESS_KEY"}, {"Secret", "AccessKey"}, {"secret", "AccessKey"},
}

// awsKeyIn is the offset of the first secret access key in data, or -1.
func awsKeyIn(data []byte) int {
	for i := 0; i < len(data); {
		n := run(data, i, b64)
		if n == 40 && (i+n == len(data) || data[i+n] != '=') { // not a longer base64 text's end
			k := data[i : i+n]
			if bytes.ContainsAny(k, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && bytes.ContainsAny(k, "abcdefghijklmnopqrstuvwxyz") &&
				bytes.ContainsAny(k, "0123456789") && random(k, 4) {
				return i
			}
		}
		i += n + 1
	}
	return -1
}

func base32(c byte) bool { return c >= 'A' && c <= 'Z' || c >= '2' && c <= '7' }
func b64(c byte) bool    { return alnum(c) || c == '+' || c == '/' }
