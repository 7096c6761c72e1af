package build

// A page whose server render fails is the writer's mistake as much as an MDX syntax error is: a
// component of the page (its own, a site component, a hook such as useCurrentSidebarCategory on the
// wrong page) threw. It is reported at the page's source file, so `docsd build` names the file and
// `docsd watch` shows it in the overlay, keeping the last good page, as it does other MDX errors.

import (
	"errors"

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
