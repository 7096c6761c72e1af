package content

// FrontMatterBody must give an MDX page's build the body and first line ReadFrontMatter gives, as
// the compiler's line numbers (errors at file:line:col) and the page's source depend on both.

import (
	"bytes"
	"errors"
	"testing"
)

func TestFrontMatterBodyAsReadFrontMatter(t *testing.T) {
	for _, raw := range []string{
		"---\ntitle: A\n---\n\n# A\n\nText.\n",
		"\xef\xbb\xbf---\ntitle: A\nsidebar_position: 2\n---\nText.\n",
		"---\r\ntitle: A\r\n---\r\n\r\nText.\r\n",
		"---  \ntitle: A\n---\t\nText.",
		"---\ntitle: A\n---",
		"No front matter.\n\n---\n\nA rule above.\n",
		"",
		"--- not front matter\n",
	} {
		_, wantBody, wantLine, _, err := ReadFrontMatter("a.mdx", []byte(raw), "")
		if err != nil {
			t.Fatalf("%q: ReadFrontMatter: %v", raw, err)
		}
		body, line, err := FrontMatterBody("a.mdx", []byte(raw))
		if err != nil || !bytes.Equal(body, wantBody) || line != wantLine {
			t.Errorf("%q: FrontMatterBody = %q, line %d, %v; ReadFrontMatter's body %q, line %d", raw, body, line, err, wantBody, wantLine)
		}
	}
}

func TestFrontMatterBodyErrors(t *testing.T) {
	// A front matter never closed is no body at all, as for ReadFrontMatter.
	_, _, err := FrontMatterBody("a.mdx", []byte("---\ntitle: A\n\nText.\n"))
	var ce *Error
	if !errors.As(err, &ce) || ce.File != "a.mdx" || ce.Line != 1 {
		t.Fatalf("unclosed front matter: %v, want an *Error at a.mdx:1", err)
	}
	// YAML is not decoded: its mistakes are site processing's to report (ReadFrontMatter's).
	raw := []byte("---\ntitle: [unclosed\n---\nText.\n")
	if _, _, _, _, err := ReadFrontMatter("a.mdx", raw, ""); err == nil {
		t.Fatal("ReadFrontMatter read broken YAML")
	}
	body, line, err := FrontMatterBody("a.mdx", raw)
	if err != nil || string(body) != "Text.\n" || line != 4 {
		t.Fatalf("FrontMatterBody of broken YAML = %q, line %d, %v; want the body at line 4", body, line, err)
	}
}

// A page's own keys are read from its front matter after a byte order mark too.
func TestSiteFrontMatterKeysAfterAByteOrderMark(t *testing.T) {
	for _, raw := range []string{"---\ntitle: A\nmine: 1\n---\nText.\n", "\xef\xbb\xbf---\ntitle: A\nmine: 1\n---\nText.\n",
		"\xef\xbb\xbf---\r\ntitle: A\r\nmine: 1\r\n---\r\nText.\r\n"} {
		if got := SiteFrontMatterKeys([]byte(raw)); len(got) != 1 || got[0] != "mine" {
			t.Errorf("%q: %q, want [mine]", raw, got)
		}
	}
}
