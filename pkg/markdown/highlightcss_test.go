package markdown

// The stylesheet of highlighted code is committed (highlightcss.go) so that docsd does not load
// chroma's styles when it starts; this test makes it from chroma's styles and compares.

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
)

var updateCSS = flag.Bool("update-css", false, "write highlightcss.go from chroma's styles")

func TestHighlightCSSIsChromas(t *testing.T) {
	want := chromaHighlightCSS()
	if !strings.Contains(want, ".chroma .k {") || !strings.Contains(want, `[data-theme="dark"] .chroma .k {`) {
		t.Fatalf("chroma's styles gave no keyword colours:\n%s", want)
	}
	if *updateCSS {
		src, err := os.ReadFile("highlightcss.go")
		if err != nil {
			t.Fatal(err)
		}
		at := bytes.Index(src, []byte("const highlightCSS = `"))
		if at < 0 {
			t.Fatal("highlightcss.go has no highlightCSS constant")
		}
		src = append(src[:at:at], []byte("const highlightCSS = `"+want+"`\n")...)
		if err := os.WriteFile("highlightcss.go", src, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got := HighlightCSS(); got != want {
		t.Errorf("highlightcss.go is not what chroma's styles make (run go test ./pkg/markdown -run TestHighlightCSSIsChromas -update-css):\ngot:\n%s\nwant:\n%s", got, want)
	}
}

// chromaHighlightCSS is HighlightCSS as chroma's styles make it.
func chromaHighlightCSS() string {
	var b strings.Builder
	f := chromahtml.New(chromahtml.WithClasses(true))
	var light, dark bytes.Buffer
	_ = f.WriteCSS(&light, styles.Get("github"))
	_ = f.WriteCSS(&dark, styles.Get("github-dark"))
	b.WriteString(keepTokenRules(light.String(), ""))
	b.WriteString(keepTokenRules(dark.String(), `[data-theme="dark"] `))
	// A token the dark palette does not colour would keep its light colour, unreadable on the dark
	// background: it takes the text colour instead.
	for _, sel := range missingSelectors(light.String(), dark.String()) {
		b.WriteString(`[data-theme="dark"] ` + sel + " { color: inherit }\n")
	}
	return b.String()
}

// missingSelectors lists the token selectors (".chroma .nb") that have a colour in light but no rule
// in dark.
func missingSelectors(light, dark string) []string {
	has := map[string]bool{}
	for _, line := range strings.Split(dark, "\n") {
		if i := strings.Index(line, " {"); i > 0 {
			has[strings.TrimSpace(stripComment(line[:i]))] = true
		}
	}
	var out []string
	for _, line := range strings.Split(light, "\n") {
		i := strings.Index(line, " {")
		if i < 0 || !strings.Contains(line, "color:") {
			continue
		}
		sel := strings.TrimSpace(stripComment(line[:i]))
		if strings.HasPrefix(sel, ".chroma .") && !has[sel] {
			out = append(out, sel)
		}
	}
	return out
}

func stripComment(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "*/"); strings.HasPrefix(s, "/*") && i > 0 {
		return s[i+2:]
	}
	return s
}

// keepTokenRules keeps chroma's token colours and drops its background and layout rules (the site's
// CSS owns those), prefixing each selector with scope.
func keepTokenRules(css, scope string) string {
	var b strings.Builder
	for _, line := range strings.Split(css, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "/* Background */") || strings.Contains(line, ".bg {") ||
			strings.Contains(line, ".chroma {") || strings.HasPrefix(line, "/* PreWrapper */") {
			continue
		}
		if i := strings.Index(line, "*/ "); strings.HasPrefix(line, "/*") && i > 0 {
			line = line[i+3:]
		}
		if !strings.HasPrefix(line, ".chroma") {
			continue
		}
		b.WriteString(scope + line + "\n")
	}
	return b.String()
}
