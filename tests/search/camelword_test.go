// Tests of the browser's ranking on a small made-up site: a camel-case word in a page's title is a
// product's name, and its parts do not title the page (pkg/search's shard, distinctWhole).

package search

import (
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// "OpenID Connect" is titled with OpenID, not with "open" and "id": "max open connections" is the
// database settings whose table defines the most open connections, not the page whose title
// "open" (a part of "OpenID") and "connect" would cover (readers32.tsv's "postgres max open
// connections"). The page's own name still finds it.
func TestCamelCaseTitleWordIsAName(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	addPage(x, "/docs/openid", "OpenID Connect",
		search.Section{Text: "A step requests an ID token to log in to a cloud without a stored secret, and the cloud connects it to a role."},
		search.Section{ID: "claims", Heading: "Claims", Text: "The token names the repository and the build."})
	addPage(x, "/docs/database", "Database settings",
		search.Section{Text: "The server's settings for its database."},
		search.Section{ID: "settings", Heading: "Settings", Keys: "--database.connection.open --database.connection.idle",
			Text: "--database.connection.open · the most open connections at once. --database.connection.idle · the most idle connections kept."})
	addGuides(x, "A page about the server, builds and steps.")
	wantFirst(t, x, []struct{ q, want string }{
		{"max open connections", "/docs/database"},
		{"openid connect", "/docs/openid"},
		{"openid", "/docs/openid"},
	})
}
