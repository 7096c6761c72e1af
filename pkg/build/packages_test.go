package build

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestInstalledPackagesAreInputs: a change of the installed packages (npm install rewrites
// node_modules/.package-lock.json) or of the project's package.json builds the shell and every page
// again, as an edit of the shell does: the bundle may now resolve an import to another file. Before,
// such a path fell through Builder.inputs and the rebuild changed nothing.
func TestInstalledPackagesAreInputs(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	all, _ := allRoutes(first)
	for _, rel := range []string{"node_modules/.package-lock.json", "node_modules/some-package/index.js", "package.json", "tsconfig.json"} {
		write(t, root, rel, "{}")
		res, err := b.Rebuild([]string{filepath.Join(root, rel)})
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		if res.Rendered != len(all) {
			t.Errorf("%s changed: rendered %d routes, want all %d", rel, res.Rendered, len(all))
		}
	}
	for _, p := range []string{"node_modules", "package.json", "tsconfig.json", "jsconfig.json"} {
		if !slices.Contains(WatchPaths(root, opts.SiteDir), filepath.Join(root, p)) {
			t.Errorf("%s is not watched", p)
		}
	}
}
