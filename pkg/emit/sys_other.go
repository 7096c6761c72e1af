//go:build !linux

// Elsewhere there is no atomic exchange of two folders: Commit falls back to two renames.

package emit

import "errors"

func exchange(a, b string) error { return errors.ErrUnsupported }
