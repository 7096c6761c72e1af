// Linux can exchange two folders in one rename (renameat2 with RENAME_EXCHANGE), so the target is
// never missing while a build is swapped in.

package emit

import "golang.org/x/sys/unix"

func exchange(a, b string) error {
	return unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
}
