package mdx

// Search indexes what a reader sees of an MDX page: the server-rendered content, partials and
// components included, which the goldmark model of the page does not hold. Sections splits that
// HTML at its h2 and h3 headings, as pkg/markdown splits a Markdown page.

import (
	"encoding/xml"
	"io"
	"strings"

	"docsd/pkg/markdown"
)

// ContentAttr marks the element holding an MDX page's rendered content (site/src/mdx/MdxContent.jsx).
const ContentAttr = "data-mdx-content"

// inline elements join the text around them; every other element separates words.
var inline = map[string]bool{"a": true, "abbr": true, "b": true, "code": true, "del": true, "em": true, "i": true,
	"kbd": true, "mark": true, "s": true, "small": true, "span": true, "strong": true, "sub": true, "sup": true, "u": true}

// Sections returns the sections of the MDX content inside body (a server-rendered page), or false
// when body holds none. React writes well-formed markup (void elements closed), so the standard
// library's tokenizer in HTML mode reads it.
func Sections(body string) ([]markdown.Section, bool) {
	start := strings.Index(body, " "+ContentAttr)
	if start < 0 {
		return nil, false
	}
	start = strings.LastIndex(body[:start], "<")
	d := xml.NewDecoder(strings.NewReader(body[start:]))
	d.Strict, d.AutoClose, d.Entity = false, xml.HTMLAutoClose, xml.HTMLEntity
	out := []markdown.Section{{}}
	var text, heading strings.Builder
	depth, skip, inHeading := 0, 0, 0
	flush := func() {
		out[len(out)-1].Text = strings.Join(strings.Fields(text.String()), " ")
		text.Reset()
	}
	for {
		tok, err := d.Token()
		if err == io.EOF || err != nil {
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if !inline[t.Name.Local] {
				text.WriteByte(' ')
			}
			if skip > 0 {
				skip++
				continue
			}
			id, class := "", ""
			for _, a := range t.Attr {
				switch a.Name.Local {
				case "id":
					id = a.Value
				case "class":
					class = a.Value
				}
			}
			switch {
			case t.Name.Local == "script" || t.Name.Local == "style" || strings.Contains(class, "copy-button"):
				skip = 1
			case (t.Name.Local == "h2" || t.Name.Local == "h3") && id != "":
				flush()
				out = append(out, markdown.Section{ID: id})
				inHeading = depth
			}
		case xml.EndElement:
			if !inline[t.Name.Local] {
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
		case xml.CharData:
			if skip > 0 {
				continue
			}
			if inHeading > 0 {
				heading.Write(t)
			} else {
				text.Write(t)
			}
		}
	}
	flush()
	return out, true
}
