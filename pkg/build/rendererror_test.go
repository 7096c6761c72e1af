package build

// A page whose server render throws fails the build at its source file (renderError and
// site/src/entry-server.jsx), where React alone would leave the page's content empty.

import (
	"strings"
	"testing"
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
