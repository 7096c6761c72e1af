package render

import (
	"bytes"
	"encoding/xml"
	"strings"
	"time"

	"docsd/pkg/config"
	"docsd/pkg/site"
)

// Sitemap lists every listed route with its absolute URL, as encoding/xml's MarshalIndent of a
// urlset (one space of indent) writes it, byte for byte, but written directly: the reflecting
// encoder took 19 ms for the 30,000 routes of a large site, on every edit that adds or removes a
// page (sitemap_test.go compares the two).
func Sitemap(cfg *config.Site, routes []string) []byte {
	base := strings.TrimSuffix(cfg.URL, "/")
	var b bytes.Buffer
	b.Grow(len(xml.Header) + 80 + len(routes)*(len(base)+40))
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	if len(routes) == 0 {
		b.WriteString("</urlset>")
		return b.Bytes()
	}
	for _, r := range routes {
		b.WriteString("\n <url>\n  <loc>")
		if plainXML(base) && plainXML(r) {
			b.WriteString(base)
			b.WriteString(r)
		} else {
			xml.EscapeText(&b, []byte(base+r))
		}
		b.WriteString("</loc>\n </url>")
	}
	b.WriteString("\n</urlset>")
	return b.Bytes()
}

// SitemapIndex is a sitemap index (sitemaps.org) listing the sitemap files at the given paths
// (relative to the build folder, which is served at the base path: a file's URL is the site's URL,
// the base path and the file), written as Sitemap writes a urlset.
func SitemapIndex(cfg *config.Site, files []string) []byte {
	base := strings.TrimSuffix(cfg.URL, "/") + "/"
	if bp := strings.Trim(cfg.BasePath, "/"); bp != "" {
		base += bp + "/"
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for _, f := range files {
		b.WriteString("\n <sitemap>\n  <loc>")
		xml.EscapeText(&b, []byte(base+f))
		b.WriteString("</loc>\n </sitemap>")
	}
	b.WriteString("\n</sitemapindex>")
	return b.Bytes()
}

// plainXML reports whether s is printable ASCII that XML text holds as it is (xml.EscapeText
// would write it unchanged).
func plainXML(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c > 0x7e, c == '&', c == '<', c == '>', c == '"', c == '\'':
			return false
		}
	}
	return true
}

// FeedItem is one post of a feed; Content is its HTML.
type FeedItem struct {
	Post    site.PostSummary
	Content string
}

// RSS writes an RSS 2.0 feed of the posts, newest first.
func RSS(cfg *config.Site, blogRoute string, items []FeedItem) []byte {
	type item struct {
		Title       string   `xml:"title"`
		Link        string   `xml:"link"`
		GUID        string   `xml:"guid"`
		PubDate     string   `xml:"pubDate"`
		Description string   `xml:"description"`
		Categories  []string `xml:"category"`
	}
	type channel struct {
		Title       string `xml:"title"`
		Link        string `xml:"link"`
		Description string `xml:"description"`
		Language    string `xml:"language"`
		Items       []item `xml:"item"`
	}
	type rss struct {
		XMLName xml.Name `xml:"rss"`
		Version string   `xml:"version,attr"`
		Channel channel  `xml:"channel"`
	}
	base := strings.TrimSuffix(cfg.URL, "/")
	ch := channel{Title: feedTitle(cfg), Link: base + blogRoute, Description: cfg.Blog.Description, Language: cfg.DefaultLocale().HTMLLang}
	for _, it := range items {
		d, _ := time.Parse("2006-01-02", it.Post.Date)
		var cats []string
		for _, t := range it.Post.Tags {
			cats = append(cats, t.Label)
		}
		ch.Items = append(ch.Items, item{Title: it.Post.Title, Link: base + it.Post.Route, GUID: base + it.Post.Route,
			PubDate: d.UTC().Format(time.RFC1123Z), Description: it.Content, Categories: cats})
	}
	out, _ := xml.MarshalIndent(rss{Version: "2.0", Channel: ch}, "", " ")
	return append([]byte(xml.Header), out...)
}

// Atom writes an Atom 1.0 feed of the posts, newest first.
func Atom(cfg *config.Site, blogRoute string, items []FeedItem) []byte {
	type link struct {
		Href string `xml:"href,attr"`
		Rel  string `xml:"rel,attr,omitempty"`
	}
	type content struct {
		Type string `xml:"type,attr"`
		Body string `xml:",chardata"`
	}
	type author struct {
		Name string `xml:"name"`
		URI  string `xml:"uri,omitempty"`
	}
	type entry struct {
		Title   string   `xml:"title"`
		ID      string   `xml:"id"`
		Link    link     `xml:"link"`
		Updated string   `xml:"updated"`
		Authors []author `xml:"author"`
		Content content  `xml:"content"`
	}
	type feed struct {
		XMLName xml.Name `xml:"feed"`
		NS      string   `xml:"xmlns,attr"`
		Title   string   `xml:"title"`
		ID      string   `xml:"id"`
		Links   []link   `xml:"link"`
		Updated string   `xml:"updated"`
		Entries []entry  `xml:"entry"`
	}
	base := strings.TrimSuffix(cfg.URL, "/")
	f := feed{NS: "http://www.w3.org/2005/Atom", Title: feedTitle(cfg), ID: base + blogRoute,
		Links: []link{{Href: base + blogRoute}, {Href: base + blogRoute + "/atom.xml", Rel: "self"}}}
	for i, it := range items {
		d, _ := time.Parse("2006-01-02", it.Post.Date)
		e := entry{Title: it.Post.Title, ID: base + it.Post.Route, Link: link{Href: base + it.Post.Route},
			Updated: d.UTC().Format(time.RFC3339), Content: content{Type: "html", Body: it.Content}}
		for _, a := range it.Post.Authors {
			e.Authors = append(e.Authors, author{Name: a.Name, URI: a.URL})
		}
		if i == 0 {
			f.Updated = e.Updated
		}
		f.Entries = append(f.Entries, e)
	}
	if f.Updated == "" {
		f.Updated = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).Format(time.RFC3339)
	}
	out, _ := xml.MarshalIndent(f, "", " ")
	return append([]byte(xml.Header), out...)
}

func feedTitle(cfg *config.Site) string {
	if cfg.Blog.FeedTitle != "" {
		return cfg.Blog.FeedTitle
	}
	return cfg.Title + " " + cfg.Blog.Title
}
