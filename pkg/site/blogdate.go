// A blog post with neither a `date:` nor a date in its file name is dated as Docusaurus dates it:
// by the commit that added the file when the project is in git, else by the file's modification
// time (Docusaurus takes its creation time, which Go cannot read portably).

package site

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// fileDate is the date of the file at abs: the committer date of the commit that added it (git log
// --follow --diff-filter=A, as Docusaurus asks), else its modification time.
func fileDate(abs string) (time.Time, error) {
	if t, ok := gitAddedDate(abs); ok {
		return t, nil
	}
	st, err := os.Stat(abs)
	if err != nil {
		return time.Time{}, fmt.Errorf("reading the date of %s: %w", abs, err)
	}
	return st.ModTime().UTC(), nil
}

// gitAddedDate asks git for the commit that added the file; false when git is missing, the file is
// in no repository or not committed yet.
func gitAddedDate(abs string) (time.Time, bool) {
	// A bound, not a timing: a git that hangs (a lock, a network file system) must not stop the build.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "log", "--max-count=1", "--follow", "--diff-filter=A", "--format=%ct", "--", filepath.Base(abs))
	cmd.Dir = filepath.Dir(abs)
	out, err := cmd.Output()
	if err != nil {
		return time.Time{}, false
	}
	secs, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(secs, 0).UTC(), true
}
