// Package ssr renders pages with the shell's React components in a long-lived Node process, so that
// every HTML file already holds the page a browser will hydrate. Requests and answers are JSON lines
// over the process's stdin and stdout; several requests are in flight at once.
package ssr

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
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
}

type answer struct {
	ID    int64  `json:"id"`
	HTML  string `json:"html"`
	Error string `json:"error"`
}

// Renderer is one Node process running the server bundle.
type Renderer struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	mu      sync.Mutex // guards writes, next and waiting
	next    int64
	waiting map[int64]chan answer
	sent    map[string]bool // site and sidebar keys the process already holds
	dead    error
	dir     string
}

// Start writes the server bundle to a temporary folder and starts Node on it, with nodeFlags
// before the script.
func Start(bundle []byte, nodeFlags ...string) (*Renderer, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, fmt.Errorf("server rendering needs Node.js on the PATH: %w", err)
	}
	dir, err := os.MkdirTemp("", "docsd-ssr-")
	if err != nil {
		return nil, err
	}
	file := filepath.Join(dir, "ssr.cjs")
	if err := os.WriteFile(file, bundle, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(node, append(append([]string(nil), nodeFlags...), file)...)
	cmd.Env = append(os.Environ(), "NODE_ENV=production")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr strings.Builder
	cmd.Stderr = &limitedWriter{w: &stderr, n: 1 << 16}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the server renderer: %w", err)
	}
	r := &Renderer{cmd: cmd, stdin: stdin, waiting: map[int64]chan answer{}, sent: map[string]bool{}, dir: dir}
	go r.read(stdout, &stderr)
	return r, nil
}

func (r *Renderer) read(stdout io.Reader, stderr *strings.Builder) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	for sc.Scan() {
		var a answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			continue
		}
		r.mu.Lock()
		ch := r.waiting[a.ID]
		delete(r.waiting, a.ID)
		r.mu.Unlock()
		if ch != nil {
			ch <- a
		}
	}
	_ = r.cmd.Wait()
	r.mu.Lock()
	r.dead = fmt.Errorf("the server renderer stopped: %s", strings.TrimSpace(stderr.String()))
	for id, ch := range r.waiting {
		ch <- answer{ID: id, Error: r.dead.Error()}
		delete(r.waiting, id)
	}
	r.mu.Unlock()
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
		return "", r.dead
	}
	// Under the lock, so that the first request to carry a key is also the first one written.
	if !r.remember("site:" + req.SiteKey) {
		req.Site = nil
	}
	if req.SidebarKey != "" && !r.remember("sidebar:"+req.SidebarKey) {
		req.Sidebar = nil
	}
	body, err := json.Marshal(req)
	if err != nil {
		r.mu.Unlock()
		return "", err
	}
	r.next++
	id := r.next
	r.waiting[id] = ch
	line := fmt.Sprintf(`{"id":%d,%s`, id, body[1:])
	_, err = io.WriteString(r.stdin, line+"\n")
	r.mu.Unlock()
	if err != nil {
		return "", fmt.Errorf("sending a page to the server renderer: %w", err)
	}
	a := <-ch
	if a.Error != "" {
		return "", fmt.Errorf("rendering %s: %s", req.URL, a.Error)
	}
	return a.HTML, nil
}

// Close stops the process.
func (r *Renderer) Close() {
	_ = r.stdin.Close()
	if r.cmd.Process != nil {
		_ = r.cmd.Process.Kill()
	}
	_ = os.RemoveAll(r.dir)
}

type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if l.n <= 0 {
		return len(p), nil
	}
	k := len(p)
	if k > l.n {
		k = l.n
	}
	l.n -= k
	_, err := l.w.Write(p[:k])
	return len(p), err
}

// Pool spreads pages over several Node processes, one per core, since one process renders one page
// at a time.
type Pool struct {
	renderers []*Renderer
	next      atomic.Uint64
}

// StartPool starts n renderers of the bundle.
func StartPool(bundle []byte, n int, nodeFlags ...string) (*Pool, error) {
	if n < 1 {
		n = 1
	}
	p := &Pool{}
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

// Render renders one page on the next process.
func (p *Pool) Render(req Request) (string, error) {
	r := p.renderers[p.next.Add(1)%uint64(len(p.renderers))]
	return r.Render(req)
}

// Close stops every process.
func (p *Pool) Close() {
	for _, r := range p.renderers {
		r.Close()
	}
}
