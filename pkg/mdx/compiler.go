package mdx

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/yuin/goldmark/ast"

	"docsd/pkg/content"
	"docsd/pkg/markdown"
	"docsd/pkg/nodeproc"
)

// Compiler turns MDX files into JavaScript modules. It starts its Node processes (Script, with
// @mdx-js/mdx found in node_modules above it) as requests need them (pool.go); it is safe for
// concurrent use.
type Compiler struct {
	script string
	conv   *markdown.Converter
	hl     *markdown.CodeHighlighter

	mu    sync.Mutex  // guards everything below
	procs []*proc     // the processes started, in order
	max   int         // how many may run
	spare func() bool // whether the machine has a core for one more (idleCores)
	next  int64
	// onSend, when set (tests), is called with the index of the process each request went to,
	// once it is sent.
	onSend func(proc int)
	// cache keeps, per file, the compiler's answer for the last source it compiled: esbuild loads
	// every MDX file again on each rebuild, and most did not change.
	cache map[string]*cached
	// oneBuild: no rebuild follows (OneBuild), so an answer is kept only while it is asked for.
	oneBuild bool
	// limit is how long a process may work on one request before it is stopped (pool.go).
	limit time.Duration
	// written and compiled count the pages whose module direct.go wrote and those the compiler
	// compiled (Counts).
	written, compiled int
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
	ID        int64     `json:"id"`
	File      string    `json:"file"`
	Source    string    `json:"source"`
	FirstLine int       `json:"firstLine"`
	Token     string    `json:"token"`
	Headings  []heading `json:"headings"`
	DropTitle bool      `json:"dropTitle"`
	Page      bool      `json:"page"`
	// The components the site's src/theme/MDXComponents gives every page (provider.go).
	Components   []string `json:"components,omitempty"`
	AnyComponent bool     `json:"anyComponent,omitempty"`
	// Kind "components" asks which components Source (a site's MDXComponents) gives.
	Kind string `json:"kind,omitempty"`
	// Runs is how many placeholders of Markdown runs Source has (runs.go).
	Runs int `json:"runs,omitempty"`
	// RunHeadings are each run's headings with the ids the run gives them: the compiler checks
	// that compiled whole it would give the same.
	RunHeadings [][]runHeading `json:"runHeadings,omitempty"`
	// RunsInAdmonition says which runs' placeholders are in a `:::` container (runblank.go): the
	// compiler checks that it reads those, and no others, so; nil when none is.
	RunsInAdmonition []bool `json:"runsInAdmonition,omitempty"`
	// Kind "sass" compiles the stylesheet File with the sass package in the folder Sass (sass.go).
	Sass    string   `json:"sass,omitempty"`
	Roots   []string `json:"roots,omitempty"`
	Modules []string `json:"modules,omitempty"`
	// Kind "flow" takes the Flow out of Source (File's text) with the project's Babel (the
	// @babel/core folder Babel) and the presets and plugins in the folders listed (flow.go).
	Babel   string   `json:"babel,omitempty"`
	Presets []string `json:"presets,omitempty"`
	Plugins []string `json:"plugins,omitempty"`
	Enums   string   `json:"enums,omitempty"`
}

// heading is one of the page's headings; Taken when a run of the page renders it (runs.go), so
// the compiler gives its id to no other heading.
type heading struct {
	markdown.Heading
	Taken bool `json:"taken,omitempty"`
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
	Error *answerError `json:"error"`
	// RunsMissing: a placeholder of a run was not an empty flow element of the page or of a JSX
	// element (runs.go).
	RunsMissing bool `json:"runsMissing"`
	// RunsInJSX says, by run, whether its placeholder is a child of a JSX element.
	RunsInJSX []bool `json:"runsInJSX"`
	// A "components" request's answer.
	Names []string `json:"names"`
	Open  bool     `json:"open"`
	// A "sass" request's answer: the stylesheet and the files it read.
	CSS    string   `json:"css"`
	Loaded []string `json:"loaded"`
}

// answerError is a mistake in the file a request sent, at its 1-based line and column (0 when
// unknown); File is set by "sass" requests only, where the mistake may be in a file it loads.
type answerError struct {
	File         string `json:"file"`
	Line, Column int
	Message      string
}

// NewCompiler makes a compiler that runs script with Node.
func NewCompiler(script string) *Compiler {
	return &Compiler{script: script, conv: markdown.New(), hl: markdown.NewCodeHighlighter(), cache: map[string]*cached{},
		max: poolSize(runtime.GOMAXPROCS(0)), spare: newIdleCores().spare,
		limit: nodeproc.LimitOrDefault(os.Getenv)}
}

// ShareHighlights makes the compiler's Markdown converter and highlighter keep their highlighted
// code blocks in h (a builder's, markdown.Converter.Highlights); call it before the first Compile.
func (c *Compiler) ShareHighlights(h *markdown.Highlights) {
	c.conv, c.hl = markdown.NewSharing(h), markdown.NewCodeHighlighterSharing(h)
}

// SetLimit sets how long a process may work on one request (nodeproc.DefaultLimit, or
// DOCSD_NODE_TIMEOUT's) for the processes started after it.
func (c *Compiler) SetLimit(d time.Duration) {
	c.mu.Lock()
	c.limit = d
	c.mu.Unlock()
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
	// Whole compiles the page as one, Markdown runs included (runs.go): tests compare the two.
	Whole bool
	// Format is the site's [markdown] format (Docusaurus's markdown.format): a .md partial that is
	// not MDX by it and its own front matter (IsMDX, as for a page) is CommonMark, as Docusaurus
	// compiles each imported file by its own format (commonmark.go). An .mdx partial is compiled.
	Format string
}

// requestHeadings is the page's headings for the compiler, those in taken marked.
func requestHeadings(hs []markdown.Heading, taken map[string]bool) []heading {
	out := make([]heading, len(hs))
	for i, h := range hs {
		out[i] = heading{Heading: h, Taken: taken[h.ID]}
	}
	return out
}

// mdHint ends the MDX error of a .md page: such a page is MDX because it uses an import, a JSX
// element named with a capital or an HTML tag with an attribute written {…} outside code, often
// text such as List<String> (Docusaurus 3 fails it too).
const mdHint = " (this .md page is read as MDX, as Docusaurus 3 reads it, since it has an import, a tag named with" +
	" a capital or a tag with an attribute written {…} outside code: write text such as List<String> or a<b in" +
	" backticks or as List\\<String>, or put `format: md` in its front matter to read it as CommonMark)"

// Compile compiles one MDX file (front matter included) to an ES module whose default export is
// its React component. Mistakes in the file are *content.Error at its line and column.
func (c *Compiler) Compile(raw []byte, opts Options) (string, error) {
	var body []byte
	var line int
	var err error
	var fm content.FrontMatter
	if opts.Model != nil {
		// A page site processing has read: its front matter is decoded and checked there.
		body, line, err = content.FrontMatterBody(opts.File, raw)
	} else {
		fm, body, line, _, err = content.ReadFrontMatter(opts.File, raw, "")
	}
	if err != nil {
		return "", err
	}
	if !opts.Page && strings.HasSuffix(opts.File, ".md") && !IsMDX(opts.File, PageFormat(fm.Format, opts.Format), body) {
		return c.commonMark(body, line, opts)
	}
	body = UnwrapCodeBlocks(body)
	modelSrc := ModelSource(body)
	model := opts.Model
	if model == nil {
		model = c.conv.Parse(modelSrc, line)
	}
	if w, deep := model.TooDeep(); deep {
		// MDX's compiler costs time growing faster than the page with nesting (400 indented list
		// levels: 5.5 s of CPU) and overflows its stack past a few thousand: not sent to it.
		return "", &content.Error{File: opts.File, Line: w.Line, Column: w.Column, Msg: w.Msg + "; the MDX page is not compiled"}
	}
	src := string(StripHeadingIDs(body))
	sum := sha256.Sum256([]byte(src))
	token := "docsd" + hex.EncodeToString(sum[:10])
	whole := request{File: opts.File, Source: src, FirstLine: line, Token: token,
		Headings: requestHeadings(model.Headings, nil), DropTitle: opts.Page && model.Title != "", Page: opts.Page,
		Components: opts.Provided.Names, AnyComponent: opts.Provided.Open}
	req := whole
	var sp *split
	if !opts.Whole {
		split := func(tree ast.Node) {
			sp = splitRuns(src, c.conv, tree, modelSrc, token, whole.DropTitle, model.Headings, opts.Resolve, c.hl, opts.Provided.plainTags(), false)
		}
		// The page's document (site processing parsed the same source) still holds its tree in a
		// build of a small site; else the split parses the source again.
		if opts.Model == nil || !opts.Model.WithTree(modelSrc, split) {
			split(nil)
		}
	}
	if sp != nil {
		req.Source, req.Runs, req.DropTitle = sp.source, len(sp.runs), sp.dropTitle
		req.Headings = requestHeadings(model.Headings, sp.taken)
		req.RunHeadings = sp.headings
		if slices.Contains(sp.inAdmonition, true) {
			req.RunsInAdmonition = sp.inAdmonition
		}
	}
	keyJSON, _ := json.Marshal(req)
	key := string(keyJSON)
	if sp != nil {
		// The runs' elements hold their links resolved (and the source does not): a page another
		// page's move changes is compiled again, as the compiler's links are resolved anew below.
		sum := sha256.New()
		var buf []byte // one buffer for the elements' bytes, not a copy of each
		for _, run := range sp.runs {
			for _, el := range run {
				buf = append(append(buf[:0], el...), 0)
				sum.Write(buf)
			}
		}
		key += "\x00runs " + hex.EncodeToString(sum.Sum(nil))
	}
	var js string
	a, err := c.answer(opts.File, key, func() (answer, error) {
		if sp != nil {
			// The simplest sources get the compiler's module without its call (direct.go).
			if a, ok := directModule(&req); ok {
				if js, ok := sp.patch(a.JS, a.RunsInJSX); ok {
					a.JS = js
					c.count(&c.written)
					return a, nil
				}
			}
		}
		c.count(&c.compiled)
		a, err := c.call(req)
		if err != nil || sp == nil {
			return a, err
		}
		if a.Error == nil && !a.RunsMissing {
			if js, ok := sp.patch(a.JS, a.RunsInJSX); ok {
				a.JS = js
				return a, nil
			}
		}
		// Compiled whole: the page's error as the whole page gives it, or a run the compiler did
		// not leave as it was (see runs.go).
		whole.ID = 0
		return c.call(whole)
	})
	var hung *hungError
	if errors.As(err, &hung) {
		return "", &content.Error{File: opts.File, Msg: hung.msg}
	}
	if err != nil {
		return "", err
	}
	if a.Error != nil {
		msg := "MDX: " + a.Error.Message
		if strings.HasSuffix(opts.File, ".md") {
			// The writer of a .md page may never have chosen MDX (IsMDX): say why, and the way out.
			msg += mdHint
		}
		return "", &content.Error{File: opts.File, Line: a.Error.Line, Column: a.Error.Column, Msg: msg}
	}
	js = a.JS
	// The placeholders become docsd's highlighted code and resolved URLs, as JSON strings (which
	// are JavaScript string literals too).
	pairs := make([]string, 0, 2*(len(a.Code)+len(a.Links)))
	for i, code := range a.Code {
		text := code.Value
		if text != "" {
			text += "\n"
		}
		html, err := c.hl.HTML(code.Info, text)
		if err != nil {
			return "", &content.Error{File: opts.File, Msg: err.Error()}
		}
		pairs = append(pairs, fmt.Sprintf(`"%s-code-%d"`, token, i), jsString(html))
	}
	for i, l := range a.Links {
		dest := l.Dest
		if opts.Resolve != nil {
			dest = opts.Resolve(l.Dest, l.Image)
		}
		url, _ := json.Marshal(dest)
		pairs = append(pairs, fmt.Sprintf(`"%s-link-%d"`, token, i), string(url))
	}
	// Only the compiler's module holds placeholders: the runs' functions after it (patch) are
	// docsd's, their code and links already in place, and most of a split page's bytes.
	module, runs := CutRuns(js)
	if len(pairs) > 0 {
		module = strings.NewReplacer(pairs...).Replace(module)
	}
	mark := ""
	if runs != "" {
		mark = RunsMark
	}
	return c.tocModule(body, line, model) + module + mark + runs, nil
}

// answer is the compiler's answer for a file's request: the cached one when the request is the
// same, else a new one. The browser and server bundles load every file at the same time; the
// second waits for the first's answer instead of compiling the file again.
func (c *Compiler) answer(file, key string, call func() (answer, error)) (answer, error) {
	c.mu.Lock()
	if hit, ok := c.cache[file]; ok && hit.key == key {
		c.mu.Unlock()
		<-hit.done
		return hit.a, hit.err
	}
	entry := &cached{key: key, done: make(chan struct{})}
	c.cache[file] = entry
	c.mu.Unlock()
	entry.a, entry.err = call()
	close(entry.done)
	c.mu.Lock()
	// A failure of the process, not of the file: ask again next time. In one build, what waited
	// for the answer has it (the entry), and nothing asks again.
	if (entry.err != nil || c.oneBuild) && c.cache[file] == entry {
		delete(c.cache, file)
	}
	c.mu.Unlock()
	return entry.a, entry.err
}

// OneBuild tells the compiler that no rebuild follows (docsd build --once): an answer is not kept
// once given, where every page's stayed to the end of the build (its module, twice the page's
// source and more: 45 MB of 200 pages of 24.5 KB). A file's two loads, by the browser's and the
// server's bundles, share its module in the bundler (pkg/bundle's compile); one that comes while
// the first is compiled still waits for its answer.
func (c *Compiler) OneBuild() {
	c.mu.Lock()
	c.oneBuild = true
	c.mu.Unlock()
}

func (c *Compiler) count(n *int) {
	c.mu.Lock()
	*n++
	c.mu.Unlock()
}

// Counts reports how many MDX files got their module from direct.go, without the compiler, and
// how many the compiler compiled (bench/mdx/census).
func (c *Compiler) Counts() (written, compiled int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.written, c.compiled
}

// cached reports how many answers the compiler keeps (tests).
func (c *Compiler) cachedAnswers() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.cache)
}

// Forget drops the cached answer for a file that is gone.
func (c *Compiler) Forget(file string) {
	c.mu.Lock()
	delete(c.cache, file)
	c.mu.Unlock()
}
