package build

// useBaseUrl as Docusaurus's: a path without its leading slash is a site path too, so a component
// that writes <img src={useBaseUrl(src)}> for src="img/shot.svg" shows the site's static file
// under the base path; before, the path stayed relative to the page, where the browser found
// nothing. Full URLs, anchors and paths
// already under the base path stay as they are, and the options are Docusaurus's.

import (
	"fmt"
	"strings"
	"testing"
)

func TestUseBaseUrlOfARelativePath(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/static/img/shot.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")
	write(t, root, "src/components/Shot.jsx", "import useBaseUrl, {useBaseUrlUtils} from '@docusaurus/useBaseUrl';\n\n"+
		"export default function Shot({src}) {\n"+
		"  const {withBaseUrl} = useBaseUrlUtils();\n"+
		"  const urls = [useBaseUrl('/img/shot.svg'), useBaseUrl('/docs/img/shot.svg'), useBaseUrl('https://example.test/a.png'),\n"+
		"    useBaseUrl('#top'), useBaseUrl('mailto:a@example.test'), useBaseUrl('//cdn.example.test/a.js'),\n"+
		"    useBaseUrl('/docs/img/shot.svg', {forcePrependBaseUrl: true}), useBaseUrl('img/shot.svg', {absolute: true}), withBaseUrl('img/shot.svg'),\n"+
		"    useBaseUrl('/docs')];\n"+
		"  return <figure><img src={useBaseUrl(src)} alt=\"shot\" /><figcaption>{urls.join(' ')}</figcaption></figure>;\n}\n")
	write(t, root, "content/docs/guide/shot.mdx", "---\ntitle: Shot\n---\n\nimport Shot from '@site/src/components/Shot';\n\n<Shot src=\"img/shot.svg\" />\n")
	res := built(t, opts)
	html := pageHTML(t, res, "/docs/guide/shot")
	if !strings.Contains(html, `<img src="/docs/img/shot.svg" alt="shot"/>`) {
		t.Errorf("useBaseUrl(\"img/shot.svg\") is not the site's /docs/img/shot.svg:\n%s", html)
	}
	want := "/docs/img/shot.svg /docs/img/shot.svg https://example.test/a.png #top mailto:a@example.test //cdn.example.test/a.js " +
		"/docs/docs/img/shot.svg https://example.test/docs/img/shot.svg /docs/img/shot.svg /docs/"
	if !strings.Contains(html, "<figcaption>"+want+"</figcaption>") {
		t.Errorf("the URLs are not %s:\n%s", want, html)
	}
}

// TestComponentSrcIsASitePath: the link check reads a component's relative src (<Shot
// src="img/shot.svg">) as useBaseUrl does when it is no file beside the page: the site's static
// file, not a missing image. A lower-case <img src> is the browser's, relative to the page, and a
// component's src that is a file nowhere is still reported.
func TestComponentSrcIsASitePath(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/static/img/shot.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")
	write(t, root, "src/components/Shot.jsx", "import useBaseUrl from '@docusaurus/useBaseUrl';\n\n"+
		"export default function Shot({src, alt}) {\n  return <img src={useBaseUrl(src)} alt={alt} />;\n}\n")
	write(t, root, "content/docs/guide/shot.mdx", "---\ntitle: Shot\n---\n\nimport Shot from '@site/src/components/Shot';\n\n"+
		"<Shot src=\"img/shot.svg\" alt=\"one line\" />\n\n<Shot\n  alt=\"over lines\"\n  src=\"img/shot.svg\"\n/>\n\n"+
		"<Shot src=\"img/gone.svg\" alt=\"gone\" />\n\n<img src=\"img/shot.svg\" alt=\"relative to the page\" />\n")
	res := built(t, opts)
	var got []string
	for _, p := range res.Problems {
		got = append(got, fmt.Sprintf("%d:%d %s", p.Line, p.Column, p.Message))
	}
	want := []string{"14:7 image img/gone.svg: no such file", "16:6 image img/shot.svg: no such file"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("problems %q, want %q", got, want)
	}
}
