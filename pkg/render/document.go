// Package render writes the files of a build around the React output: the HTML document of each
// route, the sitemap and the blog's feeds.
package render

import (
	"bytes"
	"html"
	"strings"

	"docsd/pkg/config"
	"docsd/pkg/site"
)

// themeScript applies the stored colour mode before the first paint (no flash of the wrong theme),
// and hides an announcement the reader already dismissed. It must not throw when storage is blocked.
const themeScript = `(function(){var d=document.documentElement,t=null,a=null,i=null;try{t=localStorage.getItem("theme");a=localStorage.getItem("docsd.announcement.dismiss");i=localStorage.getItem("docsd.announcement.id")}catch(e){}var s=t==="dark"||t==="light"?t:null,r=d.getAttribute("data-respect-system")==="true";var m=s||(r&&window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light");d.setAttribute("data-theme",m);d.setAttribute("data-theme-choice",s||(r?"system":"light"));if(a==="true"&&i===d.getAttribute("data-announcement-id"))d.setAttribute("data-announcement-dismissed","true")})();`

// bootScript loads the shell's code (data-src, with its chunks in data-preload) and the sidebar's
// data (data-fetch) once the page's first contentful paint is on screen: they only hydrate a page
// its HTML already shows. Asked for in the head, they shared a phone's bandwidth with the
// stylesheet, and Lighthouse's simulated mobile network counted every script that had arrived
// before the paint as delaying it (FCP and LCP 1.9-2.3 s). The paint's timing entry is reported
// once the frame is presented, later than the frame's requestAnimationFrame on a busy machine. A
// hidden tab paints nothing, so there they load at once; a browser without paint timing waits one
// frame; and after 5 s they load whatever happened. A page may paint before it is fully parsed: the
// module (an inserted script runs as soon as it arrives) is added once the document is parsed, as a
// module script in the head would have run, since the shell reads the page's data at its end.
const bootScript = `(function(){var s=document.currentScript,d=document,h=d.head,done=0;` +
	`function add(t,a){var e=d.createElement(t);for(var k in a)e[k]=a[k];h.appendChild(e)}` +
	`function go(){if(done)return;done=1;(s.getAttribute("data-preload")||"").split(" ").forEach(function(u){if(u)add("link",{rel:"modulepreload",href:u})});` +
	`var f=s.getAttribute("data-fetch");if(f)add("link",{rel:"preload",as:"fetch",crossOrigin:"anonymous",href:f});` +
	`var m=function(){add("script",{type:"module",src:s.getAttribute("data-src")})};if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",m);else m()}` +
	`if(d.visibilityState==="hidden")return go();d.addEventListener("visibilitychange",go);setTimeout(go,5000);` +
	`var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)` +
	`new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});` +
	`else requestAnimationFrame(function(){setTimeout(go,0)})})();`

// Assets are the shell's files a page links to.
type Assets struct {
	CSS     []string
	JS      string
	Preload []string
}

// Document is everything one HTML file needs. The *JSON fields are the same records already encoded
// (each is encoded once per build and shared by many pages).
type Document struct {
	Site        *site.SiteData
	Page        *site.PageData
	SiteJSON    []byte
	PageJSON    []byte
	SidebarJSON []byte // "null" when the sidebar is fetched from SidebarURL instead
	// SidebarURL is the page's sidebar data: one file shared by every page of the sidebar, which the
	// browser caches, rather than a copy inside each page.
	SidebarURL   string
	NotFoundJSON []byte
	Body         string // server-rendered app
	// Content, when ContentMarker is set, is written in place of each ContentMarker in Body: the
	// page's content goes around the server renderer, and putting it into Body first copied a
	// large page's HTML once more (82 MB of a 20 MB Markdown page, issue 17).
	Content       string
	ContentMarker string
	Assets        Assets
	// Alternates maps each locale's htmlLang to the same page in that locale.
	Alternates []Alternate
	// Feeds is true when the blog has posts, so that its RSS and Atom feeds exist to be linked.
	Feeds bool
}

// Alternate is the same page in another locale.
type Alternate struct {
	Lang string
	Href string
}

// Title is the document title of a page.
func Title(cfg *config.Site, p *site.PageData) string {
	if p.Kind == site.KindLanding {
		return cfg.Title + " | " + cfg.Tagline
	}
	if p.Title == "" {
		return cfg.Title
	}
	return p.Title + " | " + cfg.Title
}

// HTML writes the document.
func (d *Document) HTML() ([]byte, error) {
	cfg := d.Site.Site
	var locale config.Locale
	for _, l := range cfg.Locales {
		if l.Code == d.Site.Locale {
			locale = l
		}
	}
	esc := html.EscapeString
	// One buffer, the data written straight into it and handed out without a copy: a page of
	// 100 MB (issue 17) was held three times more while it was put together.
	var b bytes.Buffer
	body := len(d.Body)
	if d.ContentMarker != "" {
		body += strings.Count(d.Body, d.ContentMarker) * (len(d.Content) - len(d.ContentMarker))
	}
	b.Grow(body + len(d.SiteJSON) + len(d.PageJSON) + len(d.SidebarJSON) + len(d.NotFoundJSON) + 16<<10)
	b.WriteString(`<!DOCTYPE html><html lang="` + esc(locale.HTMLLang) + `" dir="` + esc(locale.Direction) + `" data-theme="light"`)
	if cfg.ColorMode.RespectPrefersColorScheme {
		b.WriteString(` data-respect-system="true"`)
	}
	if cfg.Announcement != nil {
		b.WriteString(` data-announcement-id="` + esc(cfg.Announcement.ID) + `"`)
	}
	// The head elements a page renders (a <Head> of an MDX page), which React's HTML opens with:
	// each in place of docsd's own of the same name, the others after docsd's (headelements.go).
	own := PageHeadElements(d.Body)
	// ours writes docsd's element unless the page's own sets attr to value.
	ours := func(attr, value, element string) {
		if !own.Sets(attr, value) {
			b.WriteString(element)
		}
	}
	b.WriteString(`><head><meta charset="utf-8">`)
	ours("name", "viewport", `<meta name="viewport" content="width=device-width, initial-scale=1">`)
	if own.Title != "" {
		b.WriteString(own.Title)
	} else {
		b.WriteString(`<title>` + esc(Title(cfg, d.Page)) + `</title>`)
	}
	desc := d.Page.Description
	if desc == "" {
		desc = cfg.Tagline
	}
	ours("name", "description", `<meta name="description" content="`+esc(desc)+`">`)
	ours("property", "og:title", `<meta property="og:title" content="`+esc(Title(cfg, d.Page))+`">`)
	ours("property", "og:description", `<meta property="og:description" content="`+esc(desc)+`">`)
	if len(d.Page.Keywords) > 0 {
		ours("name", "keywords", `<meta name="keywords" content="`+esc(strings.Join(d.Page.Keywords, ", "))+`">`)
	}
	if d.Page.NoIndex || d.Page.Kind == site.KindNotFound {
		ours("name", "robots", `<meta name="robots" content="noindex">`)
	} else if cfg.URL != "" {
		ours("rel", "canonical", `<link rel="canonical" href="`+esc(strings.TrimSuffix(cfg.URL, "/")+d.Page.Route)+`">`)
		ours("property", "og:url", `<meta property="og:url" content="`+esc(strings.TrimSuffix(cfg.URL, "/")+d.Page.Route)+`">`)
		for _, a := range d.Alternates {
			b.WriteString(`<link rel="alternate" hreflang="` + esc(a.Lang) + `" href="` + esc(strings.TrimSuffix(cfg.URL, "/")+a.Href) + `">`)
		}
	}
	if cfg.Favicon != "" {
		ours("rel", "icon", `<link rel="icon" href="`+esc(cfg.BasePath+strings.TrimPrefix(cfg.Favicon, "/"))+`">`)
	}
	if d.Feeds {
		blog := cfg.BasePath + strings.Trim(cfg.Blog.Path, "/")
		b.WriteString(`<link rel="alternate" type="application/rss+xml" href="` + esc(blog) + `/rss.xml" title="` + esc(cfg.Title) + ` RSS Feed">`)
		b.WriteString(`<link rel="alternate" type="application/atom+xml" href="` + esc(blog) + `/atom.xml" title="` + esc(cfg.Title) + ` Atom Feed">`)
	}
	b.WriteString(own.Others)
	b.WriteString(`<script>` + themeScript + `</script>`)
	for _, css := range d.Assets.CSS {
		b.WriteString(`<link rel="stylesheet" href="` + esc(css) + `">`)
	}
	// The page is painted from its HTML and CSS alone; the code and the sidebar's data only hydrate
	// it, so bootScript asks for them once the page has painted (see there).
	b.WriteString(`<script id="__docsd_boot" data-src="` + esc(d.Assets.JS) + `"`)
	if len(d.Assets.Preload) > 0 {
		b.WriteString(` data-preload="` + esc(strings.Join(d.Assets.Preload, " ")) + `"`)
	}
	if d.SidebarURL != "" {
		b.WriteString(` data-fetch="` + esc(d.SidebarURL) + `"`)
	}
	b.WriteString(`>` + bootScript + `</script>`)
	// The two search files (~260 KB gzip) are not preloaded: on a phone's connection they would share
	// the bandwidth with the page's CSS and code and delay its first paint by a second or more
	// (Lighthouse, mobile preset). The search box fetches them once the page has hydrated.
	b.WriteString(`</head><body><div id="__docsd">`)
	b.WriteString(own.Kept)
	d.writeBody(&b, own.From)
	b.WriteString(`</div><script id="__docsd_data" type="application/json">`)
	b.WriteString(`{"site":`)
	b.Write(d.SiteJSON)
	b.WriteString(`,"page":`)
	b.Write(d.PageJSON)
	b.WriteString(`,"sidebar":`)
	b.Write(d.SidebarJSON)
	b.WriteString(`,"notFound":`)
	b.Write(d.NotFoundJSON)
	b.WriteString(`}</script></body></html>` + "\n")
	return b.Bytes(), nil
}

// writeBody writes Body from its byte from on, with Content in place of each ContentMarker.
func (d *Document) writeBody(b *bytes.Buffer, from int) {
	body := d.Body[from:]
	for d.ContentMarker != "" {
		at := strings.Index(body, d.ContentMarker)
		if at < 0 {
			break
		}
		b.WriteString(body[:at])
		b.WriteString(d.Content)
		body = body[at+len(d.ContentMarker):]
	}
	b.WriteString(body)
}
