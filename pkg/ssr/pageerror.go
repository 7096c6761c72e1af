package ssr

import "fmt"

// PageError is a page that the renderer answered with an error: a component threw while the page
// rendered (React's message and the components it was in, site/src/entry-server.jsx), as opposed to
// a renderer that stopped. pkg/build reports it at the page's source file.
type PageError struct {
	URL     string
	Message string
}

func (e *PageError) Error() string {
	return fmt.Sprintf("rendering %s: %s", e.URL, e.Message)
}
