package bundle

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The bridge of Infima's colours (src/styles/infima.css) falls back to docsd's own brand colours
// when a site sets no --ifm-color-primary: its fallbacks must be main.css's values, light and
// dark, or a site with custom_css and no brand colour of its own would change colour.
func TestInfimaBridgeFallsBackToDocsdColours(t *testing.T) {
	read := func(name string) string {
		raw, err := os.ReadFile("../../site/src/styles/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(raw)
	}
	main, bridge := read("main.css"), read("infima.css")
	// The light values are in the first block (:root), the dark ones in [data-theme='dark'].
	split := func(css string) (light, dark string) {
		i := strings.Index(css, "[data-theme='dark'] {")
		if i < 0 {
			t.Fatal("no [data-theme='dark'] block")
		}
		return css[:i], css[i:]
	}
	mainLight, mainDark := split(main)
	bridgeLight, bridgeDark := split(bridge)
	for _, v := range []string{"brand", "brand-strong", "brand-soft"} {
		own := regexp.MustCompile(`--` + v + `: (#[0-9a-f]{6});`)
		fallback := regexp.MustCompile(`--` + v + `: var\(--docsd-ifm-[a-z]+, (#[0-9a-f]{6})\);`)
		for _, c := range []struct{ mode, main, bridge string }{{"light", mainLight, bridgeLight}, {"dark", mainDark, bridgeDark}} {
			m, b := own.FindStringSubmatch(c.main), fallback.FindStringSubmatch(c.bridge)
			if m == nil || b == nil {
				t.Errorf("--%s (%s): main.css %v, infima.css %v: not found", v, c.mode, m, b)
				continue
			}
			if m[1] != b[1] {
				t.Errorf("--%s (%s): main.css says %s, infima.css falls back to %s", v, c.mode, m[1], b[1])
			}
		}
	}
	button := regexp.MustCompile(`\[data-theme='dark'\] \.button-primary \{ background: (?:var\(--docsd-ifm-button, )?(#[0-9a-f]{6})`)
	if m, b := button.FindStringSubmatch(main), button.FindStringSubmatch(bridge); m == nil || b == nil || m[1] != b[1] {
		t.Errorf("the dark primary button: main.css %v, infima.css %v", m, b)
	}
}

// docsd:custom-css is empty without custom_css (the shell's stylesheet is what it was), else the
// bridge and the site's stylesheets, in order.
func TestCustomCSSModule(t *testing.T) {
	b := &Bundler{siteDir: "/p/site"}
	if got := b.customCSSModule(); got != "" {
		t.Errorf("without custom_css: %q", got)
	}
	b.mdx.CustomCSS = []string{"/p/src/css/custom.css", "/p/src/css/extra.scss"}
	want := "@import \"/p/site/src/styles/infima.css\";\n@import \"/p/src/css/custom.css\";\n@import \"/p/src/css/extra.scss\";\n"
	if got := b.customCSSModule(); got != want {
		t.Errorf("module = %q, want %q", got, want)
	}
}
