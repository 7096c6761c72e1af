package bundle

// A full build used to compile every MDX page before it made the shell's bundles: the shell's
// registry holds the modules the pages share (mdxpages.go), which only the compiled pages name.
// So no page, not even a Markdown one, could render before the last page compiled (on a real site
// with 162 MDX pages, 1.5 s of a 2.1 s build). The modules a page shares follow from its imports
// alone: the MDX compiler adds only the JSX runtime and the components' provider to what the
// page's import/export blocks say. BuildEarly reads those blocks, builds the shell with the
// registry they predict, and the pages then build one by one while pages render (Early.Pages).
// A prediction that misses (an import the blocks hide from this reading) makes the shell again,
// with the modules the compiled pages name, so the output is always that of Build.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/content"
	"docsd/pkg/mdx"
)

// Early is a full bundle whose shell was built before its MDX pages.
type Early struct {
	// Main is the shell's bundles with the predicted registry and the provider chunk, without the
	// pages: what a page's HTML links, and the server bundle the renderers run.
	Main *Output
	b    *Bundler
	keys []string
}

// BuildEarly builds the provider chunk and the shell's bundles with the modules the MDX pages'
// import blocks predict they share; Pages builds the pages.
func (b *Bundler) BuildEarly() (*Early, error) {
	b.startBuild()
	var err error
	if b.provider, err = b.buildProvider(); err != nil {
		return nil, err
	}
	predicted, err := b.predictKeys(b.mdxIDs())
	if err != nil {
		return nil, err
	}
	b.sharedKeys = sharedKeysOf(predicted, b.provider)
	main, err := b.buildMain()
	if err != nil {
		return nil, err
	}
	out := b.assemble(main, nil, b.provider, b.sharedKeys)
	out.MainBuilt = true
	return &Early{Main: out, b: b, keys: b.sharedKeys}, nil
}

// Chunk is one MDX page's build as a page's data and the renderers need it.
type Chunk struct {
	MDX    MDXChunk
	Server MDXServer
}

// Pages builds every MDX page, first those of order (ids, in the order their routes render), and
// tells done of each page as it is built (from several goroutines at once), unless the page
// imports a module Main's registry lacks. It returns the whole
// bundle, as Build would make it; missed is true when the shell had to be made again (the
// prediction missed a shared module): every page rendered with Main must be rendered again.
func (e *Early) Pages(order []string, done func(id string, c Chunk)) (out *Output, missed bool, err error) {
	b := e.b
	ids := b.mdxIDs()
	seen := map[string]bool{}
	var sorted []string
	for _, id := range order {
		if _, ok := b.mdx.Pages[id]; ok && !seen[id] {
			seen[id] = true
			sorted = append(sorted, id)
		}
	}
	for _, id := range ids {
		if !seen[id] {
			sorted = append(sorted, id)
		}
	}
	predicted := map[string]bool{}
	for _, k := range e.keys {
		predicted[k] = true
	}
	pages, err := b.buildPagesThen(sorted, func(id string, p *mdxPage) {
		for _, k := range p.shared {
			if !predicted[k] {
				return // Main's registry lacks a module the page imports: it cannot render with it
			}
		}
		if done != nil {
			done(id, Chunk{MDX: pageChunk(e.Main.main, b.provider, p), Server: p.server})
		}
	})
	if err != nil {
		return nil, false, err
	}
	main := e.Main.main
	keys := sharedKeysOf(pages, b.provider)
	if strings.Join(keys, "\n") != strings.Join(e.keys, "\n") {
		missed = true
		b.sharedKeys = keys
		if main, err = b.buildMain(); err != nil {
			return nil, true, err
		}
	}
	out = b.assemble(main, pages, b.provider, keys)
	out.Built, out.MainBuilt = ids, true
	return out, missed, nil
}

// predictKeys are the shared keys of the pages ids as their import/export blocks say (with the
// JSX runtime and the provider the compiler adds), by page: each page is read as a module of
// those blocks alone, through the same resolution as its real build.
func (b *Bundler) predictKeys(ids []string) (map[string]*mdxPage, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	compile, compiled := b.mdx.Compile, b.compiled
	b.mdx.Compile, b.compiled = func(abs string, raw []byte, page bool) (string, error) {
		return esmModule(abs, raw)
	}, &sync.Map{}
	defer func() { b.mdx.Compile, b.compiled = compile, compiled }()
	out := map[string]*mdxPage{}
	var mu sync.Mutex
	err := parallelIDs(ids, func(id string) error {
		keys, err := b.predictPage(id)
		if err != nil {
			return err
		}
		mu.Lock()
		out[id] = &mdxPage{shared: keys}
		mu.Unlock()
		return nil
	})
	return out, err
}

// predictPage is the shared keys of one page's import blocks: read line by line when they name
// only the shell's modules (as quickPage reads a compiled page), else through a page build.
func (b *Bundler) predictPage(id string) ([]string, error) {
	file := b.mdx.Pages[id]
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading the MDX page %s: %w", id, err)
	}
	js, err := esmModule(file, raw)
	if err != nil {
		return nil, err
	}
	frame, _ := b.sharedKey(filepath.Join(b.siteDir, "src", "mdx", "MdxContent.jsx"))
	used := map[string]bool{frame: true}
	quick := true
	for _, line := range strings.Split(b.nativeImports(nil, js), "\n") {
		if !strings.HasPrefix(line, "import") {
			continue
		}
		m := importLine.FindStringSubmatch(line)
		if m == nil || m[1] == "" && m[2] == "" && m[3] == "" {
			quick = false
			break
		}
		if m[4] == providerSpec && b.provider != nil {
			continue
		}
		key, shared := b.importKey(m[4])
		if !shared {
			quick = false
			break
		}
		used[key] = true
	}
	if !quick {
		found := &sync.Map{}
		r := api.Build(b.pageOptions(id, found))
		if len(r.Errors) > 0 {
			// The real build reports the mistake at its place; the prediction gives up on this page.
			return nil, nil
		}
		clear(used)
		found.Range(func(k, _ any) bool {
			used[k.(string)] = true
			return true
		})
	}
	keys := make([]string, 0, len(used))
	for k := range used {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys, nil
}

// esmModule is an MDX file read as the module of its import/export blocks, with the imports the
// compiler adds to every module: what decides which modules the compiled file imports.
func esmModule(abs string, raw []byte) (string, error) {
	// Only the body: the page's front matter is decoded where the page is processed, and a
	// partial's where it is compiled.
	body, _, err := content.FrontMatterBody(abs, raw)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	out.WriteString("import {Fragment as _Fragment, jsx as _jsx} from \"react/jsx-runtime\";\n")
	out.WriteString("import {useMDXComponents as _provideComponents} from \"" + providerSpec + "\";\n")
	out.Write(esmBlocks(mdx.UnwrapCodeBlocks(body)))
	out.WriteString("\nexport default function MDXContent() { return null; }\n")
	return out.String(), nil
}

// esmBlocks are MDX's import/export blocks of body: a paragraph (outside fenced code) whose first
// line starts with "import " or "export ", up to the next blank line.
func esmBlocks(body []byte) []byte {
	var out bytes.Buffer
	inESM, afterBlank := false, true
	fence := ""
	for _, line := range bytes.Split(body, []byte("\n")) {
		s := string(bytes.TrimRight(line, "\r"))
		trimmed := strings.TrimLeft(s, " ")
		switch {
		case fence != "":
			if strings.HasPrefix(trimmed, fence) && strings.TrimSpace(strings.TrimLeft(trimmed, fence[:1])) == "" {
				fence = ""
			}
			continue
		case inESM && strings.TrimSpace(s) == "":
			inESM = false
		case inESM:
			out.WriteString(s + "\n")
			continue
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			fence = trimmed[:3]
			for _, c := range trimmed[3:] {
				if string(c) != fence[:1] {
					break
				}
				fence += string(c)
			}
			afterBlank = false
			continue
		case afterBlank && (strings.HasPrefix(s, "import ") || strings.HasPrefix(s, "export ")):
			inESM = true
			out.WriteString(s + "\n")
			continue
		}
		afterBlank = strings.TrimSpace(s) == ""
	}
	return out.Bytes()
}

// parallelIDs runs fn for each id on a few goroutines and returns the first error.
func parallelIDs(ids []string, fn func(id string) error) error {
	work := make(chan string)
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range work {
				if err := fn(id); err != nil {
					once.Do(func() { first = err })
				}
			}
		}()
	}
	for _, id := range ids {
		work <- id
	}
	close(work)
	wg.Wait()
	return first
}
