//go:build unix

// The open-file limit bounds how many connections docsd serve can hold (httpserver.go).
package server

import "syscall"

// openFileLimit is the soft limit on open files (Go raises it to the hard limit at start).
func openFileLimit() int {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur > 1<<20 {
		return 1 << 20
	}
	return int(rl.Cur)
}
