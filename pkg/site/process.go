package site

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"docsd/pkg/content"
	"docsd/pkg/layered"
	"docsd/pkg/markdown"
	"docsd/pkg/mdx"
	"docsd/pkg/secrets"
)

// Parsed is one source file after the process step: Markdown parsed once, front matter read.
type Parsed struct {
	Src      content.Source
	FM       content.FrontMatter
	Doc      *markdown.Doc
	Category content.CategoryFile
	Authors  []content.Author
	Tags     []content.Tag
	Words    int
	// MDX is true for a page compiled as MDX (pkg/mdx): its content is a module, not Doc's HTML.
	MDX bool
	// Hash identifies the file's bytes, so an unchanged file is not parsed again.
	Hash string
	// Listing identifies what a blog's lists show of a post besides its front matter: its excerpt's
	// source and its reading time (listing). Empty for other files.
	Listing string
	// Excerpt is a doc without a `description` described by its content's first line, as
	// Docusaurus gives it (cardExcerpt); empty otherwise.
	Excerpt string
	// Anchors are what an MDX page's anchors read besides its document, joined: a partial's
	// heading ids, and the partials an MDX page or a partial shows (their headings are the page's
	// anchors too). An edit that changes them checks the links to the page again (pkg/build's
	// anchorsChanged).
	Anchors string
	// Warnings are problems the file was built despite (bytes that are not UTF-8, unknown
	// front-matter keys, unclosed fences) or skipped for (a binary file).
	Warnings []*content.Error
}

// Sources are a build's parsed sources by content path. The map is layered (pkg/layered): an edit's
// process step copies only the entries it changes; a whole copy of the map was the one part of an
// edit's process step that grew with the site (0.15 ms at 1,000 pages, 0.42 ms at 30,000).
type Sources = layered.Map[*Parsed]

// markMDX marks the routes of the sources compiled as MDX.
func markMDX(s *Site, parsed []*Parsed) {
	isMDX := map[string]bool{}
	for _, p := range parsed {
		if p.MDX {
			isMDX[p.Src.Path] = true
		}
	}
	for _, r := range s.Routes.All() {
		r.MDX = r.Source != "" && isMDX[r.Source]
	}
}

// Errors is every problem of a step, each keyed by file and line.
type Errors []error

func (e Errors) Error() string {
	parts := make([]string, len(e))
	for i, err := range e {
		parts[i] = err.Error()
	}
	return strings.Join(parts, "\n")
}

// Process reads and parses the given sources in parallel. Static files are only listed. (A build
// parses through its process step, pkg/build/process.go, which also keeps what did not change.)
// No credential is allowed (docsd.toml's [secrets] allow is the build's).
func Process(conv *markdown.Converter, sources []content.Source) ([]*Parsed, error) {
	reads := ReadAll(sources, func(s content.Source) (*Parsed, bool, error) {
		p, err := ProcessOne(conv, s, nil, nil)
		return p, true, err
	})
	out := make([]*Parsed, len(sources))
	var all Errors
	for i, r := range reads {
		if r.Err != nil {
			all = append(all, r.Err)
		}
		out[i] = r.Parsed
	}
	if len(all) > 0 {
		sort.Slice(all, func(i, j int) bool { return all[i].Error() < all[j].Error() })
		return nil, all
	}
	return out, nil
}

// Read is what ReadAll made of one source.
type Read struct {
	Parsed  *Parsed
	Changed bool // parsed anew, not kept (Reprocess's changed)
	Err     error
}

// ReadAll reads the sources on every core, each with read (Reprocess against what a build kept, or
// ProcessOne), and returns the outcomes in the sources' order. It is docsd's one parallel read loop:
// a build's process step (pkg/build/process.go) and Process both read through it. read runs on
// several goroutines at once.
func ReadAll(sources []content.Source, read func(content.Source) (*Parsed, bool, error)) []Read {
	out := make([]Read, len(sources))
	var wg sync.WaitGroup
	work := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				p, changed, err := read(sources[i])
				out[i] = Read{Parsed: p, Changed: changed, Err: err}
			}
		}()
	}
	for i := range sources {
		work <- i
	}
	close(work)
	wg.Wait()
	return out
}

// Reprocess parses a source again unless it is old's file with the same bytes, in which case old
// comes back as it is (a save that changed nothing, or a rescan of files that did not change):
// parsed results are kept by path and content hash. A static file is never compared: it is taken
// as changed. allow is the site's allow-list of credentials (ProcessOne).
func Reprocess(conv *markdown.Converter, s content.Source, old *Parsed, allow secrets.Allow) (p *Parsed, changed bool, err error) {
	if s.Kind == content.Static {
		// Looked at again, even when it was a static file before: an edit may have put a key in it.
		p, err := ProcessOne(conv, s, nil, allow)
		return p, err == nil, err
	}
	raw, err := content.ReadFile(s)
	if err != nil {
		return nil, false, err
	}
	if old != nil && old.Src == s && old.Hash == hashBytes(raw) {
		return old, false, nil
	}
	p, err = ProcessOne(conv, s, raw, allow)
	return p, err == nil, err
}

// ProcessOne parses one source; raw may be nil, then the file is read. A credential in it fails
// it (a static file is withheld) unless allow, the site's allow-list, holds it.
func ProcessOne(conv *markdown.Converter, s content.Source, raw []byte, allow secrets.Allow) (*Parsed, error) {
	p := &Parsed{Src: s}
	if s.Kind == content.Static {
		if w := content.SecretWarning(s, allow); w != nil {
			p.Src.Kind, p.Warnings = content.Withheld, []*content.Error{w}
		}
		return p, nil
	}
	var err error
	if raw == nil {
		if raw, err = content.ReadFile(s); err != nil {
			return nil, err
		}
	}
	p.Hash = hashBytes(raw)
	file := s.File()
	if w := content.BinaryWarning(file, raw); w != nil {
		p.Src.Kind, p.Warnings = content.Binary, []*content.Error{w}
		return p, nil
	}
	if fixed, w := content.FixUTF8(file, raw); w != nil {
		raw, p.Warnings = fixed, []*content.Error{w}
	}
	// A credential pasted into the text fails the page before any of its text is published.
	if err := content.SecretError(file, raw, allow); err != nil {
		return nil, err
	}
	switch s.Kind {
	case content.Doc, content.BlogPost, content.Page:
		fm, body, line, warns, err := content.ReadFrontMatter(file, raw, s.SiteKeys)
		if err != nil {
			return nil, err
		}
		p.FM = fm
		p.Warnings = append(p.Warnings, warns...)
		written := body
		if mdx.IsMDX(s.Path, mdx.PageFormat(fm.Format, s.Format), body) {
			// The page itself is compiled by the MDX compiler (pkg/mdx, at bundling); what docsd
			// reads of it (title, headings, links, text) comes from the same source without its
			// imports and exports.
			p.MDX = true
			unwrapped := mdx.UnwrapCodeBlocks(body)
			p.Anchors = shownPartials(unwrapped)
			body = mdx.ModelSource(unwrapped)
		}
		p.Doc = conv.Parse(body, line)
		for _, w := range p.Doc.Warnings {
			p.Warnings = append(p.Warnings, &content.Error{File: file, Line: w.Line, Column: w.Column, Msg: w.Msg})
		}
		if s.Kind == content.BlogPost {
			// Only a post's reading time reads its words: the sections' text counted for every
			// page was held from here to its render (Sections keeps it), the largest part of a
			// 50,000-page build's live heap (BENCHMARKS.md, Session 16).
			p.Words = countWords(p.Doc)
			p.Listing = listing(p, written)
		}
		if s.Kind == content.Doc && p.FM.Description == "" {
			p.Excerpt = cardExcerpt(written)
		}
		if p.FM.Title == "" {
			p.FM.Title = p.Doc.Title
		}
		if p.FM.Title == "" && s.Kind != content.Page {
			p.FM.Title = titleFromName(s, p.FM)
		}
		if s.Kind == content.BlogPost && p.FM.Date == "" && s.Abs != "" {
			if nameDate, _ := BlogFileName(s.Rel); nameDate == "" {
				t, err := fileDate(s.Abs)
				if err != nil {
					return nil, &content.Error{File: file, Msg: fmt.Sprintf("the post has no date and %v", err)}
				}
				p.FM.Date = t.Format(time.RFC3339)
			}
		}
	case content.Partial:
		p.Anchors = PartialAnchors(conv, file, raw)
	case content.Category:
		var warns []*content.Error
		p.Category, warns, err = content.ReadCategory(s.File(), raw)
		p.Warnings = append(p.Warnings, warns...)
	case content.BlogAuthors:
		p.Authors, err = content.ReadAuthors(s.File(), raw)
	case content.BlogTags:
		p.Tags, err = content.ReadTags(s.File(), raw)
	}
	if err != nil {
		return nil, err
	}
	return p, nil
}

// titleFromName is the title of a page with neither `title:` nor a leading `# heading`, as
// Docusaurus gives it: a doc's id (front matter, else its file name without a number prefix), a
// blog post's file or folder name without its date (the date when the name is nothing else).
func titleFromName(s content.Source, fm content.FrontMatter) string {
	if s.Kind == content.BlogPost {
		date, text := BlogFileName(s.Rel)
		if text == "" {
			return date
		}
		return text
	}
	if fm.ID != "" {
		return fm.ID
	}
	name := strings.TrimSuffix(strings.TrimSuffix(path.Base(s.Rel), ".md"), ".mdx")
	if t := numberPrefix.ReplaceAllString(name, ""); t != "" {
		return t
	}
	return name
}

// numberPrefix is the ordering prefix Docusaurus drops from file names: "01-", "1_", "2. ".
var numberPrefix = regexp.MustCompile(`^\d+\s*[-_.]+\s*`)

// countWords counts a page's words, and lets go of the sections' text it made them from: a
// render makes it again, from the tree it renders.
func countWords(d *markdown.Doc) int {
	n := 0
	for _, s := range d.Sections() {
		n += countFields(s.Text) + countFields(s.Heading)
	}
	d.ReleaseSections()
	return n
}

// countFields is len(strings.Fields(s)) without making the fields: every page's words are
// counted once (reading time), and the slices were 0.2 s of a 10,000-page build's CPU.
func countFields(s string) int {
	n, inField := 0, false
	for i := 0; i < len(s); {
		var space bool
		if c := s[i]; c < utf8.RuneSelf {
			space = c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			space = unicode.IsSpace(r)
			i += size
		}
		if !space && !inField {
			n++
		}
		inField = !space
	}
	return n
}

// IsError reports whether err is a user's mistake (a file problem) rather than a failure of docsd.
func IsError(err error) bool {
	var ce *content.Error
	var es Errors
	return errors.As(err, &ce) || errors.As(err, &es)
}

func hashBytes(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

// shownPartials names the partials an MDX body (its mdx-code-block fences unwrapped) shows, for
// Parsed.Anchors: a partial added, removed or swapped changes the page's anchors.
func shownPartials(unwrapped []byte) string {
	parts := mdx.FindPartials(unwrapped)
	if parts == nil {
		return ""
	}
	return "\x01" + strings.Join(parts.Specs, "\x00")
}

// PartialAnchors is what a partial gives the anchors of the MDX pages that show it: its heading ids
// and the partials it shows in turn, joined (Parsed.Anchors). Front matter that does not decode is
// the compiler's to report, where the partial is imported: no anchors then.
func PartialAnchors(conv *markdown.Converter, file string, raw []byte) string {
	body, line, err := content.FrontMatterBody(file, raw)
	if err != nil {
		return ""
	}
	unwrapped := mdx.UnwrapCodeBlocks(body)
	var ids []string
	for _, h := range conv.Parse(mdx.ModelSource(unwrapped), line).Headings {
		ids = append(ids, h.ID)
	}
	return strings.Join(ids, "\x00") + shownPartials(unwrapped)
}
