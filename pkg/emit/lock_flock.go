//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris

// A build holds an flock on its folders while it runs. The system drops it when the process ends,
// however it ends, so a folder whose lock is free belongs to no running build: it is a leftover.

package emit

import (
	"os"

	"golang.org/x/sys/unix"
)

// flockable: locks hold between processes here.
const flockable = true

// tryLock takes dir's lock if nobody holds it; release gives it back.
func tryLock(dir string) (release func(), ok bool) {
	f, err := os.Open(dir)
	if err != nil {
		return func() {}, false
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		return func() {}, false
	}
	return func() { f.Close() }, true
}
