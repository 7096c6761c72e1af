package build

import "testing"

// A partial no section of the scan holds (a Docusaurus project's website/src/partials/_p.md with
// content_dir = ".", or content/snippets/_p.md) renders its importers again when it is edited, and
// the link report follows its headings, as a full build's: docsd watch rendered nothing.
func TestPartialOutsideTheSectionsRendersItsImporters(t *testing.T) {
	check := func(t *testing.T, root string, opts Options, partial string) {
		t.Helper()
		inc, ref, _ := devServerAndFullBuilders(t, opts)
		for _, step := range []struct{ name, text string }{
			{"heading renamed", "## Configuring Maven\n\nSteps.\n"},
			{"body edited", "## Configuring Maven\n\nOther steps.\n"},
			{"heading back", "## Configuring Gradle\n\nSteps.\n"},
		} {
			got, want := editMatchesFull(t, inc, ref, root, step.name, partial, step.text)
			if g, w := linkerTargets(got), linkerTargets(want); g != w {
				t.Errorf("%s: linker.md's problems %q, a full build's %q", step.name, g, w)
			}
		}
	}
	t.Run("docusaurus project", func(t *testing.T) {
		root := docusaurusProject(t, func(root string) {
			write(t, root, "website/src/partials/_p.md", "## Configuring Gradle\n\nSteps.\n")
			write(t, root, "docs/shows.mdx", "---\ntitle: Shows\n---\n\nimport Part from '@site/src/partials/_p.md';\n\n## Own heading\n\n<Part />\n")
			write(t, root, "docs/linker.md", "# Linker\n\nSee [gradle](./shows.mdx#configuring-gradle).\n")
		})
		check(t, root, Options{Root: root, SiteDir: "../../site", Production: true}, "website/src/partials/_p.md")
	})
	t.Run("content folder", func(t *testing.T) {
		root, opts := mdxSite(t)
		write(t, root, "content/snippets/_p.md", "## Configuring Gradle\n\nSteps.\n")
		write(t, root, "content/docs/guide/shows.mdx", "---\ntitle: Shows\n---\n\nimport Part from '../../snippets/_p.md';\n\n## Own heading\n\n<Part />\n")
		write(t, root, "content/docs/guide/linker.md", "# Linker\n\nSee [gradle](./shows.mdx#configuring-gradle).\n")
		check(t, root, opts, "content/snippets/_p.md")
	})
}
