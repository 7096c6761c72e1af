package content

import "docsd/pkg/secrets"

// SecretError returns an error when raw, a source whose text docsd publishes (a page, a category
// or authors file), holds a credential (pkg/secrets): its text would reach the page's HTML, its
// page data, the search index and the Markdown copies. The error names the kind of credential at
// its line and column and shows at most its first four characters, never the rest. A credential
// written with Markdown's backslash escapes (`ghp\_…`) is one: the reader sees it whole.
func SecretError(file string, raw []byte) *Error {
	f, ok := secrets.FindUnescaped(raw)
	if !ok {
		return nil
	}
	line, col := position(raw, f.Offset)
	return &Error{File: file, Line: line, Column: col,
		Msg: "holds " + f.String() + ", which the built site would publish: remove it (write a placeholder such as <token>) and revoke it"}
}
