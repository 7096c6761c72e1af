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

// TestThemeIcons: the classic theme's icons a site's own component imports (@theme/Icon/Success
// beside a copy button) are docsd's; before, the build failed at the import ("docsd has no
// @theme/Icon/Success"). The props go on the <svg>.
func TestThemeIcons(t *testing.T) {
	root, opts := mdxSite(t)
	names := []string{"Arrow", "Close", "Copy", "Edit", "ExternalLink", "Home", "Language", "Menu", "Success", "WordWrap"}
	var imports, uses strings.Builder
	for _, n := range names {
		imports.WriteString("import Icon" + n + " from '@theme/Icon/" + n + "';\n")
		uses.WriteString("<Icon" + n + " className=\"icon-" + n + "\" width={16} />")
	}
	write(t, root, "src/components/Toolbar.jsx", imports.String()+"\nexport default function Toolbar() {\n  return <p>"+uses.String()+"</p>;\n}\n")
	write(t, root, "content/docs/guide/toolbar.mdx", "---\ntitle: Toolbar\n---\n\nimport Toolbar from '@site/src/components/Toolbar';\n\n<Toolbar />\n")
	html := builtPage(t, opts, "/docs/guide/toolbar")
	for _, n := range names {
		if want := `<svg viewBox="0 0 24 24" width="16" height="20" aria-hidden="true" class="icon-` + n + `">`; !strings.Contains(html, want) {
			t.Errorf("no %s on the page", want)
		}
	}
}
