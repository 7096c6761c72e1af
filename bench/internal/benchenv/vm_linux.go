package benchenv

import "golang.org/x/sys/unix"

// kcmpVM is KCMP_VM of <linux/kcmp.h>: compare two processes' address spaces.
const kcmpVM = 1

// sharesMemory says whether two processes use one address space (kcmp(2)): a child between its
// vfork and its exec. When the kernel cannot tell, they do not.
func sharesMemory(a, b int) bool {
	r, _, errno := unix.Syscall6(unix.SYS_KCMP, uintptr(a), uintptr(b), kcmpVM, 0, 0, 0)
	return errno == 0 && r == 0
}
