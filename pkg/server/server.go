// Package server serves a built site with the production URL contract (DESIGN.md §4), from a folder
// (docsd serve) or from memory (docsd watch): /docs/x serves x.html; /docs/x/, /docs/x.html and
// /docs/x/index.html redirect (301) to /docs/x; anything unknown is a 404 with the not-found page.
// Nothing outside the site is served: paths that escape it (.., encoded or not) are refused.
package server

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"
)

// Handler serves files from fsys under basePath.
type Handler struct {
	FS       fs.FS
	BasePath string // e.g. /docs/
}

// New returns a handler for a site folder.
func New(fsys fs.FS, basePath string) *Handler {
	if !strings.HasSuffix(basePath, "/") {
		basePath += "/"
	}
	return &Handler{FS: fsys, BasePath: basePath}
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
		h.file(w, r, "index.html", http.StatusOK)
		return
	}
	if h.exists(rel) {
		h.file(w, r, rel, http.StatusOK)
		return
	}
	if h.exists(rel + ".html") {
		h.file(w, r, rel+".html", http.StatusOK)
		return
	}
	if h.exists(rel + "/index.html") {
		h.file(w, r, rel+"/index.html", http.StatusOK)
		return
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

func (h *Handler) exists(rel string) bool {
	st, err := fs.Stat(h.FS, rel)
	return err == nil && !st.IsDir()
}

func (h *Handler) file(w http.ResponseWriter, r *http.Request, rel string, status int) {
	data, err := fs.ReadFile(h.FS, rel)
	if err != nil {
		h.notFound(w, r, http.StatusNotFound)
		return
	}
	ctype := mime.TypeByExtension(path.Ext(rel))
	if ctype == "" {
		ctype = http.DetectContentType(data)
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if strings.HasPrefix(rel, "assets/") {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	if status == http.StatusOK {
		w.Header().Add("Vary", "Accept-Encoding")
		if z, ok := compressed(r, ctype, data); ok {
			w.Header().Set("Content-Encoding", "gzip")
			data = z
		}
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
		return
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}

// compressed gzips text files for clients that accept it, as the hosts the site is deployed to do;
// range requests and small or already compressed files are served as they are.
func compressed(r *http.Request, ctype string, data []byte) ([]byte, bool) {
	if len(data) < 1024 || r.Header.Get("Range") != "" || !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		return nil, false
	}
	text := strings.HasPrefix(ctype, "text/") || strings.Contains(ctype, "javascript") || strings.Contains(ctype, "json") ||
		strings.Contains(ctype, "xml") || strings.Contains(ctype, "svg")
	if !text {
		return nil, false
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	zw.Write(data)
	if zw.Close() != nil {
		return nil, false
	}
	return b.Bytes(), true
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
