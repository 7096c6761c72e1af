package render

// A page's content is put into the server-rendered body as the document is written
// (Document.Content): the document must be the one the body with the content put in makes.

import (
	"bytes"
	"strings"
	"testing"

	"docsd/pkg/config"
	"docsd/pkg/site"
)

func TestContentWrittenInPlaceOfTheMarker(t *testing.T) {
	const marker = "<!--content-->"
	for _, c := range []struct{ body, content string }{
		{`<main>` + marker + `</main>`, "<p>text</p>"},
		{`<main>` + marker + `</main><aside>` + marker + `</aside>`, "<h2>a</h2>"},
		{`<main></main>`, "<p>never</p>"},
		{marker, ""},
		{marker + marker, marker}, // content holding the marker is not replaced again
		{`<p>` + marker, strings.Repeat("é", 1000)},
	} {
		base := Document{
			Site:     &site.SiteData{Site: &config.Site{Title: "T", Locales: []config.Locale{{Code: "en", HTMLLang: "en", Direction: "ltr"}}}, Locale: "en"},
			Page:     &site.PageData{Kind: site.KindDoc, Title: "P", Route: "/p"},
			SiteJSON: []byte("{}"), PageJSON: []byte("{}"), SidebarJSON: []byte("null"), NotFoundJSON: []byte("null"),
		}
		whole := base
		whole.Body = strings.ReplaceAll(c.body, marker, c.content)
		want, err := whole.HTML()
		if err != nil {
			t.Fatal(err)
		}
		spliced := base
		spliced.Body, spliced.Content, spliced.ContentMarker = c.body, c.content, marker
		got, err := spliced.HTML()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("body %q, content %q:\n got %s\nwant %s", c.body, c.content, got, want)
		}
	}
}
