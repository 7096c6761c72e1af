package build

// What a pull request's pages can reach: the project's code runs while the site builds (MDX pages,
// their components), and whatever it renders is published. None of it may read docsd's
// environment or files outside the project.

import (
	"strings"
	"testing"
)

// An MDX page that prints an environment variable renders it empty: the renderers get only the
// variables Node needs (pkg/nodeproc), not a CI job's tokens.
func TestMDXPageCannotPublishTheEnvironment(t *testing.T) {
	const secret = "ghp_trust19_not_for_the_site"
	t.Setenv("GITHUB_TOKEN", secret)
	t.Setenv("DOCSD_GITHUB_TOKEN", secret+"_too")
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/env.mdx", "---\ntitle: Env\n---\n\n"+
		"export const tokens = [process.env.GITHUB_TOKEN, process.env.DOCSD_GITHUB_TOKEN].join('|');\n\n"+
		"Tokens: [{tokens}] on {process.platform}.\n")
	res := built(t, opts)
	html := strings.ReplaceAll(pageHTML(t, res, "/docs/guide/env"), "<!-- -->", "")
	if !strings.Contains(html, "Tokens: [|] on linux.") {
		_, text, _ := strings.Cut(html, "Tokens:")
		t.Errorf("the page shows Tokens:%.60s, want them unset", text)
	}
	for name, data := range res.Files.Data {
		if strings.Contains(string(data), secret) {
			t.Errorf("%s holds the token", name)
		}
	}
}
