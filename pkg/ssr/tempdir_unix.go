//go:build unix

package ssr

import (
	"errors"
	"os"
	"syscall"
)

// ended reports whether no process pid runs (kill(pid, 0) says ESRCH). A pid reused since is
// taken as running: its folder stays.
func ended(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}

// ownFolder reports whether dir is a folder of this user (a shared temporary folder holds other
// users' too).
func ownFolder(dir string) bool {
	fi, err := os.Lstat(dir)
	if err != nil || !fi.IsDir() {
		return false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}
