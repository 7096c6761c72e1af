// Package npm2yarn gives a block of npm commands as another package manager's, with npm-to-yarn,
// the library Docusaurus's npm2yarn remark plugin converts with, run in a Node process
// (site/tools/npm2yarn.mjs): a code block marked npm2yarn then shows in docsd the same Yarn, pnpm
// or Bun commands it shows in Docusaurus. The process starts with the first block to convert and
// lives as long as the Converter (a builder's: `docsd watch` keeps it between rebuilds).
package npm2yarn

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"sync"
	"time"

	"docsd/pkg/config"
	"docsd/pkg/nodeproc"
)

// Managers are the package managers npm-to-yarn converts npm commands for, as Docusaurus's plugin
// names them in its `converters` option (and docsd.toml's [markdown] npm2yarn).
var Managers = config.PackageManagers

// maxCached bounds the answers kept (bytes of code and answers): past it the cache starts again.
const maxCached = 8 << 20

// Converter converts with one Node process; it is safe for concurrent use (conversions are
// serialised: each is microseconds, and the answers are remembered).
type Converter struct {
	script string
	limit  time.Duration

	mu     sync.Mutex // guards everything below
	proc   *process
	cache  map[string]string
	cached int
}

type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	out    *bufio.Reader
	stderr *nodeproc.Stderr
}

// New makes a converter that runs script (site/tools/npm2yarn.mjs of the shell, with
// npm-to-yarn installed above it).
func New(script string) *Converter {
	// The limit of every Node process of docsd (DOCSD_NODE_TIMEOUT): a conversion is a few string
	// replacements, so only a process that stopped answering reaches it.
	return &Converter{script: script, limit: nodeproc.LimitOrDefault(os.Getenv), cache: map[string]string{}}
}

// Convert gives code, npm commands, as the package manager to (one of Managers) runs them.
func (c *Converter) Convert(code, to string) (string, error) {
	if !slices.Contains(Managers, to) {
		return "", fmt.Errorf("npm2yarn: %q is not a package manager npm-to-yarn converts for (%v)", to, Managers)
	}
	key := to + "\x00" + code
	c.mu.Lock()
	defer c.mu.Unlock()
	if out, ok := c.cache[key]; ok {
		return out, nil
	}
	out, err := c.ask(code, to)
	if err != nil {
		return "", err
	}
	if c.cached+len(key)+len(out) > maxCached {
		c.cache, c.cached = map[string]string{}, 0
	}
	c.cache[key] = out
	c.cached += len(key) + len(out)
	return out, nil
}

// ask sends one request and reads its answer, starting the process first when none runs; c.mu is
// held.
func (c *Converter) ask(code, to string) (string, error) {
	if c.proc == nil {
		p, err := c.start()
		if err != nil {
			return "", err
		}
		c.proc = p
	}
	p := c.proc
	req, err := json.Marshal(struct {
		Code string `json:"code"`
		To   string `json:"to"`
	}{code, to})
	if err != nil {
		return "", err
	}
	type reply struct {
		line []byte
		err  error
	}
	got := make(chan reply, 1)
	go func() {
		if _, err := p.stdin.Write(append(req, '\n')); err != nil {
			got <- reply{err: err}
			return
		}
		line, err := p.out.ReadBytes('\n')
		got <- reply{line, err}
	}()
	var r reply
	select {
	case r = <-got:
	case <-time.After(c.limit):
		c.stop()
		return "", fmt.Errorf("npm2yarn: the converter gave no answer in %s, so docsd stopped it", c.limit)
	}
	if r.err != nil {
		why := nodeproc.StopReason(p.stderr.String(), p.cmd.Wait())
		c.proc = nil
		return "", fmt.Errorf("npm2yarn: the converter stopped: %s", why)
	}
	var a struct {
		Out   *string `json:"out"`
		Error string  `json:"error"`
	}
	if err := json.Unmarshal(r.line, &a); err != nil {
		return "", fmt.Errorf("npm2yarn: reading the converter's answer: %w", err)
	}
	if a.Out == nil {
		return "", fmt.Errorf("npm2yarn: converting for %s: %s", to, a.Error)
	}
	return *a.Out, nil
}

// start runs the Node process; c.mu is held.
func (c *Converter) start() (*process, error) {
	if _, err := os.Stat(c.script); err != nil {
		return nil, fmt.Errorf("npm2yarn: the converter is missing: %w", err)
	}
	p, err := nodeproc.Start("npm2yarn: converting npm commands", "npm2yarn's converter", nil, c.script)
	if err != nil {
		return nil, err
	}
	return &process{cmd: p.Cmd, stdin: p.Stdin, out: bufio.NewReader(p.Stdout), stderr: p.Stderr}, nil
}

// stop ends the process, if one runs; c.mu is held.
func (c *Converter) stop() {
	if c.proc == nil {
		return
	}
	_ = c.proc.stdin.Close()
	_ = c.proc.cmd.Process.Kill()
	_ = c.proc.cmd.Wait()
	c.proc = nil
}

// SetLimit sets how long one conversion may take before the process is stopped (tests).
func (c *Converter) SetLimit(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.limit = d
}

// Close stops the process; the converter starts another if asked again.
func (c *Converter) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stop()
	return nil
}
