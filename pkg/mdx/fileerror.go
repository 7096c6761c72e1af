package mdx

import "fmt"

// FileError is a mistake in a file the compiler's processes read for the bundler (a stylesheet,
// a component written in Flow): in File (absolute; for a stylesheet, the file loaded where the
// mistake is, which may not be the one compiled) at Line and Column (1-based; 0 when unknown).
type FileError struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *FileError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}
