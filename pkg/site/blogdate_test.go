package site

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"docsd/pkg/content"
	"docsd/pkg/markdown"
)

// undatedPost writes a post with no date in its front matter or name into dir and parses it.
func undatedPost(t *testing.T, dir string) (*Parsed, error) {
	t.Helper()
	return ProcessOne(markdown.New(), content.Source{Kind: content.BlogPost, Path: "blog/welcome.md", Rel: "welcome.md",
		Abs: filepath.Join(dir, "welcome.md"), Locale: "en"}, nil, nil)
}

// TestUndatedPostTakesItsFileDate: a post without a date is dated by its file as Docusaurus does:
// the commit that added it, else its modification time. It failed the build before.
func TestUndatedPostTakesItsFileDate(t *testing.T) {
	dir := t.TempDir()
	// git must not find a repository above the temporary folder.
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
	file := filepath.Join(dir, "welcome.md")
	if err := os.WriteFile(file, []byte("# Welcome\n\nHello.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mtime := time.Date(2023, 5, 6, 7, 8, 9, 0, time.UTC)
	if err := os.Chtimes(file, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	p, err := undatedPost(t, dir)
	if err != nil {
		t.Fatalf("an undated post outside git: %v", err)
	}
	if p.FM.Date != "2023-05-06T07:08:09Z" {
		t.Errorf("outside git: date %q, want the modification time", p.FM.Date)
	}

	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git to date a committed post")
	}
	git := func(env []string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git(nil, "init", "-q")
	git(nil, "add", "welcome.md")
	git([]string{"GIT_AUTHOR_DATE=2022-02-03T04:05:06Z", "GIT_COMMITTER_DATE=2022-02-03T04:05:06Z"}, "commit", "-q", "-m", "add")
	p, err = undatedPost(t, dir)
	if err != nil {
		t.Fatalf("an undated committed post: %v", err)
	}
	if p.FM.Date != "2022-02-03T04:05:06Z" {
		t.Errorf("in git: date %q, want the date of the commit that added it", p.FM.Date)
	}
}

// TestPostDateWithOneDigitMonthOrDay: a front-matter date whose month or day has one digit is a
// date (a YAML timestamp allows it, and Docusaurus reads it so); it failed the build with "is not a
// date". Two-digit forms and their times and zones read as before.
func TestPostDateWithOneDigitMonthOrDay(t *testing.T) {
	for text, want := range map[string]time.Time{
		"2023-2-07T00:00:00.000Z":   time.Date(2023, 2, 7, 0, 0, 0, 0, time.UTC),
		"2026-1-13T08:30:00Z":       time.Date(2026, 1, 13, 8, 30, 0, 0, time.UTC),
		"2024-3-5":                  time.Date(2024, 3, 5, 0, 0, 0, 0, time.UTC),
		"2024-03-05 10:20:30":       time.Date(2024, 3, 5, 10, 20, 30, 0, time.UTC),
		"2024-11-30T10:20:30+02:00": time.Date(2024, 11, 30, 8, 20, 30, 0, time.UTC),
	} {
		got, err := parseDate(text)
		if err != nil || !got.Equal(want) {
			t.Errorf("%s: %v, %v; want %v", text, got, err, want)
		}
	}
	for _, text := range []string{"2024-13-01", "2024-2-30", "soon", "2024/03/05"} {
		if _, err := parseDate(text); err == nil {
			t.Errorf("%s read as a date", text)
		}
	}
}
