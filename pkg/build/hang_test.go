package build

// An MDX page that never finishes rendering (its component loops, or its module loops as it is
// evaluated) fails at its file once the renderer has answered nothing for the limit, instead of
// hanging the build; docsd watch's next build, the pages fixed, builds them on a fresh renderer.
// The loops never end however fast the machine is: the small limit only decides when they fail,
// and the build that must succeed runs with the default limit.

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"docsd/pkg/nodeproc"
	"docsd/pkg/site"
)

func TestHungRendersFailAtTheirFilesAndTheNextBuildRecovers(t *testing.T) {
	root, opts := mdxSite(t)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	spin := "content/docs/guide/spin.mdx"
	evaluated := "content/docs/guide/evaluated.mdx"
	write(t, root, spin, "# Spin\n\nexport function Spin() {\n  for (;;) {}\n}\n\n<Spin />\n")
	write(t, root, evaluated, "# Evaluated\n\nexport const x = (() => { for (;;) {} })();\n\nText.\n")
	changed := []string{filepath.Join(root, spin), filepath.Join(root, evaluated)}
	b.nodeLimit = 2 * time.Second
	_, err := b.Rebuild(changed)
	var list site.Errors
	if !errors.As(err, &list) {
		t.Fatalf("the build with looping pages: %v, want the pages' errors", err)
	}
	for _, file := range []string{evaluated, spin} {
		found := false
		for _, e := range list {
			found = found || strings.HasPrefix(e.Error(), file+": ") && strings.Contains(e.Error(), "took more than 2s") &&
				strings.Contains(e.Error(), nodeproc.LimitEnv)
		}
		if !found {
			t.Errorf("no error at %s saying its render took more than 2s in %v", file, list)
		}
	}
	b.nodeLimit = nodeproc.DefaultLimit
	write(t, root, spin, "# Spin\n\nexport function Spin() {\n  return <b>spun once</b>;\n}\n\n<Spin />\n")
	write(t, root, evaluated, "# Evaluated\n\nexport const x = (() => 'evaluated once')();\n\n{x}\n")
	res, err := b.Rebuild(changed)
	if err != nil {
		t.Fatalf("the build after the fix: %v", err)
	}
	for route, want := range map[string]string{"/docs/guide/spin": "<b>spun once</b>", "/docs/guide/evaluated": "evaluated once"} {
		if html := string(res.Files.Data[res.Site.HTMLPath(route)]); !strings.Contains(html, want) {
			t.Errorf("%s lacks %q after the fix", route, want)
		}
	}
}
