// A page's own head elements (an MDX page's <Head>), which React's HTML opens with, go to the
// document's head, a <title> in place of docsd's; the resources React manages (the MDX chunks'
// stylesheets, the logo's preload) stay where React wrote them.
package render

import (
	"strings"
	"testing"

	"docsd/pkg/config"
	"docsd/pkg/site"
)

func TestPageHeadElementsGoToTheHead(t *testing.T) {
	doc := func(body string) (head, rest string) {
		t.Helper()
		html := documentHTML(t, body, "", "")
		end := strings.Index(html, "</head>")
		start := strings.Index(html, `<div id="__docsd">`) + len(`<div id="__docsd">`)
		return html[:end], html[start:strings.Index(html, `</div><script id="__docsd_data"`)]
	}
	sheet := `<link rel="stylesheet" href="/docs/assets/m.css" data-precedence="mdx"/><link rel="preload" as="image" href="/docs/img/logo.svg"/>`
	head, body := doc(sheet + `<meta name="keywords" content="a, b"/><title>Own &amp; title</title><link rel="canonical" href="/x"/><div class="site">x<meta name="late"/></div>`)
	if strings.Count(head, "<title>") != 1 || !strings.Contains(head, "<title>Own &amp; title</title>") {
		t.Errorf("the head's title: %s", head)
	}
	for _, want := range []string{`<meta name="keywords" content="a, b"/>`, `<link rel="canonical" href="/x"/>`} {
		if !strings.Contains(head, want) {
			t.Errorf("the head lacks %s", want)
		}
	}
	if want := sheet + `<div class="site">x<meta name="late"/></div>`; body != want {
		t.Errorf("the body\n%s\nwant\n%s", body, want)
	}
	// Without elements of its own, the page keeps docsd's title and its whole body.
	head, body = doc(`<div class="site">y</div>`)
	if !strings.Contains(head, "<title>P | T</title>") || body != `<div class="site">y</div>` {
		t.Errorf("head %s\nbody %s", head, body)
	}
	// A tag React did not finish is left in the body.
	if _, body = doc(`<meta name="cut"`); body != `<meta name="cut"` {
		t.Errorf("body %s", body)
	}
}

// React's resources among the elements (an async script, a style with a precedence) are kept and
// read past; the last of two titles is the page's, as the last <Head> sets the tab's title; an
// empty title (React's for one written in pieces) is none; a page's description or canonical link
// takes the place of docsd's; an excerpt loses the page's elements and keeps React's.
func TestPageHeadElementsReadPastReactsResources(t *testing.T) {
	html := `<script async="" src="https://x.test/w.js"></script><style data-precedence="p" data-href="a">.a{}</style>` +
		`<title>First</title><meta name="description" content="Own"/><title>Last</title><title></title><link rel="canonical" href="https://x.test/own"/><p>Text</p>`
	h := PageHeadElements(html)
	if h.Title != "<title>Last</title>" || h.Others != `<meta name="description" content="Own"/><link rel="canonical" href="https://x.test/own"/>` ||
		h.Kept != `<script async="" src="https://x.test/w.js"></script><style data-precedence="p" data-href="a">.a{}</style>` || html[h.From:] != "<p>Text</p>" {
		t.Errorf("%+v", h)
	}
	if got := h.Without(html); got != h.Kept+"<p>Text</p>" {
		t.Errorf("without the page's elements: %s", got)
	}
	out := documentHTML(t, html, "https://x.test", "docsd's")
	head := out[:strings.Index(out, "</head>")]
	for _, want := range []string{`<title>Last</title>`, `<meta name="description" content="Own"/>`, `<link rel="canonical" href="https://x.test/own"/>`, `<meta property="og:description" content="docsd&#39;s">`} {
		if strings.Count(head, want) != 1 {
			t.Errorf("the head has %q %d times", want, strings.Count(head, want))
		}
	}
	// docsd's own description and canonical link gave way, and so do its viewport, og:url and
	// favicon to a page's own.
	if strings.Count(head, `name="description"`) != 1 || strings.Count(head, `rel="canonical"`) != 1 {
		t.Errorf("the head has a description or canonical link twice:\n%s", head)
	}
	own := documentHTML(t, `<meta name="viewport" content="width=1000"/><meta property="og:url" content="https://x.test/own"/><link rel="icon" href="/own.svg"/><p>x</p>`, "https://x.test", "")
	own = own[:strings.Index(own, "</head>")]
	for _, one := range []string{`name="viewport"`, `property="og:url"`, `rel="icon"`} {
		if strings.Count(own, one) != 1 {
			t.Errorf("the head has %s %d times:\n%s", one, strings.Count(own, one), own)
		}
	}
}

// documentHTML is the document of a page whose server-rendered HTML is body, on a site at url
// (none: "") and with a description of its own (none: "").
func documentHTML(t *testing.T, body, url, description string) string {
	t.Helper()
	d := &Document{
		Site:         &site.SiteData{Site: &config.Site{Title: "T", URL: url, BasePath: "/docs/", Favicon: "img/f.svg", Locales: []config.Locale{{Code: "en", HTMLLang: "en", Direction: "ltr"}}}, Locale: "en"},
		Page:         &site.PageData{Kind: site.KindDoc, Title: "P", Description: description, Route: "/docs/p"},
		Body:         body,
		SiteJSON:     []byte("{}"),
		PageJSON:     []byte("{}"),
		SidebarJSON:  []byte("null"),
		NotFoundJSON: []byte("null"),
	}
	out, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
