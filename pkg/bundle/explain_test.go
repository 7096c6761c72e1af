package bundle

import "testing"

// TestExplain: esbuild's words for an import it cannot bundle become what the writer does about it.
func TestExplain(t *testing.T) {
	for msg, want := range map[string]string{
		`No loader is configured for ".wasm" files: ../../x.wasm`: "docsd cannot import a .wasm file here (no loader for it): import a module, a stylesheet, an image, a video or a download",
		`Could not resolve "@radix-ui/themes"`:                    `Could not resolve "@radix-ui/themes": the package @radix-ui/themes is not installed; install it in the project (npm install @radix-ui/themes), as the site's own npm install does`,
		`Could not resolve "lucide-react/dist/esm/icons/x"`:       `Could not resolve "lucide-react/dist/esm/icons/x": the package lucide-react is not installed; install it in the project (npm install lucide-react), as the site's own npm install does`,
		// Not packages: a file of the project, the site's root, an alias docsd explains itself.
		`Could not resolve "./_missing.mdx"`:      `Could not resolve "./_missing.mdx"`,
		`Could not resolve "/img/icons/gone.svg"`: `Could not resolve "/img/icons/gone.svg"`,
		`Could not resolve "@site/src/Gone"`:      `Could not resolve "@site/src/Gone"`,
		`Could not resolve "@theme/Gone"`:         `Could not resolve "@theme/Gone"`,
		`Expected ";" but found "x"`:              `Expected ";" but found "x"`,
	} {
		if got := explain(msg); got != want {
			t.Errorf("explain(%q)\n = %q\nwant %q", msg, got, want)
		}
	}
}
