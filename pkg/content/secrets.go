package content

import "docsd/pkg/secrets"

// allowHint is what a credential's error says of the site's allow-list (docsd.toml's [secrets]
// allow), with the credential's fingerprint: the way forward for a key published on purpose.
func allowHint(f secrets.Finding) string {
	return "; if it is published on purpose (an example key), add \"" + f.Fingerprint + "\" to allow in docsd.toml's [secrets] table"
}

// SecretError returns an error when raw, a source whose text docsd publishes (a page, a category
// or authors file), holds a credential (pkg/secrets): its text would reach the page's HTML, its
// page data, the search index and the Markdown copies. The error names the kind of credential at
// its line and column and shows at most its first four characters, never the rest. A credential
// written with Markdown's backslash escapes (`ghp\_…`) or HTML's character references, or cut by a
// soft line break, is one: the reader sees it whole. A credential allow holds is none.
func SecretError(file string, raw []byte, allow secrets.Allow) *Error {
	f, ok := allow.FindUnescaped(raw)
	if !ok {
		return nil
	}
	line, col := position(raw, f.Offset)
	return &Error{File: file, Line: line, Column: col,
		Msg: "holds " + f.String() + ", which the built site would publish: remove it (write a placeholder such as <token>) and revoke it" + allowHint(f)}
}
