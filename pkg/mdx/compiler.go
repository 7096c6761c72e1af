package mdx

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"

	"docsd/pkg/content"
	"docsd/pkg/markdown"
)

// Compiler turns MDX files into JavaScript modules. It starts its Node process (Script, with
// @mdx-js/mdx found in node_modules above it) on first use; it is safe for concurrent use.
type Compiler struct {
	script string
	conv   *markdown.Converter
	hl     *markdown.CodeHighlighter

	mu      sync.Mutex // guards everything below
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	next    int64
	waiting map[int64]chan answer
	dead    error
	exited  chan struct{}
	// cache keeps, per file, the compiler's answer for the last source it compiled: esbuild loads
	// every MDX file again on each rebuild, and most did not change.
	cache map[string]*cached
}

// cached is one file's answer; done is closed once a and err are set.
type cached struct {
	key  string
	done chan struct{}
	a    answer
	err  error
}

// request is one file to compile (see site/mdx-compiler/compile.mjs).
type request struct {
	ID        int64              `json:"id"`
	File      string             `json:"file"`
	Source    string             `json:"source"`
	FirstLine int                `json:"firstLine"`
	Token     string             `json:"token"`
	Headings  []markdown.Heading `json:"headings"`
	DropTitle bool               `json:"dropTitle"`
	Page      bool               `json:"page"`
	// The components the site's src/theme/MDXComponents gives every page (provider.go).
	Components   []string `json:"components,omitempty"`
	AnyComponent bool     `json:"anyComponent,omitempty"`
	// Kind "components" asks which components Source (a site's MDXComponents) gives.
	Kind string `json:"kind,omitempty"`
}

type answer struct {
	ID    int64                          `json:"id"`
	JS    string                         `json:"js"`
	Code  []struct{ Info, Value string } `json:"code"`
	Links []struct {
		Dest         string
		Image        bool
		Line, Column int
	} `json:"links"`
	Error *struct {
		Line, Column int
		Message      string
	} `json:"error"`
	// A "components" request's answer.
	Names []string `json:"names"`
	Open  bool     `json:"open"`
}

// NewCompiler makes a compiler that runs script with Node.
func NewCompiler(script string) *Compiler {
	return &Compiler{script: script, conv: markdown.New(), hl: markdown.NewCodeHighlighter(), cache: map[string]*cached{}}
}

// Options say how one file is compiled.
type Options struct {
	// File names the file in errors and in the module (e.g. "content/docs/a.mdx").
	File string
	// Page is true for a page (its first `# heading` is its title, which the layout shows, so the
	// body drops it); false for a partial, which is shown as written.
	Page bool
	// Resolve maps a link or image destination as written to the URL the page uses.
	Resolve func(dest string, image bool) string
	// Model, when set, is docsd's own parse of the same source (pkg/site parses every page for its
	// title, headings and links): its headings and title are used instead of parsing the file
	// again, which was a third of docsd's own CPU for an MDX page.
	Model *markdown.Doc
	// Provided is what the site's src/theme/MDXComponents gives every page (ProvidedBy), so that
	// a page may use those components without importing them.
	Provided Provided
}

// Compile compiles one MDX file (front matter included) to an ES module whose default export is
// its React component. Mistakes in the file are *content.Error at its line and column.
func (c *Compiler) Compile(raw []byte, opts Options) (string, error) {
	_, body, line, _, err := content.ReadFrontMatter(opts.File, raw)
	if err != nil {
		return "", err
	}
	body = UnwrapCodeBlocks(body)
	model := opts.Model
	if model == nil {
		model = c.conv.Parse(ModelSource(body), line)
	}
	src := string(StripHeadingIDs(body))
	sum := sha256.Sum256([]byte(src))
	req := request{File: opts.File, Source: src, FirstLine: line, Token: "docsd" + hex.EncodeToString(sum[:10]),
		Headings: model.Headings, DropTitle: opts.Page && model.Title != "", Page: opts.Page,
		Components: opts.Provided.Names, AnyComponent: opts.Provided.Open}
	keyJSON, _ := json.Marshal(req)
	key := string(keyJSON)
	a, err := c.answer(opts.File, key, req)
	if err != nil {
		return "", err
	}
	if a.Error != nil {
		return "", &content.Error{File: opts.File, Line: a.Error.Line, Column: a.Error.Column, Msg: "MDX: " + a.Error.Message}
	}
	// The placeholders become docsd's highlighted code and resolved URLs, as JSON strings (which
	// are JavaScript string literals too).
	pairs := make([]string, 0, 2*(len(a.Code)+len(a.Links)))
	for i, code := range a.Code {
		text := code.Value
		if text != "" {
			text += "\n"
		}
		html, _ := json.Marshal(c.hl.HTML(code.Info, text))
		pairs = append(pairs, fmt.Sprintf(`"%s-code-%d"`, req.Token, i), string(html))
	}
	for i, l := range a.Links {
		dest := l.Dest
		if opts.Resolve != nil {
			dest = opts.Resolve(l.Dest, l.Image)
		}
		url, _ := json.Marshal(dest)
		pairs = append(pairs, fmt.Sprintf(`"%s-link-%d"`, req.Token, i), string(url))
	}
	return strings.NewReplacer(pairs...).Replace(a.JS), nil
}

// answer is the compiler's answer for a file's request: the cached one when the request is the
// same, else a new one. The browser and server bundles load every file at the same time; the
// second waits for the first's answer instead of compiling the file again.
func (c *Compiler) answer(file, key string, req request) (answer, error) {
	c.mu.Lock()
	if hit, ok := c.cache[file]; ok && hit.key == key {
		c.mu.Unlock()
		<-hit.done
		return hit.a, hit.err
	}
	entry := &cached{key: key, done: make(chan struct{})}
	c.cache[file] = entry
	c.mu.Unlock()
	entry.a, entry.err = c.call(req)
	close(entry.done)
	if entry.err != nil {
		c.mu.Lock()
		if c.cache[file] == entry {
			delete(c.cache, file) // a failure of the process, not of the file: ask again next time
		}
		c.mu.Unlock()
	}
	return entry.a, entry.err
}

// Forget drops the cached answer for a file that is gone.
func (c *Compiler) Forget(file string) {
	c.mu.Lock()
	delete(c.cache, file)
	c.mu.Unlock()
}

// call sends one request and waits for its answer, starting the process if needed.
func (c *Compiler) call(req request) (answer, error) {
	ch := make(chan answer, 1)
	c.mu.Lock()
	if err := c.start(); err != nil {
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
	c.waiting[req.ID] = ch
	_, err = c.stdin.Write(append(line, '\n'))
	c.mu.Unlock()
	if err != nil {
		return answer{}, fmt.Errorf("sending %s to the MDX compiler: %w", req.File, err)
	}
	a := <-ch
	if a.ID < 0 {
		return answer{}, fmt.Errorf("compiling %s: %s", req.File, a.Error.Message)
	}
	return a, nil
}

// interruptBudget delays V8's optimizing compiler until a function has run about 8 times as
// much as by default. The compiler process lives for one build and most of its CPU was TurboFan
// compiling functions that warm up during the first pages: this cut the CPU of compiling 100
// pages from about 1.0 s to 0.7 s and of 400 pages from 2.0-2.4 s to 1.9 s (what stays hot
// is still optimized; `--no-opt` was as fast at 100 pages and slower at 400).
const interruptBudget = "--interrupt-budget=1000000"

// start runs the Node process; c.mu is held.
func (c *Compiler) start() error {
	if c.dead != nil {
		return c.dead
	}
	if c.cmd != nil {
		return nil
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("compiling MDX needs Node.js on the PATH: %w", err)
	}
	if _, err := os.Stat(c.script); err != nil {
		return fmt.Errorf("the MDX compiler is missing: %w", err)
	}
	script := c.script
	if bundled, err := bundledScript(c.script); err == nil && bundled != "" {
		script = bundled
	} // else the script as it is: slower to start, same answers
	cmd := exec.Command(node, interruptBudget, script)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting the MDX compiler: %w", err)
	}
	c.cmd, c.stdin, c.waiting, c.exited = cmd, stdin, map[int64]chan answer{}, make(chan struct{})
	go c.read(stdout, &stderr)
	return nil
}

func (c *Compiler) read(stdout io.Reader, stderr *strings.Builder) {
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
		ch := c.waiting[a.ID]
		delete(c.waiting, a.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- a
		}
	}
	_ = c.cmd.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.dead = fmt.Errorf("the MDX compiler stopped: %s", strings.TrimSpace(stderr.String()))
	for id, ch := range c.waiting {
		ch <- answer{ID: -1, Error: &struct {
			Line, Column int
			Message      string
		}{Message: c.dead.Error()}}
		delete(c.waiting, id)
	}
	close(c.exited)
}

// Close stops the Node process and waits for it.
func (c *Compiler) Close() {
	c.mu.Lock()
	cmd, exited := c.cmd, c.exited
	if cmd != nil {
		_ = c.stdin.Close()
		_ = cmd.Process.Kill()
	}
	c.mu.Unlock()
	if exited != nil {
		<-exited
	}
}
