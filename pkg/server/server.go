// Package server serves a built site with the production URL contract (DESIGN.md §4), from a folder
// (docsd serve) or from memory (docsd watch): /docs/x serves x.html; /docs/x/, /docs/x.html and
// /docs/x/index.html redirect (301) to /docs/x; anything unknown is a 404 with the not-found page.
// Nothing outside the site is served: paths that escape it (.., encoded or not) are refused, and
// Dir (docsd serve) does not follow symbolic links out of the folder.
package server

import (
	"errors"
	"io/fs"
	"net/http"
	"net/url"
	"strings"
	"syscall"
)

// Handler serves files from fsys under basePath.
type Handler struct {
	FS       fs.FS
	BasePath string // e.g. /docs/
	gz       *gzipCache
}

// New returns a handler for a site folder.
func New(fsys fs.FS, basePath string) *Handler {
	if !strings.HasSuffix(basePath, "/") {
		basePath += "/"
	}
	return &Handler{FS: fsys, BasePath: basePath, gz: newGzipCache(gzipCacheBytes)}
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	raw := r.URL.EscapedPath()
	p, err := url.PathUnescape(raw)
	if err != nil || strings.Contains(p, "\x00") || strings.Contains(p, "\\") || hasDotDot(p) {
		h.notFound(w, r, http.StatusBadRequest)
		return
	}
	base := strings.TrimSuffix(h.BasePath, "/")
	if p == base {
		redirect(w, r, h.BasePath)
		return
	}
	if !strings.HasPrefix(p, h.BasePath) {
		if p == "/" {
			redirect(w, r, h.BasePath)
			return
		}
		h.notFound(w, r, http.StatusNotFound)
		return
	}
	rel := strings.TrimPrefix(p, h.BasePath)
	// Redirects of the URL contract.
	switch {
	case rel == "index.html":
		redirect(w, r, h.BasePath)
		return
	case strings.HasSuffix(rel, "/index.html"):
		redirect(w, r, base+"/"+strings.TrimSuffix(rel, "/index.html"))
		return
	case strings.HasSuffix(rel, ".html"):
		redirect(w, r, base+"/"+strings.TrimSuffix(rel, ".html"))
		return
	case rel != "" && strings.HasSuffix(rel, "/"):
		redirect(w, r, base+"/"+strings.TrimRight(rel, "/"))
		return
	}
	if rel == "" {
		rel = "index.html"
	}
	// /docs/x serves the file x, else x.html, else x/index.html.
	for _, name := range []string{rel, rel + ".html", rel + "/index.html"} {
		f, st, err := h.open(name)
		if err == nil {
			h.file(w, r, name, f, st)
			return
		}
		if errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) {
			// Out of open files: the page may well exist, so say "busy", not "not found".
			w.Header().Set("Retry-After", "1")
			http.Error(w, "server busy", http.StatusServiceUnavailable)
			return
		}
	}
	h.notFound(w, r, http.StatusNotFound)
}

func hasDotDot(p string) bool {
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." {
			return true
		}
	}
	return false
}

func redirect(w http.ResponseWriter, r *http.Request, to string) {
	if r.URL.RawQuery != "" {
		to += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, to, http.StatusMovedPermanently)
}

// open opens a file (never a folder) of the site.
func (h *Handler) open(name string) (fs.File, fs.FileInfo, error) {
	f, err := h.FS.Open(name)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil && st.IsDir() {
		err = fs.ErrNotExist
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

func (h *Handler) notFound(w http.ResponseWriter, r *http.Request, status int) {
	data, err := fs.ReadFile(h.FS, "404.html")
	if err != nil {
		http.Error(w, "404 page not found", status)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}
