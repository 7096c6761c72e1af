package content

// This file makes the pages agree on which release of a registry plugin they run: every
// target/<plugin>:<tag> on the site must be a version the plugin's registry page documents (its
// "Version on this page" cell), so that an example never runs a release whose parameters differ
// from the table it points to. `latest` is refused for the same reason. The one exception is a
// flag default of the CLI, server or worker (the clone image, pinned by digest), which the flag
// table checks compare with the source.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var (
	registryDir = filepath.Join(repoRoot, "content", "docs", "usage", "plugins", "registry")
	// a row of a registry page's image table: image, source, version cell
	registryImageRow = regexp.MustCompile("^\\| `(target/[a-z0-9-]+)` \\|[^|]*\\|([^|]+)\\|\\s*$")
	// a version in that cell; an "image tag `x`" in it names the tag when it differs from the version
	registryVersion = regexp.MustCompile(`\bv\d+\.\d+\.\d+\b`)
	registryTag     = regexp.MustCompile("image tag `([^`]+)`")
	// an image reference with a tag, and the digest that may pin it
	pluginImageRef = regexp.MustCompile(`\b(target/[a-z0-9-]+):([A-Za-z0-9._-]+)(@sha256:[0-9a-f]+)?`)
)

// registryImages reads the image table of every registry page: image to the tags the page documents.
func registryImages(t *testing.T) map[string][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(registryDir, "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("registry pages: %v (%d files)", err, len(files))
	}
	out := map[string][]string{}
	for _, f := range files {
		body, _ := readBody(t, f)
		for _, line := range strings.Split(body, "\n") {
			m := registryImageRow.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			tags := registryVersion.FindAllString(m[2], -1)
			if tm := registryTag.FindStringSubmatch(m[2]); tm != nil {
				tags = []string{tm[1]}
			}
			if len(tags) == 0 {
				t.Fatalf("%s: no version in the image row of %s: %q", f, m[1], line)
			}
			out[m[1]] = append(out[m[1]], tags...)
		}
	}
	if len(out) < len(files) {
		t.Fatalf("only %d images in %d registry pages", len(out), len(files))
	}
	return out
}

// flagImageDefaults are the image defaults of the CLI's, server's and worker's flags (name:tag@digest).
func flagImageDefaults(t *testing.T) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	sets := cliFlagSets(t)
	for comp, flags := range componentFlags(t) {
		sets[comp] = flags
	}
	for _, flags := range sets {
		for _, f := range flags {
			if pluginImageRef.MatchString(f.Default) {
				out[f.Default] = true
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no flag has an image default")
	}
	return out
}

// checkPluginImages returns one message for each reference of a registry plugin whose tag is not
// the version its registry page documents.
func checkPluginImages(images map[string][]string, defaults map[string]bool, file, text string) []string {
	var errs []string
	for i, line := range strings.Split(text, "\n") {
		for _, m := range pluginImageRef.FindAllStringSubmatch(line, -1) {
			tags, ok := images[m[1]]
			if !ok || slices.Contains(tags, m[2]) || defaults[m[0]] {
				continue
			}
			errs = append(errs, fmt.Sprintf("%s:%d: %s:%s, but its registry page documents %s", file, i+1, m[1], m[2], strings.Join(tags, " and ")))
		}
	}
	return errs
}

// TestPluginImageTagsMatchRegistry checks every Markdown file under content/.
func TestPluginImageTagsMatchRegistry(t *testing.T) {
	images := registryImages(t)
	defaults := flagImageDefaults(t)
	refs := 0
	for _, file := range contentFiles(t) {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range pluginImageRef.FindAllStringSubmatch(string(raw), -1) {
			if images[m[1]] != nil {
				refs++
			}
		}
		for _, e := range checkPluginImages(images, defaults, file, string(raw)) {
			t.Error(e)
		}
	}
	if refs < 50 {
		t.Fatalf("only %d tagged plugin image references", refs)
	}
	t.Logf("checked %d tagged plugin image references against %d registry images", refs, len(images))
}

// TestPluginImageTagsCatchPlantedErrors: an older release, latest, a version the page does not name
// and the CLI's clone image without its digest all fail; the documented tags and the CLI's pinned
// default pass.
func TestPluginImageTagsCatchPlantedErrors(t *testing.T) {
	images := registryImages(t)
	defaults := flagImageDefaults(t)
	good := "image: target/vela-kaniko:v0.20.0\nimage: target/captains-log:1.6.5\n" +
		"target/secret-vault:v0.7.2 target/secret-vault:v0.9.0 target/vela-git-slim:v0.12.1\n" +
		"| `--clone-image` | `target/vela-git:v0.8.0@sha256:02de004ae9dbf184c70039cb9ce431c31d6e7580eb9e6ec64a97ebf108aa65cb` |\n" +
		"target/vela-server:v0.26.5 octocat/vela-size-guard:0.1.0\n"
	bad := "image: target/vela-kaniko:v0.19.1\nimage: target/vela-docker:latest\n" +
		"target/captains-log:v1.6.5\ntarget/secret-vault:v0.8.0\ntarget/vela-git:v0.8.0\n"
	if errs := checkPluginImages(images, defaults, "good", good); len(errs) != 0 {
		t.Errorf("good: want no errors, got %v", errs)
	}
	if errs := checkPluginImages(images, defaults, "bad", bad); len(errs) != 5 {
		t.Errorf("bad: want 5 errors, got %d: %v", len(errs), errs)
	}
}
