package nodeproc

import "time"

// ExitGrace is how long a process whose input can no longer be written has to exit by itself
// (and say why on stderr) before it is stopped.
const ExitGrace = 2 * time.Second

// AwaitExit waits for a process after a write to its stdin failed: exited is closed once it has
// exited and been waited for. Usually it has exited, or is exiting, and its reader records why. A
// process that closed its input but keeps running would be waited for forever, hanging a build or
// the daemon, so after ExitGrace stop is called (it should kill the process and note why) and the
// wait goes on until exited. It reports whether stop was called.
func AwaitExit(exited <-chan struct{}, stop func()) bool {
	select {
	case <-exited:
		return false
	case <-time.After(ExitGrace):
	}
	stop()
	<-exited
	return true
}
