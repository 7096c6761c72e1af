package mdx

// Search indexes what a reader sees of an MDX page: the server-rendered content, partials and
// components included, which the goldmark model of the page does not hold. Sections splits that
// HTML at its h2 and h3 headings, as pkg/markdown splits a Markdown page.

import (
	"encoding/xml"
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
	toks, ok := readTokens(body[start:])
	if !ok {
		toks = xmlTokens(body[start:])
	}
	out := []markdown.Section{{}}
	var text, heading strings.Builder
	depth, skip, inHeading := 0, 0, 0
	flush := func() {
		out[len(out)-1].Text = strings.Join(strings.Fields(text.String()), " ")
		text.Reset()
	}
	for _, t := range toks {
		switch t.kind {
		case 's':
			depth++
			if !inline[t.name] {
				text.WriteByte(' ')
			}
			if skip > 0 {
				skip++
				continue
			}
			switch {
			case t.name == "script" || t.name == "style" || strings.Contains(t.class, "copy-button") || t.class == "hash-link":
				skip = 1
			case (t.name == "h2" || t.name == "h3") && t.id != "":
				flush()
				out = append(out, markdown.Section{ID: t.id})
				inHeading = depth
			}
		case 'e':
			if !inline[t.name] {
				text.WriteByte(' ')
			}
			if skip > 0 {
				skip--
			}
			if inHeading == depth {
				out[len(out)-1].Heading = strings.Join(strings.Fields(heading.String()), " ")
				heading.Reset()
				inHeading = 0
			}
			depth--
			if depth == 0 {
				flush()
				return out, true
			}
		case 't':
			if skip > 0 {
				continue
			}
			if inHeading > 0 {
				heading.WriteString(t.text)
			} else {
				text.WriteString(t.text)
			}
		}
	}
	flush()
	return out, true
}

// xmlTokens reads the element that s starts with as the standard library's tokenizer does in HTML
// mode (React writes well-formed markup, void elements closed), to its end or the first error:
// what readTokens does not take.
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
