// How one file of the site is sent: streamed from the file (never read whole), with Range,
// conditional requests (ETag, Last-Modified) and HEAD from http.ServeContent, and text gzipped once
// per version of the file for clients that accept it (gzcache.go).
package server

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

const (
	// gzipMin is the size under which gzip saves too little to be worth it (nginx's gzip_min_length
	// in deploy/nginx/docsd.conf).
	gzipMin = 1024
	// gzipMax is the size above which a file is streamed as it is: compressing it would hold its
	// whole gzipped body in memory, per request or in the cache.
	gzipMax = 8 << 20
	// gzipCacheBytes bounds the memory the gzipped bodies take (the whole Vela site is ~15 MB gzipped).
	gzipCacheBytes = 64 << 20
)

// file sends f, the file name of the site, and closes it.
func (h *Handler) file(w http.ResponseWriter, r *http.Request, name string, f fs.File, st fs.FileInfo) {
	defer f.Close()
	content, ok := f.(io.ReadSeeker)
	if !ok {
		// Every fs.FS docsd uses gives seekable files; any other is read whole.
		data, err := io.ReadAll(f)
		if err != nil {
			h.notFound(w, r, http.StatusNotFound)
			return
		}
		content = bytes.NewReader(data)
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		var err error
		if ctype, err = sniff(content); err != nil {
			h.notFound(w, r, http.StatusNotFound)
			return
		}
	}
	hdr := w.Header()
	hdr.Set("Content-Type", ctype)
	hdr.Set("X-Content-Type-Options", "nosniff")
	if strings.HasPrefix(name, "assets/") {
		hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		hdr.Set("Cache-Control", "no-cache")
	}
	hdr.Add("Vary", "Accept-Encoding")
	// A strong validator for this version of the file, when it has one: files held in memory by
	// docsd watch have no modification time, and get no ETag (as before).
	etag := ""
	if !st.ModTime().IsZero() {
		etag = fmt.Sprintf(`"%x-%x`, st.ModTime().UnixNano(), st.Size())
	}
	size := st.Size()
	if size >= gzipMin && size <= gzipMax && compressible(ctype) && acceptsGzip(r) {
		body, err := h.gzipped(name, st, content)
		if err != nil {
			h.notFound(w, r, http.StatusNotFound)
			return
		}
		hdr.Set("Content-Encoding", "gzip")
		// ServeContent leaves the length out when an encoding is set; this one is known.
		hdr.Set("Content-Length", strconv.Itoa(len(body)))
		if etag != "" {
			hdr.Set("ETag", etag+`-gz"`) // each encoding is its own representation
		}
		http.ServeContent(w, r, "", st.ModTime(), bytes.NewReader(body))
		return
	}
	if etag != "" {
		hdr.Set("ETag", etag+`"`)
	}
	http.ServeContent(w, r, "", st.ModTime(), content)
}

// gzipped returns the gzipped content of a file, from the cache when the file has a modification
// time to tell its versions apart, else compressed for this request.
func (h *Handler) gzipped(name string, st fs.FileInfo, content io.Reader) ([]byte, error) {
	compress := func() ([]byte, error) {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.DefaultCompression)
		if _, err := io.Copy(zw, content); err != nil {
			return nil, fmt.Errorf("gzip %s: %w", name, err)
		}
		if err := zw.Close(); err != nil {
			return nil, fmt.Errorf("gzip %s: %w", name, err)
		}
		return b.Bytes(), nil
	}
	if h.gz == nil || st.ModTime().IsZero() {
		return compress()
	}
	return h.gz.get(gzKey{path: name, size: st.Size(), mtime: st.ModTime().UnixNano()}, compress)
}

// acceptsGzip: range requests get the file as it is (ranges of a gzipped body help no one).
func acceptsGzip(r *http.Request) bool {
	return r.Header.Get("Range") == "" && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip")
}

// compressible lists the types deploy/nginx/docsd.conf gzips (gzip_types).
func compressible(ctype string) bool {
	return strings.HasPrefix(ctype, "text/") || strings.Contains(ctype, "javascript") || strings.Contains(ctype, "json") ||
		strings.Contains(ctype, "xml") || strings.Contains(ctype, "svg")
}

// sniff guesses the type of a file without an extension from its first 512 bytes, then rewinds it.
func sniff(content io.ReadSeeker) (string, error) {
	var buf [512]byte
	n, err := io.ReadFull(content, buf[:])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return "", err
	}
	if _, err := content.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	return http.DetectContentType(buf[:n]), nil
}
