package build

// Mistakes in the writer's files as the build reports them.

import "testing"

// Two docs with one id are one mistake, said once, though the site has a second locale that
// shows the default locale's docs.
func TestDuplicateIDSaidOnce(t *testing.T) {
	root, opts := siteCopy(t, false)
	write(t, root, "content/docs/guide/dup1.md", "---\nid: same\ntitle: One\n---\n\nBody\n")
	write(t, root, "content/docs/guide/dup2.md", "---\nid: same\ntitle: Two\n---\n\nBody\n")
	got := buildError(t, opts)
	if want := "content/docs/guide/dup2.md:1:1: doc id \"guide/same\" is also used by content/docs/guide/dup1.md"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
}
