package build

// A page whose server render fails is the writer's mistake as much as an MDX syntax error is: a
// component of the page (its own, a site component, a hook such as useCurrentSidebarCategory on the
// wrong page) threw. It is reported at the page's source file, so `docsd build` names the file and
// `docsd watch` shows it in the overlay, keeping the last good page, as it does other MDX errors.

import (
	"errors"
	"sort"

	"docsd/pkg/content"
	"docsd/pkg/site"
	"docsd/pkg/ssr"
)

// renderError is err (from rendering route r on the server) at r's source file when a component
// threw; a renderer that stopped, or a generated page (no source file), keeps err as it is.
func renderError(r *site.Route, what string, err error) error {
	var pe *ssr.PageError
	if r.File == "" || !errors.As(err, &pe) {
		return err
	}
	return &content.Error{File: r.File, Msg: what + " failed on the server (" + pe.URL + "): " + pe.Message}
}

// pageErrors are the errors of the pages whose server render threw, gathered across the parts of
// a build (streamPages, renderPages, an incremental build's pages on screen and the rest): such a
// page does not stop the others, so one build reports them all. It is a site.Errors to its
// readers (errors.As), as the MDX compile errors are.
type pageErrors struct{ list site.Errors }

func (e *pageErrors) Error() string { return e.list.Error() }
func (e *pageErrors) Unwrap() error { return e.list }

// add gathers err's page errors and reports whether the build may go on: err is nil or only such
// errors.
func (e *pageErrors) add(err error) bool {
	if err == nil {
		return true
	}
	var pe *pageErrors
	if !errors.As(err, &pe) {
		return false
	}
	e.list = append(e.list, pe.list...)
	return true
}

// err is the errors gathered, sorted by text (so by file), or nil.
func (e *pageErrors) err() error {
	if len(e.list) == 0 {
		return nil
	}
	sort.Slice(e.list, func(i, j int) bool { return e.list[i].Error() < e.list[j].Error() })
	return &pageErrors{list: e.list}
}
