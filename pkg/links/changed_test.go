package links

import (
	"bytes"
	"strings"
	"testing"
)

const sampleDiff = `diff --git a/content/docs/a.md b/content/docs/a.md
index 1111111..2222222 100644
--- a/content/docs/a.md
+++ b/content/docs/a.md
@@ -3 +3 @@ title: A
-old
+new [link](x.md)
@@ -10,0 +11,2 @@ more
+added one
+added two
@@ -20,2 +21,0 @@ gone
-removed
-removed
diff --git a/content/docs/gone.md b/content/docs/gone.md
deleted file mode 100644
--- a/content/docs/gone.md
+++ /dev/null
@@ -1 +0,0 @@
-bye
diff --git a/docsd.toml b/docsd.toml
--- a/docsd.toml
+++ b/docsd.toml
@@ -5,0 +6 @@
+to = "/x"
`

func TestChangedLines(t *testing.T) {
	got, err := ChangedLines(strings.NewReader(sampleDiff))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]int{"content/docs/a.md": {3, 11, 12}, "docsd.toml": {6}}
	if len(got) != len(want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	for f, lines := range want {
		if len(got[f]) != len(lines) {
			t.Errorf("%s: lines %v, want %v", f, got[f], lines)
		}
		for _, l := range lines {
			if !got[f][l] {
				t.Errorf("%s: line %d not marked", f, l)
			}
		}
	}
}

func TestOnlyChangedAndJSONRoundTrip(t *testing.T) {
	r := &Report{
		Problems: []Problem{
			{File: "content/docs/a.md", Line: 3, Column: 5, Kind: KindLink, Target: "x.md", Message: "link to x.md: no such page"},
			{File: "content/docs/a.md", Line: 4, Column: 1, Kind: KindLink, Target: "y.md", Message: "link to y.md: no such page"},
			{File: "docsd.toml", Line: 6, Column: 6, Kind: KindLink, Target: "/x", Message: "link to /x: no such page", Suggestion: "/docs/x"},
		},
		External: []External{{File: "content/docs/b.md", Line: 1, Column: 1, Target: "https://example.test"}},
		Orphans:  []Orphan{{Route: "/docs/a", File: "content/docs/a.md"}, {Route: "/docs/b", File: "content/docs/b.md"}},
	}
	var buf bytes.Buffer
	if err := r.Write(&buf, "json"); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Problems) != 3 || back.Problems[2].Suggestion != "/docs/x" || len(back.External) != 1 || len(back.Orphans) != 2 {
		t.Fatalf("round trip lost something: %+v", back)
	}
	changed, _ := ChangedLines(strings.NewReader(sampleDiff))
	only := back.OnlyChanged(changed)
	var got []string
	for _, p := range only.Problems {
		got = append(got, p.String())
	}
	want := "content/docs/a.md:3:5: link to x.md: no such page\ndocsd.toml:6:6: link to /x: no such page (did you mean /docs/x?)"
	if strings.Join(got, "\n") != want {
		t.Errorf("changed-line problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
	if len(only.Orphans) != 1 || only.Orphans[0].Route != "/docs/a" || len(only.External) != 0 {
		t.Errorf("changed-file orphans: %+v, external %+v", only.Orphans, only.External)
	}
	if _, err := ReadJSON(strings.NewReader(`{"version": 2}`)); err == nil {
		t.Error("a report of another version is read")
	}
}

func TestYAMLValuePositions(t *testing.T) {
	fm := "\ufeff---\ntitle: X\nauthors: [a, bb]\ntags:\n  - one\n  - two\npagination_next: guide/x\n---\nBody\n"
	cases := []struct {
		field, value string
		line, col    int
	}{{"authors", "bb", 3, 14}, {"tags", "two", 6, 5}, {"pagination_next", "guide/x", 7, 18}}
	for _, c := range cases {
		line, col, ok := yamlValuePos([]byte(fm), c.field, c.value)
		if !ok || line != c.line || col != c.col {
			t.Errorf("%s %s: %d:%d (%v), want %d:%d", c.field, c.value, line, col, ok, c.line, c.col)
		}
	}
	cat := "label: X\nlink:\n  type: doc\n  id: a/b\n"
	if line, col, ok := yamlValuePos([]byte(cat), "link.id", "a/b"); !ok || line != 4 || col != 7 {
		t.Errorf("link.id: %d:%d %v", line, col, ok)
	}
	if _, _, ok := yamlValuePos([]byte("---\ntitle: [\n---\n"), "title", "x"); ok {
		t.Error("a broken front matter has positions")
	}
	toml := "[[sidebars]]\nid = \"x\"\nentry = \"a/b\" # the entry\n"
	if line, col := tomlValuePos([]byte(toml), "entry", "a/b"); line != 3 || col != 10 {
		t.Errorf("toml entry: %d:%d", line, col)
	}
}
