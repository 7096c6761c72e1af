package mdx

// ProvidedBy reads the names a site's src/theme/MDXComponents gives every page, in the forms real
// sites write it; anything it cannot read makes the set open rather than wrong.

import (
	"errors"
	"reflect"
	"testing"

	"docsd/pkg/content"
)

func TestProvidedBy(t *testing.T) {
	c := realCompiler(t)
	cases := []struct {
		name, file, source string
		want               Provided
	}{
		{"docsd's map spread and the site's added", "index.tsx",
			"import MDXComponents from '@theme-original/MDXComponents';\nimport type { FC } from 'react';\nimport { PackageLink } from './PackageLink';\nimport Admonition from '@theme/Admonition';\n\nexport default {\n  ...MDXComponents,\n  Admonition,\n  PackageLink,\n  'HiddenHeading': PackageLink as FC,\n};\n",
			Provided{Names: []string{"Admonition", "HiddenHeading", "PackageLink"}}},
		{"a named object, exported after", "MDXComponents.js",
			"import Original from '@theme/MDXComponents';\nimport Note from '../components/Note';\nconst extra = { Note };\nconst map = { ...Original, ...extra, h2: (p) => <h2 className=\"x\" {...p} /> };\nexport default map;\n",
			Provided{Names: []string{"Note", "h2"}}},
		{"export { x as default }", "MDXComponents.jsx",
			"import Tip from './Tip';\nconst components = { Tip };\nexport { components as default };\n",
			Provided{Names: []string{"Tip"}}},
		{"a spread of something else", "MDXComponents.js",
			"import more from './more';\nimport Tip from './Tip';\nexport default { ...more, Tip };\n",
			Provided{Names: []string{"Tip"}, Open: true}},
		{"a computed key", "MDXComponents.js",
			"import Tip from './Tip';\nconst name = 'Tip';\nexport default { [name]: Tip };\n",
			Provided{Names: []string{}, Open: true}},
		{"a default export that is no object", "MDXComponents.js",
			"import make from './make';\nexport default make();\n",
			Provided{Names: []string{}, Open: true}},
	}
	for _, tc := range cases {
		got, err := c.ProvidedBy("src/theme/"+tc.file, "/project/src/theme/"+tc.file, []byte(tc.source))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
	_, err := c.ProvidedBy("src/theme/MDXComponents.js", "/project/src/theme/MDXComponents.js", []byte("import Tip from './Tip';\n\nexport default { Tip,, };\n"))
	var ce *content.Error
	if !errors.As(err, &ce) || ce.File != "src/theme/MDXComponents.js" || ce.Line != 3 || ce.Column == 0 {
		t.Errorf("a syntax error gives %v, want a *content.Error at src/theme/MDXComponents.js:3:col", err)
	}
}

// A run's blocks become HTML, and its code blocks the element DocsdHTML renders, only when the
// site's MDXComponents names neither an HTML element nor DocsdHTML, and is written out.
func TestPlainTags(t *testing.T) {
	for _, c := range []struct {
		p    Provided
		want bool
	}{
		{Provided{}, true},
		{Provided{Names: []string{"Badge", "PackageLink"}}, true},
		{Provided{Names: []string{"Badge", "a"}}, false},
		{Provided{Names: []string{"h2"}}, false},
		{Provided{Names: []string{"DocsdHTML"}}, false},
		{Provided{Names: []string{"Badge"}, Open: true}, false},
	} {
		if got := c.p.plainTags(); got != c.want {
			t.Errorf("%+v: plainTags %v, want %v", c.p, got, c.want)
		}
	}
}
