package markdown

// A long-lived build (docsd watch) holds every page's Markdown all day, to render a page again when
// its links or sidebar change: 48 MB of sources at 10,000 pages, the file buffers whole (front
// matter too). Once a page's tree is released, PackSource keeps its source flate-compressed, a
// fraction of its size; a render, Sections, Bulk or Body unpacks it for the time of the call.

import (
	"bytes"
	"compress/flate"
	"io"
)

// PackSource compresses the document's source, if its tree is released (a tree points into the
// source) and it is not packed yet.
func (d *Doc) PackSource() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.root != nil || d.source == nil {
		return
	}
	var b bytes.Buffer
	zw, ok := d.conv.packers.Get().(*flate.Writer)
	if ok {
		zw.Reset(&b)
	} else {
		zw, _ = flate.NewWriter(&b, flate.BestSpeed)
	}
	zw.Write(d.source)
	zw.Close()
	d.conv.packers.Put(zw)
	d.packed, d.source = bytes.Clone(b.Bytes()), nil
}

// text is the document's source, unpacked if PackSource packed it. d.mu is held.
func (d *Doc) text() []byte {
	if d.source != nil || d.packed == nil {
		return d.source
	}
	src, err := io.ReadAll(flate.NewReader(bytes.NewReader(d.packed)))
	if err != nil {
		// Written by PackSource from memory: it cannot fail to read back.
		panic("markdown: unpacking a packed source: " + err.Error())
	}
	return src
}
