// This file puts a finished build in place of the previous one, and tidies up after builds that
// were killed: a previous build that a kill left aside is put back, and the folders such builds
// left beside the target are removed at the next start.

package emit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The folders of a build of "build" are ".build.new-<random>" (the build being written) and, while
// the old one is swapped out without an atomic exchange, ".build.old-<the same random>".
const (
	newInfix = ".new-"
	oldInfix = ".old-"
)

// errKilled stops Commit at a test's chosen step as a kill would: nothing is tidied.
var errKilled = errors.New("stopped as if killed")

// swap puts the stage's folder in place of the target. build/ always holds a whole build: where
// the system can exchange two folders atomically (Linux), it does; elsewhere a kill between its two
// renames leaves the previous build aside, which the next build puts back (recoverAside).
func (s *Stage) swap() error {
	if reason := replaceable(s.dir); reason != nil {
		return &RefusedError{Out: s.dir, Reason: reason.Error()}
	}
	if !marked(s.dir) {
		// Absent or an empty folder (replaceable said so): there is no build to keep meanwhile.
		if err := os.Remove(s.dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("removing the empty folder: %w", err)
		}
		if err := os.Rename(s.tmp, s.dir); err != nil {
			return fmt.Errorf("putting the new build in place: %w", err)
		}
		return nil
	}
	if err := s.exchange(s.tmp, s.dir); err == nil {
		if s.killedAt("exchanged") {
			return errKilled
		}
		// The stage's folder now holds the previous build. The new one is in place, so failing
		// (or a kill) here only leaves a marked leftover, which the next build removes.
		os.RemoveAll(s.tmp)
		return nil
	}
	name := "." + filepath.Base(s.dir)
	aside := filepath.Join(filepath.Dir(s.dir), name+oldInfix+strings.TrimPrefix(filepath.Base(s.tmp), name+newInfix))
	// Held while the previous build is aside, so that another docsd starting now leaves it there.
	release, _ := tryLock(s.dir)
	defer release()
	if err := os.Rename(s.dir, aside); err != nil {
		return fmt.Errorf("moving the previous build aside: %w", err)
	}
	if s.killedAt("aside") {
		return errKilled
	}
	if err := os.Rename(s.tmp, s.dir); err != nil {
		if back := os.Rename(aside, s.dir); back != nil {
			return fmt.Errorf("putting the new build in place: %w (the previous build is in %s: %v)", err, aside, back)
		}
		return fmt.Errorf("putting the new build in place: %w", err)
	}
	os.RemoveAll(aside) // as above: at worst a leftover
	return nil
}

// killedAt asks the test hook whether to stop at step as a kill would.
func (s *Stage) killedAt(step string) bool {
	return s.stopAt != nil && s.stopAt(step)
}

// recoverAside puts back the previous build of dir when a kill left it aside and dir missing.
func recoverAside(dir string) error {
	if _, err := os.Lstat(dir); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	var newest string
	var newestTime int64
	for _, c := range leftovers(dir, oldInfix) {
		if st, err := os.Stat(c); err == nil && (newest == "" || st.ModTime().UnixNano() > newestTime) {
			newest, newestTime = c, st.ModTime().UnixNano()
		}
	}
	if newest == "" {
		return nil
	}
	release, ok := tryLock(newest)
	if !ok {
		return nil // its build is still running: it puts it back or replaces it itself
	}
	defer release()
	if err := os.Rename(newest, dir); err != nil {
		return fmt.Errorf("putting back the previous build from %s: %w", newest, err)
	}
	return nil
}

// removeLeftovers removes the folders that killed builds of dir left beside it. Only marked
// folders are touched, and not those whose build still runs (it holds their lock).
func removeLeftovers(dir string) {
	for _, c := range append(leftovers(dir, newInfix), leftovers(dir, oldInfix)...) {
		release, ok := tryLock(c)
		if !ok {
			continue
		}
		os.RemoveAll(c)
		release()
	}
}

// leftovers lists the marked folders beside dir named as builds of it name theirs (infix: newInfix
// or oldInfix).
func leftovers(dir, infix string) []string {
	parent, prefix := filepath.Dir(dir), "."+filepath.Base(dir)+infix
	entries, err := os.ReadDir(parent)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if p := filepath.Join(parent, e.Name()); strings.HasPrefix(e.Name(), prefix) && marked(p) {
			out = append(out, p)
		}
	}
	return out
}
