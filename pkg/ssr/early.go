package ssr

// Renderers started before their server bundle exists. A cold build spends its first tenths of a
// second reading the sources and bundling the shell; Node's own start and React's loading (about
// 70 ms before the first page could render, on 2 cores) happen beside that work when the process
// is started first, and it only receives the bundle when the bundle is ready. On 2 cores that work
// slows by part of what the pages step saves (BENCHMARKS.md, "Session 10: cold build CPU").

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

//go:embed loader.cjs
var loaderJS []byte

// Early is a set of Node processes that have started and loaded React, waiting for their server
// bundle (Load). Close stops the ones never loaded.
type Early struct {
	renderers []*Renderer
	flags     []string // Node's flags, for a renderer that replaces one (Pool.renderer)
}

// StartEarly starts n Node processes with nodeFlags, each loading React as the shell folder
// shellDir resolves it. Load gives them the bundle.
func StartEarly(shellDir string, n int, nodeFlags ...string) (*Early, error) {
	if n < 1 {
		n = 1
	}
	e := &Early{flags: nodeFlags}
	for i := 0; i < n; i++ {
		r, err := startLoader(shellDir, nodeFlags)
		if err != nil {
			e.Close()
			return nil, err
		}
		e.renderers = append(e.renderers, r)
	}
	return e, nil
}

func startLoader(shellDir string, nodeFlags []string) (*Renderer, error) {
	dir, err := makeTempDir()
	if err != nil {
		return nil, err
	}
	loader := filepath.Join(dir, "loader.cjs")
	if err := os.WriteFile(loader, loaderJS, 0o644); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	r, err := spawn(dir, append(append([]string(nil), nodeFlags...), loader, shellDir))
	if err != nil {
		_ = os.RemoveAll(dir)
	}
	return r, err
}

// Load writes the server bundle beside each process's loader and sends them its path: the pool
// they make renders as one started on the bundle (StartPool) does. The Early is used up either
// way. A process that cannot run the bundle stops, and the pages sent to it fail with what Node
// wrote on stderr, as with StartPool.
func (e *Early) Load(bundle []byte) (*Pool, error) {
	rs := e.renderers
	e.renderers = nil
	flags := e.flags
	p := &Pool{renderers: rs, start: func() (*Renderer, error) { return Start(bundle, flags...) }}
	for _, r := range rs {
		file := filepath.Join(r.dir, "ssr.cjs")
		if err := os.WriteFile(file, bundle, 0o644); err != nil {
			p.Close()
			return nil, fmt.Errorf("writing the server bundle: %w", err)
		}
		line, err := json.Marshal(file)
		if err != nil {
			p.Close()
			return nil, err
		}
		// Written at once, not queued (Renderer.write): nothing else writes before Load returns.
		_, err = r.stdin.Write(append(line, '\n'))
		if err != nil {
			// The process has stopped already (it could not start, or load React): say why.
			r.awaitExitAfterFailedWrite()
			p.Close()
			return nil, r.dead
		}
	}
	return p, nil
}

// Close stops the processes that were never given a bundle.
func (e *Early) Close() {
	for _, r := range e.renderers {
		r.Close()
	}
	e.renderers = nil
}
