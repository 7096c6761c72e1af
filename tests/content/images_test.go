package content

// This file checks that every image:tag of Vela's own programs (server, worker, CLI, UI) on the site
// names the release that belongs to v0.26, as listed in testdata/vela-facts/data/component_images_v0.26.tsv.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var componentImagesFile = filepath.Join(repoRoot, "testdata", "vela-facts", "data", "component_images_v0.26.tsv")

// componentImage is one row of the TSV: an image, its v0.26 tag and the suffixes also published.
type componentImage struct {
	Tag      string
	Suffixes []string
}

func loadComponentImages(t *testing.T) map[string]componentImage {
	t.Helper()
	out := map[string]componentImage{}
	for _, l := range listLines(t, "component images", componentImagesFile) {
		c := strings.Split(l.Text, "\t")
		if len(c) != 4 {
			t.Fatalf("%s:%d: want image, tag, suffixes, source; got %q", componentImagesFile, l.N, l.Text)
		}
		img := componentImage{Tag: c[1]}
		if c[2] != "-" {
			img.Suffixes = strings.Split(c[2], ",")
		}
		out[c[0]] = img
	}
	if len(out) == 0 {
		t.Fatal("component image list is empty")
	}
	return out
}

// imageRef matches an image reference with a tag; the name part is checked against the list.
var imageRef = regexp.MustCompile(`\b(target/vela-[a-z]+):([A-Za-z0-9._-]+)`)

// checkImageTags returns one message for each tagged reference of a listed image whose tag is not
// the v0.26 tag (or that tag with a published suffix).
func checkImageTags(images map[string]componentImage, file, text string) []string {
	var errs []string
	for i, line := range strings.Split(text, "\n") {
		for _, m := range imageRef.FindAllStringSubmatch(line, -1) {
			img, ok := images[m[1]]
			if !ok {
				continue // a plugin image such as target/vela-kaniko
			}
			if m[2] == img.Tag || slices.ContainsFunc(img.Suffixes, func(s string) bool { return m[2] == img.Tag+s }) {
				continue
			}
			errs = append(errs, fmt.Sprintf("%s:%d: %s:%s is not the v0.26 release (want %s:%s)", file, i+1, m[1], m[2], m[1], img.Tag))
		}
	}
	return errs
}

// TestComponentImageTags checks every Markdown file under content/.
func TestComponentImageTags(t *testing.T) {
	images := loadComponentImages(t)
	refs := 0
	for _, file := range contentFiles(t) {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		refs += len(imageRef.FindAllString(string(raw), -1))
		for _, e := range checkImageTags(images, file, string(raw)) {
			t.Error(e)
		}
	}
	t.Logf("checked %d tagged target/vela-* references", refs)
}

// TestComponentImageTagsCatchPlantedErrors keeps the check honest: the UI's own numbering, an older
// patch release, a suffix the image does not publish and latest all fail; the right tags pass.
func TestComponentImageTagsCatchPlantedErrors(t *testing.T) {
	images := loadComponentImages(t)
	good := "image: target/vela-server:v0.26.5\ndocker run target/vela-worker:v0.26.1-alpine\n" +
		"target/vela-ui:v0.27.3 target/vela-cli:v0.26.1 target/vela-kaniko:v0.19.1\n"
	bad := "target/vela-ui:v0.26.1\ntarget/vela-server:v0.26.4\ntarget/vela-cli:v0.26.1-alpine\ntarget/vela-worker:latest\n"
	if errs := checkImageTags(images, "good", good); len(errs) != 0 {
		t.Errorf("good: want no errors, got %v", errs)
	}
	if errs := checkImageTags(images, "bad", bad); len(errs) != 4 {
		t.Errorf("bad: want 4 errors, got %d: %v", len(errs), errs)
	}
}
