package watch

// A batch goes out only once its files stand still. Saving in place (os.WriteFile, Node's
// writeFileSync, many editors) truncates the file and then writes it: two events, and on a busy
// machine a writer descheduled between them leaves the file empty, or half written, for longer
// than the quiet period. A build that reads it then serves a page that never existed, warns about
// its links, and for an MDX page bundles it without its imports: the shell's entry moves and every
// open page reloads, twice (the session 13 audit). So when a quiet period ends the watcher looks at
// the batch's files (size, modification time) and hands the batch over only when a second, short
// quiet period (1 ms: every edit waits for it) finds them as they were; an event meanwhile starts
// over. A file found empty holds the
// batch a while longer (emptyHold quiet periods): an empty file is most often a save between its
// truncation and its write, and rarely what a writer means to build; if it stays empty it is built
// empty all the same. A writer stalled longer than that, or one stalled half-way through its bytes,
// is not caught: that needs the close of the file, which fsnotify does not report portably. Nothing
// is lost then: the rest of the write is an event of the same file, whose rebuild serves it whole
// (pkg/devserver's TestSaveInTwoBurstsWithAPauseConverges).

import (
	"maps"
	"os"
)

// emptyHold is how many more quiet periods a batch with an empty file waits for its write (40 × 5 ms).
const emptyHold = 40

// stamp is what the watcher compares of a file between two quiet periods.
type stamp struct {
	exists, dir bool
	size        int64
	mtime       int64 // nanoseconds
}

// look is the batch's files as one quiet period's end found them.
type look struct {
	stamps map[string]stamp
	empty  bool // a file of the batch is empty
	waited int  // quiet periods the batch has waited since its first look
}

// look stats the files of pending; last is the previous look at the same pending changes (nil at
// the end of the first quiet period).
func (w *Watcher) look(pending map[string]bool, last *look) *look {
	l := &look{stamps: make(map[string]stamp, len(pending))}
	if last != nil {
		l.waited = last.waited + 1
	}
	for p := range pending {
		st, err := os.Stat(p)
		switch {
		case err != nil:
			l.stamps[p] = stamp{}
		case st.IsDir():
			l.stamps[p] = stamp{exists: true, dir: true}
		default:
			l.stamps[p] = stamp{exists: true, size: st.Size(), mtime: st.ModTime().UnixNano()}
			l.empty = l.empty || st.Size() == 0
		}
	}
	return l
}

// stable reports whether the batch may go out: its files are as the last look found them, and
// none is empty unless it has been so for hold quiet periods.
func (l *look) stable(last *look, hold int) bool {
	if last == nil || !maps.Equal(l.stamps, last.stamps) {
		return false
	}
	return !l.empty || l.waited > hold
}
