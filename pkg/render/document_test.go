// The head of a page asks for nothing but its stylesheet before the first paint: the shell's code
// and the sidebar's data wait for the boot script (issue 22's Lighthouse goal on phones).
package render

import (
	"regexp"
	"strings"
	"testing"

	"docsd/pkg/config"
	"docsd/pkg/site"
)

func TestHeadLoadsTheShellAfterThePaint(t *testing.T) {
	d := &Document{
		Site:         &site.SiteData{Site: &config.Site{Title: "T", BasePath: "/docs/", Locales: []config.Locale{{Code: "en", HTMLLang: "en", Direction: "ltr"}}}, Locale: "en"},
		Page:         &site.PageData{Kind: site.KindDoc, Title: "P", Route: "/docs/p"},
		SiteJSON:     []byte("{}"),
		PageJSON:     []byte("{}"),
		SidebarJSON:  []byte("null"),
		SidebarURL:   "/docs/__data/sidebars/s.json",
		NotFoundJSON: []byte("null"),
		Assets:       Assets{CSS: []string{"/docs/assets/e.css"}, JS: "/docs/assets/e.js", Preload: []string{"/docs/assets/a.js", "/docs/assets/b&c.js"}},
	}
	out, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	html := string(out)
	head := html[:strings.Index(html, "</head>")]
	// Nothing the browser fetches on its own from the head but the stylesheet (and the favicon).
	for _, tag := range regexp.MustCompile(`<(link|script)\b[^>]*>`).FindAllString(head, -1) {
		if strings.Contains(tag, `id="__docsd_boot"`) || strings.Contains(tag, `rel="stylesheet"`) || strings.Contains(tag, `rel="icon"`) || strings.Contains(tag, `rel="canonical"`) || strings.Contains(tag, `rel="alternate"`) {
			continue
		}
		if strings.Contains(tag, "src=") || strings.Contains(tag, "preload") {
			t.Errorf("the head fetches before the first paint: %s", tag)
		}
	}
	boot := `<script id="__docsd_boot" data-src="/docs/assets/e.js" data-preload="/docs/assets/a.js /docs/assets/b&amp;c.js" data-fetch="/docs/__data/sidebars/s.json">`
	i := strings.Index(head, boot)
	if i < 0 {
		t.Fatalf("the head has no boot script %s…", boot)
	}
	script := head[i+len(boot):]
	// The module runs once the document is parsed (the shell reads the page's data at its end),
	// even when the page painted before the parser was done.
	for _, want := range []string{`"first-contentful-paint"`, `type:"module"`, `rel:"modulepreload"`, `as:"fetch"`, `visibilityState==="hidden"`, `"DOMContentLoaded"`} {
		if !strings.Contains(script, want) {
			t.Errorf("the boot script lacks %s", want)
		}
	}
}
