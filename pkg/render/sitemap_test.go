package render

import (
	"encoding/xml"
	"testing"

	"docsd/pkg/config"
)

// marshalSitemap is how Sitemap was written before it wrote the XML itself (encoding/xml): the
// output it must keep, byte for byte.
func marshalSitemap(cfg *config.Site, routes []string) []byte {
	type url struct {
		Loc string `xml:"loc"`
	}
	type urlset struct {
		XMLName xml.Name `xml:"urlset"`
		NS      string   `xml:"xmlns,attr"`
		URLs    []url    `xml:"url"`
	}
	set := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	base := cfg.URL
	if len(base) > 0 && base[len(base)-1] == '/' {
		base = base[:len(base)-1]
	}
	for _, r := range routes {
		set.URLs = append(set.URLs, url{Loc: base + r})
	}
	out, _ := xml.MarshalIndent(set, "", " ")
	return append([]byte(xml.Header), out...)
}

func TestSitemapMatchesEncodingXML(t *testing.T) {
	routes := []string{"/docs/", "/docs/a&b", "/docs/<x>", "/docs/\"q\"/'s'", "/docs/tab\there", "/docs/nl\nr\r",
		"/docs/ünï/çødé", "/docs/bad\xffutf8", "/docs/ctl\x01", "/docs/%20encoded?x=1#frag"}
	for _, url := range []string{"https://example.com/", "https://example.com", "", "https://a.b/c&d"} {
		cfg := &config.Site{URL: url}
		for _, rs := range [][]string{nil, {}, routes[:1], routes} {
			if got, want := Sitemap(cfg, rs), marshalSitemap(cfg, rs); string(got) != string(want) {
				t.Errorf("url %q, %d routes:\n got %q\nwant %q", url, len(rs), got, want)
			}
		}
	}
}

// BenchmarkSitemap writes the sitemap of 30,000 routes.
func BenchmarkSitemap(b *testing.B) {
	cfg := &config.Site{URL: "https://go-vela.github.io"}
	routes := make([]string, 30000)
	for i := range routes {
		routes[i] = "/docs/p" + string(rune('0'+i%10)) + "/usage/some-page-" + string(rune('a'+i%26))
	}
	b.Run("direct", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			Sitemap(cfg, routes)
		}
	})
	b.Run("encoding-xml", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			marshalSitemap(cfg, routes)
		}
	})
}

// TestSitemapIndexMatchesEncodingXML: the index of a split sitemap is what encoding/xml writes for a
// sitemapindex, its locs the files' URLs: the build folder is served at the base path, so a part
// beside sitemap.xml is at the site's URL and base path (as a route's loc is).
func TestSitemapIndexMatchesEncodingXML(t *testing.T) {
	type sm struct {
		Loc string `xml:"loc"`
	}
	type index struct {
		XMLName xml.Name `xml:"sitemapindex"`
		NS      string   `xml:"xmlns,attr"`
		Maps    []sm     `xml:"sitemap"`
	}
	files := []string{"sitemap-00ab.xml", "sitemap-&x.xml"}
	for _, c := range []struct{ url, base, want string }{
		{"https://example.com/", "/docs/", "https://example.com/docs/"},
		{"https://example.com", "/", "https://example.com/"},
		{"https://a.b/c&d", "/x/", "https://a.b/c&d/x/"},
	} {
		url := c.url
		cfg := &config.Site{URL: url, BasePath: c.base}
		set := index{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
		for _, f := range files {
			set.Maps = append(set.Maps, sm{Loc: c.want + f})
		}
		out, _ := xml.MarshalIndent(set, "", " ")
		if got, want := string(SitemapIndex(cfg, files)), xml.Header+string(out); got != want {
			t.Errorf("url %q:\n got %q\nwant %q", url, got, want)
		}
	}
}
