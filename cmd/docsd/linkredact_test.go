package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/pkg/links"
)

// A page linking to URLs that carry credentials: the build's warnings and every link report format,
// written by the build or by docsd links as scripts/ci-links.sh does, mask them.
func TestLinkReportsMaskCredentials(t *testing.T) {
	root := fixtureRoot(t)
	page := "---\ntitle: Creds\n---\n\n" +
		"[a broken one](/docs/nowhere?access_token=tok-4711) and <https://ann:hunter2@mirror.test/x>,\n" +
		"[a feed](https://feeds.test/rss?apikey=k-0815#token=frag-42).\n"
	if err := os.WriteFile(filepath.Join(root, "content/docs/guide/creds.md"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	secrets := []string{"tok-4711", "hunter2", "k-0815", "frag-42"}
	clean := func(what, text string) {
		t.Helper()
		for _, s := range secrets {
			if strings.Contains(text, s) {
				t.Errorf("%s holds %q:\n%s", what, s, text)
			}
		}
	}
	dir := t.TempDir()
	report := filepath.Join(dir, "links.json")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--once", "--root", root, "--out", filepath.Join(dir, "build"),
		"--links-report", report, "--links-format", "json"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "content/docs/guide/creds.md:5:1: link to /docs/nowhere?access_token=***: no such page") {
		t.Errorf("the build's warnings lack the masked broken link:\n%s", stderr.String())
	}
	clean("the build's output", stdout.String()+stderr.String())
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	clean("the json report", string(data))
	if !strings.Contains(string(data), "https://***@mirror.test/x") {
		t.Errorf("the json report lacks the masked external link:\n%s", data)
	}
	for _, format := range links.Formats {
		stdout.Reset()
		if code := run([]string{"links", "--in", report, "--format", format}, &stdout, &stderr); code != 0 {
			t.Fatalf("docsd links --format %s: exit %d\n%s", format, code, stderr.String())
		}
		clean("the "+format+" report", stdout.String())
	}
}
