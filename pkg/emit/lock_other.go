//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris)

// Without flock, every folder counts as free: a leftover is removed at the next start, and so
// would be the folder of a build of the same target running at that moment (which then fails).

package emit

const flockable = false

func tryLock(dir string) (release func(), ok bool) { return func() {}, true }
