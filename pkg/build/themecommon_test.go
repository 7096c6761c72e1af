package build

// @docusaurus/theme-common as site components use it: useColorMode (a playground or a swatch that
// draws itself for the page's mode) and the duplicates/uniq helpers, beside the docs hooks
// Docusaurus 2 exported there. Before docsd gave them, such a page failed when it rendered
// ("useColorMode is not a function"): the import named nothing of the shell's module.

import (
	"strings"
	"testing"
)

func TestThemeCommonColorModeAndHelpers(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "src/components/Swatch.jsx", "import {useColorMode, duplicates, uniq} from '@docusaurus/theme-common';\n\n"+
		"export default function Swatch({names}) {\n"+
		"  const {colorMode, colorModeChoice, setColorMode} = useColorMode();\n"+
		"  return <p className={`swatch swatch-${colorMode}`} data-choice={String(colorModeChoice)}>\n"+
		"    repeated {duplicates(names, (a, b) => a.toLowerCase() === b.toLowerCase()).join('+')}, once {uniq(names).join('+')}, {typeof setColorMode}\n"+
		"  </p>;\n}\n")
	write(t, root, "content/docs/guide/swatch.mdx", "---\ntitle: Swatch\n---\n\nimport Swatch from '@site/src/components/Swatch';\n\n"+
		"<Swatch names={['red', 'Red', 'blue', 'red']} />\n")
	html := builtPage(t, opts, "/docs/guide/swatch")
	want := `<p class="swatch swatch-light" data-choice="null">repeated <!-- -->Red+red<!-- -->, once <!-- -->red+Red+blue<!-- -->, <!-- -->function</p>`
	if !strings.Contains(html, want) {
		t.Errorf("the page does not show %s:\n%s", want, html)
	}
}
