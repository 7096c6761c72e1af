// Package ssr renders pages with the shell's React components in a long-lived Node process, so that
// every HTML file already holds the page a browser will hydrate. Requests are JSON lines on the
// process's stdin (an MDX page's module, mdxBytes long, right after its line, then the markup of
// its run placeholders, as long as the line's mdxMarkup says); each answer on stdout is a line
// "<id> <length>" (or "<id> E <length>" for an error) followed by that many bytes of HTML (or
// error text), so neither side encodes the HTML as JSON. Several requests are in flight at once.
package ssr

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"docsd/pkg/nodeproc"
)

// Request is one page to render. Site data and sidebars are the same for many pages: each is sent
// to the process once under its key (which must change when its content does) and cached there.
type Request struct {
	URL        string          `json:"url"`
	SiteKey    string          `json:"siteKey"`
	Site       json.RawMessage `json:"site,omitempty"`
	Page       json.RawMessage `json:"page"`
	SidebarKey string          `json:"sidebarKey,omitempty"`
	Sidebar    json.RawMessage `json:"sidebar,omitempty"`
	// MDXKey ("<page id>-<hash>") and MDX, the module of an MDX page (pkg/bundle builds it apart
	// from the server bundle): sent once per key like the site and sidebar, so an edited page
	// reaches the running process without a restart.
	MDXKey string `json:"mdxKey,omitempty"`
	MDX    string `json:"mdx,omitempty"`
	// MDXMarkup is what the module's run placeholders stand for (pkg/mdx's serverruns.go), sent
	// after it with the module, each piece as its bytes.
	MDXMarkup []string `json:"-"`
	// Excerpt asks for the excerpt of an MDX blog post (what comes before its truncate marker)
	// instead of its page.
	Excerpt bool `json:"excerpt,omitempty"`
}

type answer struct {
	ID          int64
	HTML, Error string // the process's answer: the page, or the error it rendered with
	Stopped     error  // the process stopped before answering
	// Again: the process was stopped because another page's render hung; this page goes to a
	// fresh process (Pool.Render).
	Again bool
}

// errAgain is Renderer.Render's error for a page that goes to a fresh process (answer.Again).
var errAgain = errors.New("the server renderer was stopped because another page's render hung")

// Renderer is one Node process running the server bundle.
type Renderer struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	mu      sync.Mutex // guards next, waiting, sent, queue, dead and hungLimit
	next    int64
	waiting map[int64]chan answer
	sent    map[string]bool // site and sidebar keys the process already holds
	// queue holds the requests not yet written, in the order of their ids, for write; wake tells
	// it there are some.
	queue  [][]byte
	wake   chan struct{}
	dead   error
	dir    string
	exited chan struct{} // closed once the process has exited and been waited for
	// inputClosed is set when docsd stopped a process that no longer read its input.
	inputClosed atomic.Bool
	stopped     atomic.Bool // Stop (or Close) was called
	// watch stops the process once it has answered nothing for the limit (nodeproc.Limit):
	// hungLimit is then the limit it passed (guarded by mu), and stalled says the Pool replaces it.
	watch     *nodeproc.Watchdog
	hungLimit time.Duration
	stalled   atomic.Bool
}

// OneBuildFlag is Node's flag for a renderer that lives for one build (docsd build --once). V8
// optimises a function with TurboFan, on threads beside the one rendering, once the function has
// used up its interrupt budget (66 KB of bytecode run, by default); a renderer of one build that
// hands the optimiser fifteen times less work spends about a tenth less CPU on the Vela site's
// 325 pages (React's hot paths still reach TurboFan), and the build's other core goes to docsd
// (BENCHMARKS.md, "Session 16: fixed16"). A renderer that runs all day (docsd watch) keeps V8's
// default: it renders few pages per edit and should have them optimised early.
const OneBuildFlag = "--interrupt-budget=1000000"

// Start writes the server bundle to a temporary folder and starts Node on it, with nodeFlags
// before the script.
func Start(bundle []byte, nodeFlags ...string) (*Renderer, error) {
	dir, err := makeTempDir()
	if err != nil {
		return nil, err
	}
	file := filepath.Join(dir, "ssr.cjs")
	if err := os.WriteFile(file, bundle, 0o644); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	r, err := spawn(dir, append(append([]string(nil), nodeFlags...), file))
	if err != nil {
		_ = os.RemoveAll(dir)
	}
	return r, err
}

// spawn starts Node with args; dir is the renderer's temporary folder, removed by Close.
func spawn(dir string, args []string) (*Renderer, error) {
	p, err := nodeproc.Start("server rendering", "the server renderer", []string{"NODE_ENV=production"}, args...)
	if err != nil {
		return nil, err
	}
	r := &Renderer{cmd: p.Cmd, stdin: p.Stdin, waiting: map[int64]chan answer{}, sent: map[string]bool{}, dir: dir,
		wake: make(chan struct{}, 1), exited: make(chan struct{})}
	r.watch = nodeproc.NewWatchdog(nodeproc.LimitOrDefault(os.Getenv), r.stall)
	go r.read(p.Stdout, p.Stderr)
	go r.write()
	return r, nil
}

// write writes the queued requests to the process's input, in order, on a goroutine of its own
// that holds no lock while it writes: the reader needs r.mu to hand out answers, and Node, which
// writes each answer whole before it reads more input (entry-server.jsx), waits for the reader. A
// request written under r.mu deadlocked on a page with a large answer: the write waited for Node,
// Node for the reader, the reader for r.mu. It ends when the process has exited, or when a write
// fails: the process stopped or closed its input, and its reader fails the pages waiting, with
// why, once it has exited.
func (r *Renderer) write() {
	for {
		select {
		case <-r.wake:
		case <-r.exited:
			return
		}
		r.mu.Lock()
		lines := r.queue
		r.queue = nil
		r.mu.Unlock()
		for i, line := range lines {
			if _, err := r.stdin.Write(line); err != nil {
				r.awaitExitAfterFailedWrite()
				return
			}
			lines[i] = nil // a page's data is not kept until the rest are written
		}
	}
}

// encodeRequest writes a request as one JSON line, and an MDX page's module after it. The page,
// site and sidebar are JSON already (one line each, as encoding/json writes it) and go in as they
// are.
func encodeRequest(id int64, req Request) ([]byte, error) {
	markup := 0
	if req.MDX != "" {
		for _, m := range req.MDXMarkup {
			markup += len(m)
		}
	}
	var b bytes.Buffer
	// Sized once: growing it by doubling copied a page's data three or four times.
	b.Grow(len(req.Page) + len(req.Site) + len(req.Sidebar) + len(req.URL) + len(req.SiteKey) + len(req.SidebarKey) + len(req.MDX) + markup +
		16*len(req.MDXMarkup) + 112)
	field := func(name string, v any) error {
		enc, err := json.Marshal(v)
		b.WriteString(`,"` + name + `":`)
		b.Write(enc)
		return err
	}
	raw := func(name string, v json.RawMessage) {
		if len(v) > 0 {
			b.WriteString(`,"` + name + `":`)
			b.Write(v)
		}
	}
	b.WriteString(`{"id":` + strconv.FormatInt(id, 10))
	if err := field("url", req.URL); err != nil {
		return nil, err
	}
	if err := field("siteKey", req.SiteKey); err != nil {
		return nil, err
	}
	raw("site", req.Site)
	raw("page", req.Page)
	if req.SidebarKey != "" {
		if err := field("sidebarKey", req.SidebarKey); err != nil {
			return nil, err
		}
	}
	raw("sidebar", req.Sidebar)
	if req.MDXKey != "" {
		if err := field("mdxKey", req.MDXKey); err != nil {
			return nil, err
		}
	}
	if req.MDX != "" {
		// The module follows the line as it is, mdxBytes long: as a JSON string, docsd escaped
		// it and the renderer decoded it again, a tenth of a millisecond a page. Its markup's
		// pieces follow it, as long as mdxMarkup says.
		b.WriteString(`,"mdxBytes":` + strconv.Itoa(len(req.MDX)))
		if len(req.MDXMarkup) > 0 {
			b.WriteString(`,"mdxMarkup":[`)
			for i, m := range req.MDXMarkup {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(strconv.Itoa(len(m)))
			}
			b.WriteByte(']')
		}
	}
	if req.Excerpt {
		b.WriteString(`,"excerpt":true`)
	}
	b.WriteString("}\n")
	if bytes.Count(b.Bytes(), []byte("\n")) != 1 {
		return nil, fmt.Errorf("rendering %s: the page data is not one line of JSON", req.URL)
	}
	b.WriteString(req.MDX)
	if req.MDX != "" {
		for _, m := range req.MDXMarkup {
			b.WriteString(m)
		}
	}
	return b.Bytes(), nil
}

// readAnswer reads one framed answer (see the package comment).
func readAnswer(in *bufio.Reader) (answer, error) {
	header, err := in.ReadString('\n')
	if err != nil {
		return answer{}, err
	}
	fields := strings.Fields(header)
	var a answer
	failed := len(fields) == 3 && fields[1] == "E"
	if len(fields) != 2 && !failed {
		return answer{}, fmt.Errorf("the server renderer wrote %q", strings.TrimSpace(header))
	}
	if a.ID, err = strconv.ParseInt(fields[0], 10, 64); err != nil {
		return answer{}, fmt.Errorf("the server renderer wrote %q", strings.TrimSpace(header))
	}
	n, err := strconv.Atoi(fields[len(fields)-1])
	if err != nil || n < 0 {
		return answer{}, fmt.Errorf("the server renderer wrote %q", strings.TrimSpace(header))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(in, body); err != nil {
		return answer{}, err
	}
	if failed {
		a.Error = string(body)
	} else {
		a.HTML = string(body)
	}
	return a, nil
}

func (r *Renderer) read(stdout io.Reader, stderr *nodeproc.Stderr) {
	in := bufio.NewReaderSize(stdout, 1<<16)
	broken := ""
	loaded := false
	for {
		a, err := readAnswer(in)
		if err != nil {
			break
		}
		if !loaded {
			// Any answer comes from the server bundle, so Node has read the folder's files: it
			// goes now, not at Close, which a docsd stopped by a signal (Ctrl-C in a build)
			// never reaches: such builds left their folders in the system's temporary folder.
			loaded = true
			_ = os.RemoveAll(r.dir)
		}
		r.mu.Lock()
		ch := r.waiting[a.ID]
		delete(r.waiting, a.ID)
		r.watch.Answered(len(r.waiting))
		r.mu.Unlock()
		if ch != nil {
			ch <- a
		} else if a.Error != "" {
			// An error for no request (one the process could not even read): whoever sent it
			// would wait forever, so the process is stopped and every waiting page fails.
			broken = a.Error
			_ = r.cmd.Process.Kill()
		}
	}
	waitErr := r.cmd.Wait()
	defer close(r.exited)
	r.mu.Lock()
	why := nodeproc.StopReason(stderr.String(), waitErr)
	if broken != "" {
		why = "it could not read a request: " + broken
	} else if r.inputClosed.Load() {
		why = "it closed its input but kept running, so docsd stopped it"
	}
	r.dead = fmt.Errorf("the server renderer stopped: %s", why)
	r.watch.Idle()
	// The page it was rendering when it was stopped for the limit is the oldest still waiting
	// once its output is read to the end: it renders in order, and writes each answer whole
	// before the next page (entry-server.jsx).
	var hung int64
	if r.hungLimit > 0 {
		hung = nodeproc.Oldest(r.waiting)
	}
	for id, ch := range r.waiting {
		switch {
		case hung == 0:
			ch <- answer{ID: id, Stopped: r.dead}
		case id == hung:
			ch <- answer{ID: id, Error: nodeproc.Hung("the render", r.hungLimit)}
		default:
			ch <- answer{ID: id, Again: true}
		}
		delete(r.waiting, id)
	}
	r.mu.Unlock()
}

// stall stops the process, which has answered nothing for the limit: the page it renders (a
// page that loops holds its only thread) fails, and the others waiting go to a fresh process
// (read, Pool.Render).
func (r *Renderer) stall(limit time.Duration) {
	r.mu.Lock()
	busy := len(r.waiting) > 0
	if busy {
		r.hungLimit = limit
	}
	r.mu.Unlock()
	if busy {
		r.stalled.Store(true)
		r.kill()
	}
}

// SetLimit sets how long the process may render one page (nodeproc.DefaultLimit, or
// DOCSD_NODE_TIMEOUT's), from its next request on.
func (r *Renderer) SetLimit(d time.Duration) {
	r.watch.SetLimit(d)
}

// remember notes that the process holds key and reports whether it is new. Keys are
// "<name>-<hash>": the process keeps one key per name (entry-server.jsx), so a new key of a name
// forgets the others.
func (r *Renderer) remember(key string) bool {
	if r.sent[key] {
		return false
	}
	name := key[:strings.LastIndex(key, "-")+1]
	for k := range r.sent {
		if strings.HasPrefix(k, name) && !strings.Contains(k[len(name):], "-") {
			delete(r.sent, k)
		}
	}
	r.sent[key] = true
	return true
}

// Render returns the HTML of the app for one page. It is safe for concurrent use.
func (r *Renderer) Render(req Request) (string, error) {
	ch := make(chan answer, 1)
	r.mu.Lock()
	if r.dead != nil {
		r.mu.Unlock()
		if r.stalled.Load() {
			return "", errAgain
		}
		return "", fmt.Errorf("rendering %s: %w", req.URL, r.dead)
	}
	// Under the lock, so that the first request to carry a key is also the first one written.
	if !r.remember("site:" + req.SiteKey) {
		req.Site = nil
	}
	if req.SidebarKey != "" && !r.remember("sidebar:"+req.SidebarKey) {
		req.Sidebar = nil
	}
	if req.MDXKey != "" && !r.remember("mdx:"+req.MDXKey) {
		req.MDX, req.MDXMarkup = "", nil
	}
	r.next++
	id := r.next
	line, err := encodeRequest(id, req)
	if err != nil {
		r.mu.Unlock()
		return "", err
	}
	r.waiting[id] = ch
	if len(r.waiting) == 1 {
		r.watch.Busy()
	}
	// Queued under the lock, so that requests are written in the order of their ids and the
	// first to carry a key is the first written. A process that stopped (a bundle that failed to
	// load, say) fails its pages once it has exited, with what it wrote on stderr (read, write).
	r.queue = append(r.queue, line)
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default: // write has been woken already and has yet to take the queue
	}
	a := <-ch
	if a.Again {
		return "", errAgain
	}
	if a.Stopped != nil {
		return "", fmt.Errorf("rendering %s: %w", req.URL, a.Stopped)
	}
	if a.Error != "" {
		return "", &PageError{URL: req.URL, Message: a.Error}
	}
	return a.HTML, nil
}

// awaitExitAfterFailedWrite waits for the process after a write to it failed, stopping it if it
// closed its input but keeps running (nodeproc.AwaitExit).
func (r *Renderer) awaitExitAfterFailedWrite() {
	nodeproc.AwaitExit(r.exited, func() {
		r.inputClosed.Store(true)
		_ = r.cmd.Process.Kill()
	})
}

// Stop ends the process without waiting for it to exit: it closes the process's input, on which
// Node ends by itself once it has answered what it read, so what Node does at exit is done
// (`--cpu-prof` writes its profile then; a killed renderer wrote none), and the system frees its
// memory (a few hundred MB at 10,000 pages, tens of ms) beside what docsd does next. A process
// with pages still waiting is killed at once: a rebuild that replaces the renderers must not wait
// for pages nobody reads. Close waits for the exit.
func (r *Renderer) Stop() {
	r.stopped.Store(true)
	_ = r.stdin.Close()
	r.mu.Lock()
	busy := len(r.waiting) > 0
	r.mu.Unlock()
	if busy {
		r.kill()
	}
}

// Close stops the process and waits until it has exited, so no process outlives docsd and the
// system counts its CPU time as docsd's (what `time docsd build --once` reports); one still running
// after nodeproc.ExitGrace is killed. Ending takes Node no longer than being killed (≈ 10 ms after
// the Vela site's pages, BENCHMARKS.md "Session 18: node18").
func (r *Renderer) Close() {
	r.Stop()
	nodeproc.AwaitExit(r.exited, r.kill)
	_ = os.RemoveAll(r.dir)
}

// kill ends the process at once.
func (r *Renderer) kill() {
	if r.cmd.Process != nil {
		_ = r.cmd.Process.Kill()
	}
}

// Pool spreads pages over several Node processes, one per core, since one process renders one page
// at a time.
type Pool struct {
	mu        sync.Mutex // guards renderers, replaced when one was stopped for a page that hung
	renderers []*Renderer
	next      atomic.Uint64
	start     func() (*Renderer, error) // starts a renderer of the pool's bundle
	limit     time.Duration             // SetLimit's, for a replacement; 0: DOCSD_NODE_TIMEOUT's
}

// StartPool starts n renderers of the bundle.
func StartPool(bundle []byte, n int, nodeFlags ...string) (*Pool, error) {
	if n < 1 {
		n = 1
	}
	p := &Pool{start: func() (*Renderer, error) { return Start(bundle, nodeFlags...) }}
	for i := 0; i < n; i++ {
		r, err := Start(bundle, nodeFlags...)
		if err != nil {
			p.Close()
			return nil, err
		}
		p.renderers = append(p.renderers, r)
	}
	return p, nil
}

// Render renders one page on the next process. A page that was waiting on a process stopped for
// another page's hanging is rendered again on its replacement: it did nothing wrong.
func (p *Pool) Render(req Request) (string, error) {
	for {
		r, err := p.renderer()
		if err != nil {
			return "", fmt.Errorf("rendering %s: %w", req.URL, err)
		}
		html, err := r.Render(req)
		if !errors.Is(err, errAgain) {
			return html, err
		}
	}
}

// renderer is the next process, a fresh one in place of one stopped for a page that hung (so a
// later build of docsd watch, which keeps its renderers, renders again).
func (p *Pool) renderer() (*Renderer, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	i := p.next.Add(1) % uint64(len(p.renderers))
	r := p.renderers[i]
	if !r.stalled.Load() {
		return r, nil
	}
	fresh, err := p.start()
	if err != nil {
		return nil, err
	}
	if p.limit > 0 {
		fresh.SetLimit(p.limit)
	}
	p.renderers[i] = fresh
	go r.Close() // killed already: this waits for its exit and removes its folder
	return fresh, nil
}

// SetLimit sets how long each process may render one page (Renderer.SetLimit).
func (p *Pool) SetLimit(d time.Duration) {
	p.mu.Lock()
	p.limit = d
	p.mu.Unlock()
	for _, r := range p.list() {
		r.SetLimit(d)
	}
}

// list is the pool's processes now.
func (p *Pool) list() []*Renderer {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.renderers)
}

// Stop stops every process without waiting (Renderer.Stop); Close waits for them.
func (p *Pool) Stop() {
	for _, r := range p.list() {
		r.Stop()
	}
}

// Stopped reports whether every process was told to stop (Stop or Close).
func (p *Pool) Stopped() bool {
	for _, r := range p.list() {
		if !r.stopped.Load() {
			return false
		}
	}
	return true
}

// Close stops every process.
func (p *Pool) Close() {
	for _, r := range p.list() {
		r.Close()
	}
}
