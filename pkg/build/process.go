package build

// The process step of a rebuild: only the paths the watcher reported are looked at (a single source
// is added, parsed again or removed in the kept list); a folder, a link or a configuration change
// that may move every file rescans content/, and even then a file whose bytes did not change is not
// parsed again. What each changed file changed becomes graph nodes for the assemble step.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"

	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/graph"
	"docsd/pkg/layered"
	"docsd/pkg/secrets"
	"docsd/pkg/site"
)

// processed is the outcome of a rebuild's process step.
type processed struct {
	byPath *site.Sources // every source of the site, by path relative to content/
	// changed are the graph nodes the changed files dirty; structural is true when a file was
	// added, removed, or changed what routes exist (its id, slug, draft state, a category file).
	changed    []graph.Node
	structural bool
	// moved are the paths of the structural changes: added, removed, or what routes exist changed.
	moved []string
	// skipped are the files content.Scan refused (links out of the project, FIFOs...): the last
	// scan's, or this rebuild's when it rescanned.
	skipped []*content.Error
	// parsed are the paths whose parsed result is new or gone, sorted: the documents this step
	// filled (state.release).
	parsed []string
}

// list is the parsed sources in the order of content.Scan (by path), as Assemble expects them.
func (p *processed) list() []*site.Parsed {
	out := make([]*site.Parsed, 0, p.byPath.Len())
	for _, parsed := range p.byPath.All() {
		out = append(out, parsed)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Src.Path < out[j].Src.Path })
	return out
}

// warned lists, sorted, the paths of the sources that have warnings, from last (the last build's)
// and the paths this step parsed: a source not parsed again has the warnings it had. Looking at
// every source for warnings was an edit's cost that grew with the site.
func (p *processed) warned(last []string) []string {
	now := map[string]bool{}
	for _, path := range last {
		now[path] = true
	}
	for _, path := range p.parsed {
		parsed := p.byPath.Get(path)
		now[path] = parsed != nil && len(parsed.Warnings) > 0
	}
	var out []string
	for path, ok := range now {
		if ok {
			out = append(out, path)
		}
	}
	sort.Strings(out)
	return out
}

// withWarnings is the sources at paths (sorted), for readWarnings.
func (p *processed) withWarnings(paths []string) []*site.Parsed {
	out := make([]*site.Parsed, 0, len(paths))
	for _, path := range paths {
		if parsed := p.byPath.Get(path); parsed != nil {
			out = append(out, parsed)
		}
	}
	return out
}

// fromEmpty is what the process step of a full build (no last build) does beside parsing: sized is
// told how many sources the scan found before they are read (Options.Sized), and release, when
// set, receives each parsed source on the worker that parsed it (a build that parses pages again
// when they render drops each tree there, so no more trees are held than there are cores:
// releasing them after every page was parsed held the whole site's trees at once, the peak of a
// 10,000-page build's memory, 400 MB).
type fromEmpty struct {
	sized   func(sources int, mdxBytes int64)
	release func(*site.Parsed)
}

// process brings last's parsed sources up to date with the reported content paths (relative to
// content/); rescan looks at every file instead. A full build is the case of no last build (last
// nil, rescan true): every file is new, and empty says what else that build asks.
func (b *Builder) process(last *site.Sources, skipped []*content.Error, cfg *config.Site, reported []string, rescan bool, empty *fromEmpty) (*processed, error) {
	layout := b.layout(cfg)
	root := cfg.Content(b.opts.Root)
	allow := cfg.Allowed()
	byPath := last.Clone()       // a copy of what this step changes, sharing the rest (layered)
	changed := map[string]bool{} // paths whose parsed result is new, or gone
	var others []string          // reported files of the content folder the scan does not take
	cards := b.assets != nil && len(b.assets.MDX) > 0
	var errs site.Errors
	if !rescan {
		for _, rel := range reported {
			if content.Skips(rel) {
				continue
			}
			abs := filepath.Join(root, filepath.FromSlash(rel))
			info, err := os.Lstat(abs)
			switch {
			case err == nil && info.Mode().IsRegular() && !b.throughLink(root, rel):
				src, ok := content.Classify(rel, layout)
				if !ok {
					if byPath.Has(rel) {
						byPath.Delete(rel)
						changed[rel] = true
					} else {
						others = append(others, rel)
					}
					continue
				}
				src.Abs = abs
				p, isNew, err := site.Reprocess(b.conv, src, byPath.Get(rel), allow)
				if err != nil {
					errs = append(errs, err)
					continue
				}
				if isNew {
					byPath.Set(rel, p)
					changed[rel] = true
				}
			case errors.Is(err, fs.ErrNotExist):
				// Gone: a file, or a folder and everything that was in it (only a path that was no
				// source may be a folder: looking at every source for one grew with the site).
				if byPath.Has(rel) {
					byPath.Delete(rel)
					changed[rel] = true
					continue
				}
				if skippedAt(skipped, content.Source{Path: rel, Folder: layout.Folder}.File()) {
					// A file the scan refused (a link out of the project) is no source: the
					// scan that listed it says whether it is still there.
					rescan = true
					continue
				}
				var inside []string
				for p := range byPath.Keys() {
					if strings.HasPrefix(p, rel+"/") {
						inside = append(inside, p)
					}
				}
				for _, p := range inside {
					byPath.Delete(p)
					changed[p] = true
				}
			default:
				// A folder, a link or something else: content.Scan decides what it holds.
				rescan = true
			}
		}
	}
	if rescan {
		var err error
		if byPath, skipped, errs, err = b.rescan(root, layout, allow, last, reported, changed, empty); err != nil {
			return nil, err
		}
	}
	if len(errs) > 0 {
		sort.Slice(errs, func(i, j int) bool { return errs[i].Error() < errs[j].Error() })
		return nil, errs
	}
	paths := make([]string, 0, len(changed))
	for p := range changed {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	out := &processed{byPath: byPath, skipped: skipped, parsed: paths}
	for _, f := range others {
		// No source, but a file MDX pages may import (content/snippets/_p.md; with content_dir
		// ".", website/src/partials/_p.md): the pages that read it render, and the bundle, which
		// holds it, is made again (mdxTouched).
		out.changed = append(out.changed, graph.File(f))
	}
	for _, f := range paths {
		old, oldOK := last.Lookup(f)
		now, nowOK := byPath.Lookup(f)
		if !oldOK || !nowOK {
			out.structural, out.moved = true, append(out.moved, f)
			continue
		}
		switch now.Src.Kind {
		case content.Category, content.Static, content.Withheld:
			out.structural, out.moved = true, append(out.moved, f)
			continue
		}
		if routeFieldsChanged(old.FM, now.FM) || old.MDX != now.MDX {
			// A page that became an MDX module or stopped being one (an export, JSX) changes the
			// bundle's set of pages and how its route renders: re-assembled as moved, not a body.
			out.structural, out.moved = true, append(out.moved, f)
			continue
		}
		out.changed = append(out.changed, graph.File(f))
		if metaChanged(old, now, cards) {
			out.changed = append(out.changed, graph.Meta(f))
		}
		if anchorsChanged(old, now) {
			out.changed = append(out.changed, graph.Anchors(f))
		}
	}
	return out, nil
}

// mdxBytes is the size of the .mdx files among sources (Options.Sized): an MDX page keeps several
// times what a Markdown page of its size keeps until it renders. A page that is a link (the scan
// follows those inside the project) counts its file's bytes. A file that cannot be stat'ed counts
// nothing here; reading it will say why.
func mdxBytes(sources []content.Source) int64 {
	var n int64
	for _, src := range sources {
		if !strings.HasSuffix(src.Path, ".mdx") {
			continue
		}
		if info, err := os.Stat(src.Abs); err == nil {
			n += info.Size()
		}
	}
	return n
}

// skippedAt reports whether the scan refused the file at file (a project path), or one under it.
func skippedAt(skipped []*content.Error, file string) bool {
	for _, e := range skipped {
		if e.File == file || strings.HasPrefix(e.File, file+"/") {
			return true
		}
	}
	return false
}

// rescan lists content/ again, keeping the parsed result of every file whose bytes are the same
// (static files: whose place is the same, unless reported), and marks the paths that changed. The
// files are read on every core: from empty (a full build) rescan parses the whole site.
func (b *Builder) rescan(root string, layout content.Layout, allow secrets.Allow, last *site.Sources, reported []string,
	changed map[string]bool, empty *fromEmpty) (*site.Sources, []*content.Error, site.Errors, error) {
	sources, skipped, err := content.Scan(root, layout)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("scanning content: %w", err)
	}
	var mdx int64
	if empty != nil && empty.sized != nil {
		mdx = mdxBytes(sources)
		empty.sized(len(sources), mdx)
	}
	wasReported := map[string]bool{}
	for _, r := range reported {
		wasReported[r] = true
	}
	results := site.ReadAll(sources, func(src content.Source) (*site.Parsed, bool, error) {
		old := last.Get(src.Path)
		if src.Kind == content.Static && old != nil && old.Src == src && !wasReported[src.Path] {
			return old, false, nil
		}
		p, isNew, err := site.Reprocess(b.conv, src, old, allow)
		if err == nil && isNew && empty != nil && empty.release != nil {
			empty.release(p)
		}
		return p, isNew, err
	})
	byPath := make(map[string]*site.Parsed, len(sources))
	var errs site.Errors
	for i, src := range sources {
		r := results[i]
		if r.Err != nil {
			errs = append(errs, r.Err)
			continue
		}
		byPath[src.Path] = r.Parsed
		if r.Changed {
			changed[src.Path] = true
		}
	}
	for p := range last.Keys() {
		if byPath[p] == nil {
			changed[p] = true
		}
	}
	if empty != nil && empty.sized != nil {
		// A .md page written in MDX (Docusaurus 3 reads .md files as MDX) keeps what an .mdx page
		// keeps, but is known only once read: the limit grows by its bytes before any compiles.
		if md := mdPagesInMDX(results); md > 0 {
			empty.sized(len(sources), mdx+md)
		}
	}
	return layered.From(byPath), skipped, errs, nil
}

// mdPagesInMDX is the size of the pages among read that are compiled as MDX but are not .mdx
// files (mdxBytes counted those before they were read).
func mdPagesInMDX(read []site.Read) int64 {
	var n int64
	for _, r := range read {
		if r.Err != nil || r.Parsed == nil || !r.Parsed.MDX || strings.HasSuffix(r.Parsed.Src.Path, ".mdx") {
			continue
		}
		if info, err := os.Stat(r.Parsed.Src.Abs); err == nil {
			n += info.Size()
		}
	}
	return n
}

// throughLink reports a path reached through a symbolic link (a linked folder above the file):
// content.Scan alone decides whether such a link stays inside the project, so the caller rescans.
func (b *Builder) throughLink(root, rel string) bool {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return true
	}
	real, err := filepath.EvalSymlinks(filepath.Join(root, filepath.FromSlash(rel)))
	return err != nil || real != filepath.Join(realRoot, filepath.FromSlash(rel))
}

// routeFieldsChanged reports a change that moves or hides a page: a structural change.
func routeFieldsChanged(a, b content.FrontMatter) bool {
	return a.ID != b.ID || a.Slug != b.Slug || a.Draft != b.Draft || a.Unlisted != b.Unlisted || a.Date != b.Date ||
		!reflect.DeepEqual(a.Tags, b.Tags) // an inline blog tag is a page of its own
}

// metaChanged reports a change to what other pages show of this one.
// cards says whether the site shows <DocCardList> cards (it has MDX pages): only then is the first
// line of a doc without a description something other pages show. Without them, an edit of a page's
// first paragraph is a body edit, not one that renders its neighbours and category again.
func metaChanged(a, b *site.Parsed, cards bool) bool {
	if !reflect.DeepEqual(a.FM, b.FM) || a.Listing != b.Listing {
		return true // (Listing: a blog post's excerpt or reading time, which its blog's lists show)
	}
	if cards && b.FM.Description == "" && a.Excerpt != b.Excerpt {
		return true
	}
	return a.Doc != nil && b.Doc != nil && a.Doc.Title != b.Doc.Title
}

// anchorsChanged reports a change to the ids #anchor links find on the page: heading ids and the
// ids of its raw HTML; or, for a partial, those it gives the pages that show it.
func anchorsChanged(a, b *site.Parsed) bool {
	if a.Anchors != b.Anchors {
		return true
	}
	if a.Doc == nil || b.Doc == nil {
		return a.Doc != b.Doc
	}
	if !slices.Equal(a.Doc.HTMLIDs(), b.Doc.HTMLIDs()) || len(a.Doc.Headings) != len(b.Doc.Headings) {
		return true
	}
	for i := range a.Doc.Headings {
		if a.Doc.Headings[i].ID != b.Doc.Headings[i].ID {
			return true
		}
	}
	return false
}
