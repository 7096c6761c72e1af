package build

// A page whose server render throws fails the build at its source file (renderError and
// site/src/entry-server.jsx), where React alone would leave the page's content empty.

import (
	"errors"
	"strings"
	"testing"

	"docsd/pkg/site"
)

// throwingPage is an MDX page whose own component throws when it renders, inside a <Tabs>.
const throwingPage = `---
title: Throws
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

export function Boom({ what }) {
  throw new Error('no ' + what + ' here');
}

# Throws

<Tabs>
  <TabItem value="a" label="A">
    <Boom what="widget" />
  </TabItem>
</Tabs>
`

func TestMDXRenderErrorNamesTheFile(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/throws.mdx", throwingPage)
	got := buildError(t, opts)
	for _, want := range []string{"content/docs/guide/throws.mdx: ", "no widget here (in a component of the page's module, inside <TabItem>, <Tabs>, <MdxContent>"} {
		if !strings.Contains(got, want) {
			t.Errorf("error %q lacks %q", got, want)
		}
	}
}

// The census's cases: useCurrentSidebarCategory on a doc that is no category's page, and a site
// component (src/components) that throws, each fail at their page's file with the hook's or the
// component's message; a Markdown page beside them is not affected (TestMDXPageIsBuilt builds the
// same site without them).
func TestMDXRenderErrorsOfHooksAndSiteComponents(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/cards.mdx", "# Cards\n\n"+
		"import DocCardList from '@theme/DocCardList';\nimport {useCurrentSidebarCategory} from '@docusaurus/plugin-content-docs/client';\n\n"+
		"<DocCardList items={useCurrentSidebarCategory().items} />\n")
	got := buildError(t, opts)
	if want := "content/docs/guide/cards.mdx: rendering the page failed on the server (/docs/guide/cards): useCurrentSidebarCategory: /docs/guide/cards is not the page of a category of its sidebar"; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}

	root, opts = mdxSite(t)
	write(t, root, "src/components/Gauge.jsx", "export default function Gauge({ value }) {\n  return <meter value={value.toFixed(1)} />;\n}\n")
	write(t, root, "content/docs/guide/gauge.mdx", "# Gauge\n\nimport Gauge from '@site/src/components/Gauge';\n\n<Gauge />\n")
	got = buildError(t, opts)
	if !strings.HasPrefix(got, "content/docs/guide/gauge.mdx: ") || !strings.Contains(got, "Cannot read properties of undefined (reading 'toFixed') (in a component of the page's module, inside <MdxContent>") {
		t.Errorf("error %q, want the TypeError at content/docs/guide/gauge.mdx", got)
	}
}

// A blog post whose excerpt throws (its component is before the truncate marker) fails at the
// post's file when the excerpt renders for the blog's lists; renderToString throws there (no
// Suspense boundary), and the message still names the components.
func TestMDXExcerptRenderErrorNamesThePost(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/blog/2025-01-02-broken.mdx", "---\ntitle: Broken post\n---\n\n"+
		"export function Boom() {\n  throw new Error('no excerpt here');\n}\n\n<Boom />\n\n{/* truncate */}\n\nMore.\n")
	got := buildError(t, opts)
	if want := "content/blog/2025-01-02-broken.mdx: rendering the excerpt failed on the server (/docs/blog/broken): no excerpt here (in a component of the page's module, inside <MdxExcerpt>"; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}
}

// Every page whose server render throws is reported by one build, each at its file (jest's 24
// pages came one build at a time); the pages that render are still built, and the build fails.
func TestMDXRenderErrorsOfSeveralPagesAllReported(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/throws.mdx", throwingPage)
	write(t, root, "content/docs/guide/throws-too.mdx", "# Throws too\n\nexport function Boom() {\n  throw new Error('no gadget here');\n}\n\n<Boom />\n")
	b := New(opts)
	defer b.Close()
	_, err := b.Build()
	var list site.Errors
	if !errors.As(err, &list) || len(list) != 2 {
		t.Fatalf("error %v: want the two pages' errors", err)
	}
	for i, want := range [][2]string{{"content/docs/guide/throws-too.mdx: ", "no gadget here"}, {"content/docs/guide/throws.mdx: ", "no widget here"}} {
		if got := list[i].Error(); !strings.HasPrefix(got, want[0]) || !strings.Contains(got, want[1]) {
			t.Errorf("error %d: %q, want %q at %s", i, got, want[1], want[0])
		}
	}
}

// A Markdown post's HTML may hold the comment React writes before a part of the page it left to
// the browser (`<!--$!-->`, then its <template>): the blog's list shows the excerpt through React,
// and the writer's comment is no failed component. The list builds, with the excerpt as written.
func TestMarkdownExcerptWithReactsMarkerBuilds(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/blog/2025-01-05-marker.md", "---\ntitle: Marker post\n---\n\nBefore <!--$!--> after.\n\n<!-- truncate -->\n\nMore.\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatalf("the blog with a post whose excerpt holds <!--$!--> fails: %v", err)
	}
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/blog")]); !strings.Contains(html, "Before <!--$!--> after.") {
		t.Errorf("the blog's list lacks the excerpt as written")
	}
}
