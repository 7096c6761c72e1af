package mdx

// Search indexes what a reader sees of an MDX page: the server-rendered content, partials and
// components included, which the goldmark model of the page does not hold. Sections splits that
// HTML at its h2 and h3 headings, as pkg/markdown splits a Markdown page.

import (
	"encoding/xml"
	"slices"
	"strings"

	"docsd/pkg/markdown"
)

// ContentAttr marks the element holding an MDX page's rendered content (site/src/mdx/MdxContent.jsx).
const ContentAttr = "data-mdx-content"

// inline elements join the text around them; every other element separates words.
var inline = map[string]bool{"a": true, "abbr": true, "b": true, "code": true, "del": true, "em": true, "i": true,
	"kbd": true, "mark": true, "s": true, "small": true, "span": true, "strong": true, "sub": true, "sup": true, "u": true}

// Sections returns the sections of the MDX content inside body (a server-rendered page), or false
// when body holds none.
func Sections(body string) ([]markdown.Section, bool) {
	start := strings.Index(body, " "+ContentAttr)
	if start < 0 {
		return nil, false
	}
	start = strings.LastIndex(body[:start], "<")
	r := newSectionReader()
	// The tokens go to the sections as they are read: a page's list of them (72 bytes each, a
	// highlighted code block's every span) was most of what Sections allocated.
	if !scanTokens(body[start:], r.add) {
		r = newSectionReader() // the reader gave up: encoding/xml reads the content from its start
		for _, t := range xmlTokens(body[start:]) {
			if r.add(t) {
				break
			}
		}
	}
	r.flush()
	return r.out, true
}

// sectionReader makes sections of an element's tokens, in order.
type sectionReader struct {
	out                    []markdown.Section
	text, heading          strings.Builder
	depth, skip, inHeading int
}

func newSectionReader() *sectionReader {
	return &sectionReader{out: []markdown.Section{{}}}
}

// flush ends the last section's text.
func (r *sectionReader) flush() {
	r.out[len(r.out)-1].Text = strings.Join(strings.Fields(r.text.String()), " ")
	r.text.Reset()
}

// add reads token t; true once the element has ended.
func (r *sectionReader) add(t textToken) bool {
	switch t.kind {
	case 's':
		r.depth++
		if !inline[t.name] {
			r.text.WriteByte(' ')
		}
		if r.skip > 0 {
			r.skip++
			return false
		}
		switch {
		// search-skip marks what is no text of the page's own (pkg/markdown/npmtabs.go: the tab
		// strip, and the other package managers' commands).
		case t.name == "script" || t.name == "style" || strings.Contains(t.class, "copy-button") || t.class == "hash-link" || hasClass(t.class, "search-skip"):
			r.skip = 1
		case (t.name == "h2" || t.name == "h3") && t.id != "":
			r.flush()
			r.out = append(r.out, markdown.Section{ID: t.id})
			r.inHeading = r.depth
		}
	case 'e':
		if !inline[t.name] {
			r.text.WriteByte(' ')
		}
		if r.skip > 0 {
			r.skip--
		}
		if r.inHeading == r.depth {
			r.out[len(r.out)-1].Heading = strings.Join(strings.Fields(r.heading.String()), " ")
			r.heading.Reset()
			r.inHeading = 0
		}
		r.depth--
		return r.depth == 0
	case 't':
		if r.skip > 0 {
			return false
		}
		if r.inHeading > 0 {
			r.heading.WriteString(t.text)
		} else {
			r.text.WriteString(t.text)
		}
	}
	return false
}

// xmlTokens reads the element that s starts with as the standard library's tokenizer does in HTML
// mode (React writes well-formed markup, void elements closed), to its end or the first error:
// what scanTokens does not take.
func xmlTokens(s string) []textToken {
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict, d.AutoClose, d.Entity = false, xml.HTMLAutoClose, xml.HTMLEntity
	var toks []textToken
	depth := 0
	for {
		tok, err := d.Token()
		if err != nil {
			return toks
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			st := textToken{kind: 's', name: t.Name.Local}
			for _, a := range t.Attr {
				switch a.Name.Local {
				case "id":
					st.id = a.Value
				case "class":
					st.class = a.Value
				}
			}
			toks = append(toks, st)
		case xml.EndElement:
			toks = append(toks, textToken{kind: 'e', name: t.Name.Local})
			if depth--; depth == 0 {
				return toks
			}
		case xml.CharData:
			toks = append(toks, textToken{kind: 't', text: string(t)})
		}
	}
}

// hasClass says whether the class attribute's value lists name.
func hasClass(class, name string) bool {
	return slices.Contains(strings.Fields(class), name)
}
