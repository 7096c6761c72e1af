package build

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"docsd/pkg/content"
	"docsd/pkg/links"
	"docsd/pkg/site"
)

// checkLinks runs the link check of a rendered build: Markdown, docsd.toml and the references that
// assembly could not resolve, against the routes and every file of the build. recheck, when not
// nil, lists the only pages whose links need checking again: the rest are the last report's.
func (st *state) checkLinks(recheck map[string]bool) (done bool) {
	// Listed at each check (a walk of one small folder), so a React page added or removed counts
	// at once. A folder that cannot be read is a warning: the check goes on without its pages.
	react, err := site.ReactPageRoutes(st.cfg, st.b.opts.Root)
	if err != nil {
		st.warnings = append(st.warnings, &content.Error{File: st.cfg.SourceFile(st.cfg.PagesDir), Msg: err.Error()})
	}
	// A React page that came or went may fix or break a link on any page: check them all.
	if !maps.Equal(react, st.b.reactPages) {
		recheck = nil
	}
	st.b.reactPages = react
	if recheck != nil && st.prior != nil && !st.prior.linksDone {
		// The last build was interrupted before its link check: the report is of an older model,
		// and what that build moved (a page renamed) is in no list of pages to check again.
		recheck = nil
	}
	in := st.linksInput(react)
	if recheck != nil {
		in.Last, in.Recheck = st.b.report, recheck
		// Whether the last report is of the last build's model (a check that was stopped leaves it
		// older), and the files links may lead to are the same.
		lastModel := st.prior != nil && st.prior.linksDone && st.b.report != nil
		re := st.site.Restructured()
		switch {
		case st.linksOf && st.sameRoutes && lastModel:
			// This model is the last one with new documents: the check patches the last sums
			// (pkg/links/sums.go) and keeps the last structure (55 ms at 30,000 pages to walk again).
			in.SameModel = true
		case !lastModel || !maps.Equal(st.statics, st.prior.statics):
			if !st.linksOf {
				in.Last, in.Recheck = nil, nil // a structural edit: every page
			}
		case !st.linksOf || (re != nil && len(re.Gone) == 0 && st.site.Routes.Len() == st.prior.site.Routes.Len()):
			// A structural edit, or a re-assembly after a meta edit (site.WithMeta: no route comes
			// or goes): the pages whose links read what it moved are checked again too
			// (links.Input.Moved), and the structural links of what it made again
			// (links.Input.Restructured; a whole assembly's are walked again).
			in.Moved = movedRoutes(st.prior.site, st.site)
			in.Restructured = re
		}
	}
	if st.interruptible {
		// Newer edits stop the check (a whole one after an interrupted rebuild took 0.3-3 s at
		// 30,000 pages, and the next edit waited for it); the next rebuild checks again.
		in.Stop = st.req.interrupted
	}
	report := links.Run(in)
	if report == nil {
		return false
	}
	st.linksChecked = report.Checked
	st.problems = report.Problems
	st.b.report = report
	st.linksDone = true
	return true
}

// linksInput is what a check of this build's links reads, without a last report: a whole check.
func (st *state) linksInput(react map[string]string) links.Input {
	return links.Input{
		ReactPages:   react,
		Site:         st.site,
		Statics:      st.statics,
		Emitted:      st.files.Has,
		Config:       st.b.cfgRaw,
		ConfigFile:   "docsd.toml",
		ReadFile:     st.b.readSource,
		ShownAnchors: st.shownAnchors,
	}
}

// shownAnchors are the heading ids of an MDX page with those of the Markdown partials it shows
// (links.Input.ShownAnchors), as its table of contents reads them (mdxTOC); the check asks once a
// route.
func (st *state) shownAnchors(r *site.Route) []string {
	headings, found := st.shownHeadings(r)
	if !found {
		return nil
	}
	ids := make([]string, len(headings))
	for i, h := range headings {
		ids[i] = h.ID
	}
	return ids
}

// readSource reads a file of the project by the name problems use ("content/…", "docsd.toml"), for
// the positions of front-matter values, reference definitions and autolinks.
func (b *Builder) readSource(name string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(b.opts.Root, filepath.FromSlash(name)))
	if err != nil {
		return nil, fmt.Errorf("reading %s for link positions: %w", name, err)
	}
	return data, nil
}

// movedRoutes are the routes that are in one model and not the other, or whose page is built from
// another source or is generated in one and written in the other: what links to them may find
// otherwise (another page, other anchors, none).
func movedRoutes(before, now *site.Site) map[string]bool {
	moved := map[string]bool{}
	routes, gone := now.Routes.Keys(), before.Routes.Keys()
	if re := now.Restructured(); re != nil {
		// Re-assembled: every other route is the last model's.
		routes, gone = slices.Values(re.Routes), slices.Values(re.Gone)
	}
	for p := range routes {
		r, o := now.Routes.Get(p), before.Routes.Get(p)
		// (A page that became MDX or stopped being it reads its anchors otherwise: the partials
		// it shows.)
		if o == nil || o.Source != r.Source || (o.Doc == nil) != (r.Doc == nil) || o.MDX != r.MDX {
			moved[p] = true
		}
	}
	for p := range gone {
		if now.Routes.Get(p) == nil {
			moved[p] = true
		}
	}
	return moved
}
