package mdx

import (
	"reflect"
	"testing"

	"docsd/pkg/markdown"
)

// The partials a page shows on a line of their own become placeholder headings in place, also
// inside a JSX block; a component that is not a Markdown partial, or a line in a code fence, does not.
func TestFindPartials(t *testing.T) {
	body := "import Note from './_note.mdx';\nimport Tabs from '@theme/Tabs';\nimport Other from '@site/docs/_other.md';\n\n" +
		"## Before\n\n<Note />\n\n<Tabs>\n  <Other />\n</Tabs>\n\n```mdx\n<Note />\n```\n\n<Tabs />\n\n## After\n"
	p := FindPartials([]byte(body))
	if p == nil {
		t.Fatal("no partials found")
	}
	if !reflect.DeepEqual(p.Specs, []string{"./_note.mdx", "@site/docs/_other.md"}) {
		t.Errorf("specs %v", p.Specs)
	}
	var got []string
	for _, h := range markdown.New().Parse(ModelSource(p.Marked), 1).Headings {
		if i, ok := p.Placeholder(h.Text); ok {
			got = append(got, p.Specs[i])
		} else {
			got = append(got, h.Text)
		}
	}
	if want := []string{"Before", "./_note.mdx", "@site/docs/_other.md", "After"}; !reflect.DeepEqual(got, want) {
		t.Errorf("headings %v, want %v", got, want)
	}
	// A specifier with an escape prettier writes is the path it stands for; one with any other
	// escape is no partial's.
	escaped := FindPartials([]byte("import Warn from './\\_warn\\-part.mdx';\nimport Odd from './\\u0041.mdx';\n\n<Warn />\n\n<Odd />\n"))
	if escaped == nil || !reflect.DeepEqual(escaped.Specs, []string{"./_warn-part.mdx"}) {
		t.Errorf("escaped specs %+v", escaped)
	}
	// Imports as prettier wraps them: two on a line, the second ended on the next line.
	wrapped := FindPartials([]byte("import Tabs from '@theme/Tabs'; import TabItem from '@theme/TabItem';\n\n" +
		"import Apple from './\\_apple.md'; import\nKotlin from './\\_kotlin.md';\n\n<Tabs>\n  <TabItem value=\"k\">\n\n<Kotlin />\n\n  </TabItem>\n</Tabs>\n\n<Apple />\n"))
	if wrapped == nil || !reflect.DeepEqual(wrapped.Specs, []string{"./_kotlin.md", "./_apple.md"}) {
		t.Errorf("wrapped imports: %+v", wrapped)
	}
	// A semicolon in a path or a string is no statement's end.
	semi := FindPartials([]byte("import A from './_a;b.md'; import B from \"./_b.md\";\nimport C from 'x; import D from \"./_d.md\"';\n\n<A />\n\n<B />\n\n<D />\n"))
	if semi == nil || !reflect.DeepEqual(semi.Specs, []string{"./_a;b.md", "./_b.md"}) {
		t.Errorf("semicolons: %+v", semi)
	}
	if FindPartials([]byte("import Tabs from '@theme/Tabs';\n\n<Tabs />\n")) != nil {
		t.Error("a page without partials has placeholders")
	}
}

func TestTruncates(t *testing.T) {
	for body, want := range map[string]bool{
		"Intro.\n\n{/* truncate */}\n\nRest.\n":     true,
		"Intro.\n\n<!-- truncate -->\n\nRest.\n":    true,
		"Intro.\n\n```mdx\n{/* truncate */}\n```\n": false,
		"Intro, no marker.\n":                       false,
	} {
		if got := Truncates([]byte(body)); got != want {
			t.Errorf("Truncates(%q) = %v, want %v", body, got, want)
		}
	}
}
