package mdx

// The compiler's Node processes. A build sends every MDX page at once, and one process compiles
// one file at a time: with a single process, every page's compile waited in one queue on one core
// while the other core had little to do (the pages' own builds are cheap), and no MDX page could
// render before the last was compiled. So requests go to the process with the fewest waiting, and
// a new process starts when each running one has a request waiting, up to one per core (at most
// maxProcesses), and only while the machine has a core to spare (idlecores.go): each process
// warms up its own JIT (two processes compiling typescript-eslint's 163 MDX files took 2.0-2.2 s of CPU against
// 1.7 s for one), which only pays when the second runs on a core that would otherwise be idle; on
// a machine already busy (load 13-15 on 2 cores) two processes built no faster and used 0.2-0.6 s
// more CPU. An edit in docsd watch compiles one page at a time, so it keeps to one process. Each
// process is stateless between requests: any of them gives the same answer.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"docsd/pkg/nodeproc"
)

// maxProcesses bounds the pool whatever the core count: each process holds the compiler (about
// 60 MB) and warms up its own JIT.
const maxProcesses = 4

// poolSize is how many compiler processes may run on a machine with cores cores.
func poolSize(cores int) int {
	return min(max(cores, 1), maxProcesses)
}

// proc is one Node process of the compiler.
type proc struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	// writing is held while one request is written: never c.mu, which the reader needs to hand
	// out answers. A request written under c.mu deadlocked a build of 608 pages: Node, blocked
	// writing an answer the reader had not taken, read no more input, and the write waited on it.
	writing sync.Mutex
	waiting map[int64]chan answer // requests sent, by id, not yet answered
	dead    error                 // why it stopped, once it has
	exited  chan struct{}
	// inputClosed is set when docsd stopped a process that no longer read its input.
	inputClosed atomic.Bool
	// watch stops the process once it has answered nothing for the compiler's limit; stalled is
	// then set (guarded by c.mu).
	watch   *nodeproc.Watchdog
	limit   time.Duration
	stalled bool
}

// The ids of the answers read gives the requests still waiting when a process stops.
const (
	stoppedID = -1 // the process stopped: the request fails with why
	retryID   = -2 // it was stopped for another request that hung: send this one again
	hungID    = -3 // it was stopped because this request hung
)

// hungError is a request that passed the compiler's limit; Compile and Sass put it at its file.
type hungError struct{ msg string }

func (e *hungError) Error() string { return e.msg }

// choose is the index of the process for the next request, given how many requests wait on each
// running process: the first with the fewest, or len(waiting) (start one more) when every one
// has some and fewer than limit run.
func choose(waiting []int, limit int) int {
	best := -1
	for i, n := range waiting {
		if best < 0 || n < waiting[best] {
			best = i
		}
	}
	if best < 0 || waiting[best] > 0 && len(waiting) < limit {
		return len(waiting)
	}
	return best
}

// pick is the process for the next request, started if needed; c.mu is held. A process that
// stopped fails every later request, as the compiler's one process did, until ForgetStopped: a
// compiler that cannot run fails a build once, not once per page.
func (c *Compiler) pick() (*proc, int, error) {
	waiting := make([]int, len(c.procs))
	for i, p := range c.procs {
		if p.dead != nil {
			return nil, 0, p.dead
		}
		waiting[i] = len(p.waiting)
	}
	limit := c.max
	if len(c.procs) > 0 && !c.spare() {
		limit = len(c.procs) // no core to spare: no more processes
	}
	i := choose(waiting, limit)
	if i == len(c.procs) {
		p, err := c.startProc()
		if err != nil {
			return nil, 0, err
		}
		c.procs = append(c.procs, p)
	}
	return c.procs[i], i, nil
}

// ForgetStopped drops the processes that stopped (killed for memory, crashed), so that the next
// request starts another. A builder calls it as each build starts: docsd watch, which keeps its
// compiler, failed every MDX page and Sass stylesheet of every later build once one had stopped.
func (c *Compiler) ForgetStopped() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.procs = slices.DeleteFunc(c.procs, func(p *proc) bool { return p.dead != nil })
}

// call sends one request and waits for its answer, starting a process if needed. A request that
// was waiting on a process stopped for another's hanging is sent again to a fresh process.
func (c *Compiler) call(req request) (answer, error) {
	for {
		a, err := c.callOnce(req)
		if err != nil || a.ID != retryID {
			return a, err
		}
	}
}

// callOnce sends one request to one process.
func (c *Compiler) callOnce(req request) (answer, error) {
	ch := make(chan answer, 1)
	c.mu.Lock()
	p, i, err := c.pick()
	if err != nil {
		c.mu.Unlock()
		return answer{}, err
	}
	c.next++
	req.ID = c.next
	line, err := json.Marshal(req)
	if err != nil {
		c.mu.Unlock()
		return answer{}, err
	}
	p.waiting[req.ID] = ch
	if len(p.waiting) == 1 {
		p.watch.Busy()
	}
	sent := c.onSend
	c.mu.Unlock()
	p.writing.Lock()
	_, err = p.stdin.Write(append(line, '\n'))
	p.writing.Unlock()
	if err != nil {
		// The process stopped, or closed its input: its reader says why once it has exited
		// (nodeproc.AwaitExit stops one that keeps running without reading).
		nodeproc.AwaitExit(p.exited, func() {
			p.inputClosed.Store(true)
			_ = p.cmd.Process.Kill()
		})
		select {
		case a := <-ch:
			if a.ID == retryID {
				return a, nil // stopped for another request: this one goes again
			}
		default:
		}
		return answer{}, fmt.Errorf("compiling %s: %w", req.File, p.dead)
	}
	if sent != nil {
		sent(i)
	}
	a := <-ch
	switch a.ID {
	case retryID:
		return a, nil
	case hungID:
		return answer{}, &hungError{msg: nodeproc.Hung("compiling", p.limit)}
	case stoppedID:
		return answer{}, fmt.Errorf("compiling %s: %s", req.File, a.Error.Message)
	}
	return a, nil
}

// stall stops p, which has answered nothing for the limit: the request it works on fails, the
// others waiting on it go to a fresh process (read), and later requests start one (p leaves
// c.procs at once).
func (c *Compiler) stall(p *proc) {
	c.mu.Lock()
	if len(p.waiting) == 0 {
		c.mu.Unlock()
		return
	}
	p.stalled = true
	c.procs = slices.DeleteFunc(c.procs, func(q *proc) bool { return q == p })
	c.mu.Unlock()
	_ = p.cmd.Process.Kill()
}

// interruptBudget delays V8's optimizing compiler until a function has run about 8 times as
// much as by default. The compiler process lives for one build and most of its CPU was TurboFan
// compiling functions that warm up during the first pages: this cut the CPU of compiling 100
// pages from about 1.0 s to 0.7 s and of 400 pages from 2.0-2.4 s to 1.9 s (what stays hot
// is still optimized; `--no-opt` was as fast at 100 pages and slower at 400).
const interruptBudget = "--interrupt-budget=1000000"

// startProc runs one Node process; c.mu is held.
func (c *Compiler) startProc() (*proc, error) {
	if _, err := os.Stat(c.script); err != nil {
		return nil, fmt.Errorf("the MDX compiler is missing: %w", err)
	}
	args := []string{interruptBudget, c.script}
	runner := filepath.Join(filepath.Dir(c.script), "run.cjs")
	if _, err := os.Stat(runner); err == nil {
		if bundled, err := bundledScript(c.script); err == nil && bundled != "" {
			// The bundled copy, run by run.cjs from V8's code cache.
			args = []string{interruptBudget, runner, bundled}
		}
	} // else the script as it is (a shell folder without run.cjs, or no record of the packages):
	// slower to start, same answers
	np, err := nodeproc.Start("compiling MDX", "the MDX compiler", nil, args...)
	if err != nil {
		return nil, err
	}
	p := &proc{cmd: np.Cmd, stdin: np.Stdin, waiting: map[int64]chan answer{}, exited: make(chan struct{})}
	p.limit = c.limit
	p.watch = nodeproc.NewWatchdog(p.limit, func(time.Duration) { c.stall(p) })
	go c.read(p, np.Stdout, np.Stderr)
	return p, nil
}

// read hands each answer of p to its request; once p stops, it fails the requests still waiting.
func (c *Compiler) read(p *proc, stdout io.Reader, stderr *nodeproc.Stderr) {
	in := bufio.NewReaderSize(stdout, 1<<16)
	for {
		line, err := in.ReadBytes('\n')
		if err != nil {
			break
		}
		var a answer
		if err := json.Unmarshal(line, &a); err != nil {
			continue
		}
		c.mu.Lock()
		ch := p.waiting[a.ID]
		delete(p.waiting, a.ID)
		p.watch.Answered(len(p.waiting))
		c.mu.Unlock()
		if ch != nil {
			ch <- a
		}
	}
	waitErr := p.cmd.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	why := nodeproc.StopReason(stderr.String(), waitErr)
	if p.inputClosed.Load() {
		why = "it closed its input but kept running, so docsd stopped it"
	}
	p.dead = fmt.Errorf("the MDX compiler stopped: %s", why)
	p.watch.Idle()
	// The request it was working on when it was stopped for the limit is the oldest still
	// waiting once its output is read to the end: it answers in order, each answer written whole
	// before the next request (compile.mjs's blocking writes).
	var hung int64
	if p.stalled {
		hung = nodeproc.Oldest(p.waiting)
	}
	for id, ch := range p.waiting {
		switch {
		case hung == 0:
			ch <- answer{ID: stoppedID, Error: &answerError{Message: p.dead.Error()}}
		case id == hung:
			ch <- answer{ID: hungID}
		default:
			ch <- answer{ID: retryID}
		}
		delete(p.waiting, id)
	}
	close(p.exited)
}

// Close stops the Node processes and waits for them. A process with no request waiting ends by
// itself once its input is closed: that is when run.cjs writes V8's code cache, at most once per
// process and never while an answer is awaited (nodeproc.ExitGrace bounds the wait). One with
// requests waiting (a build that failed or stopped early) is killed: its answers are not wanted.
func (c *Compiler) Close() {
	c.mu.Lock()
	procs := c.procs
	for _, p := range procs {
		_ = p.stdin.Close()
		if len(p.waiting) > 0 {
			_ = p.cmd.Process.Kill()
		}
	}
	c.mu.Unlock()
	for _, p := range procs {
		nodeproc.AwaitExit(p.exited, func() { _ = p.cmd.Process.Kill() })
	}
}
