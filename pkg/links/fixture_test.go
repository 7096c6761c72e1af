package links_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"docsd/pkg/build"
	"docsd/pkg/links"
)

var (
	fixtureOnce sync.Once
	fixture     *links.Report
	fixtureErr  error
)

// buildFixture builds testdata/sites/broken, the site full of deliberate link problems, once for
// all the tests of this file.
func buildFixture(t *testing.T) *links.Report {
	t.Helper()
	fixtureOnce.Do(func() {
		b := build.New(build.Options{Root: "../../testdata/sites/broken", SiteDir: "../../site", Production: true})
		defer b.Close()
		res, err := b.Build()
		if err != nil {
			fixtureErr = err
			return
		}
		if res.Links == nil {
			fixtureErr = fmt.Errorf("the build has no link report")
			return
		}
		fixture = res.Links
	})
	if fixtureErr != nil {
		t.Fatalf("build: %v", fixtureErr)
	}
	return fixture
}

// Every deliberate problem of testdata/sites/broken, and nothing else: the valid links beside them
// (anchors, custom and HTML ids, trailing slashes, .html, encoded characters, category index pages,
// static files, generated files, mailto:, other locales and versions, code and comments) must not
// show up here.
var wantProblems = []string{
	`content/blog/2025-01-01-post.md:3:17: author "teem" is not defined in content/blog/authors.yml (did you mean team?)`,
	`content/blog/2025-01-01-post.md:6:5: tag "nwes" is not defined in content/blog/tags.yml (did you mean news?)`,
	`content/docs/guide/cat/_category_.yml:5:7: link.id names doc "guide/cat/pgae", which does not exist (did you mean guide/cat/page?)`,
	`content/docs/guide/intro.md:27:9: link to nowhere.md: no such page`,
	`content/docs/guide/intro.md:27:39: link to setpu.md: no such page (did you mean ./setup.md?)`,
	`content/docs/guide/intro.md:27:59: anchor #befor-you-start does not exist on /docs/guide/setup (did you mean #before-you-start?)`,
	`content/docs/guide/intro.md:28:1: link to /docs/guide/stup: no such page (did you mean /docs/guide/setup?)`,
	`content/docs/guide/intro.md:28:42: image ./diagrm.png: no such file (did you mean ./diagram.png?)`,
	`content/docs/guide/intro.md:28:78: link to /docs/guide/nope: no such page`,
	`content/docs/guide/intro.md:29:6: image /docs/img/logo.svgz: no such file (did you mean /docs/img/logo.svg?)`,
	"content/docs/guide/intro.md:29:95: reference [no-such-ref] is not defined: add a line `[no-such-ref]: <target>`",
	`content/docs/guide/intro.md:30:1: anchor #no-such-section does not exist on /docs/guide/intro (did you mean #first-section?)`,
	`content/docs/guide/intro.md:30:27: link to /docs/de/guide/intro: no such page (did you mean /docs/fr/guide/intro?)`,
	`content/docs/guide/intro.md:30:59: link to /docs/1.0/guide/setup: no such page (did you mean /docs/guide/setup?)`,
	`content/docs/guide/intro.md:31:1: link to ../../../outside leaves the site: every page is under /docs/`,
	`content/docs/guide/intro.md:31:30: anchor #nope does not exist on /docs/fr/guide/intro`,
	`content/docs/guide/intro.md:34:12: link to ./setpu.md: no such page (did you mean ./setup.md?)`,
	`content/docs/guide/setup.md:5:18: pagination_next names doc "guide/intrp", which does not exist (did you mean guide/intro?)`,
	`content/i18n/fr/docs/guide/intro.md:5:41: link to absente.md: no such page`,
	`content/i18n/fr/docs/guide/intro.md:6:9: link to ete.md: no such page`, // columns count characters: "Voilà : "
	`content/pages/index.md:5:56: link to /docs/version: no such page (did you mean /docs/versions?)`,
	`content/versioned_docs/version-1.0/guide/intro.md:5:81: link to setup.md: no such page (did you mean ../../../docs/guide/setup.md?)`,
	`docsd.toml:24:7: link to /blgo: no such page (did you mean /docs/blog?)`,
	`docsd.toml:37:17: image /docs/img/logo.png: no such file (did you mean /docs/img/logo.svg?)`,
	`docsd.toml:44:27: link to /docs/guide/lost: no such page`,
	`docsd.toml:45:28: anchor #the-stpes does not exist on /docs/guide/setup (did you mean #the-steps?)`,
	`docsd.toml:57:10: sidebar "extra": entry doc "extra/strat" does not exist (did you mean extra/start?)`,
	`docsd.toml:70:13: docs version "1.0": main_doc "guide/intr" does not exist (did you mean guide/intro?)`,
	`docsd.toml:86:76: link to /docs/guide/stepup: no such page (did you mean /docs/guide/setup?)`,
}

func TestFixtureEveryProblemOnce(t *testing.T) {
	r := buildFixture(t)
	var got []string
	for _, p := range r.Problems {
		got = append(got, p.String())
	}
	if strings.Join(got, "\n") != strings.Join(wantProblems, "\n") {
		t.Errorf("problems differ.\ngot:\n%s\n\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantProblems, "\n"))
	}
	// The link text and target travel with each problem.
	for _, p := range r.Problems {
		if p.Target == "" || p.Kind == "" {
			t.Errorf("%s: no target or kind", p)
		}
	}
	want := map[string]links.Problem{
		"content/docs/guide/intro.md:27:39":    {Text: "a typo", Target: "setpu.md", Kind: links.KindLink},
		"content/docs/guide/intro.md:34:12":    {Text: "bad-ref", Target: "./setpu.md", Kind: links.KindLink},
		"content/docs/guide/intro.md:28:42":    {Text: "a missing image", Target: "./diagrm.png", Kind: links.KindImage},
		"content/docs/guide/intro.md:29:95":    {Text: "undefined", Target: "[no-such-ref]", Kind: links.KindReference},
		"docsd.toml:24:7":                      {Text: "Old news", Target: "/blgo", Kind: links.KindLink},
		"docsd.toml:45:28":                     {Text: "Steps", Target: "/docs/guide/setup#the-stpes", Kind: links.KindAnchor},
		"content/blog/2025-01-01-post.md:3:17": {Text: "authors", Target: "teem", Kind: links.KindAuthor},
	}
	for _, p := range r.Problems {
		key := fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
		if w, ok := want[key]; ok {
			if p.Text != w.Text || p.Target != w.Target || p.Kind != w.Kind {
				t.Errorf("%s: text %q target %q kind %q, want %q %q %q", key, p.Text, p.Target, p.Kind, w.Text, w.Target, w.Kind)
			}
			delete(want, key)
		}
	}
	for key := range want {
		t.Errorf("no problem at %s", key)
	}
}

func TestFixtureExternalLinksAndOrphans(t *testing.T) {
	r := buildFixture(t)
	var ext []string
	for _, e := range r.External {
		ext = append(ext, fmt.Sprintf("%s:%d:%d %s [%s]", e.File, e.Line, e.Column, e.Target, e.Text))
	}
	wantExt := []string{
		"content/docs/guide/intro.md:12:67 mailto:team@example.test [mail]",
		"content/docs/guide/intro.md:13:1 https://example.test/page [a site]",
		"content/docs/guide/intro.md:13:45 https://example.test/bare [https://example.test/bare]",
		"docsd.toml:29:9 https://example.test/source [Source]",
		"docsd.toml:46:29 mailto:team@example.test [Mail]",
		"docsd.toml:86:118 https://example.test/news [announcement]",
	}
	if strings.Join(ext, "\n") != strings.Join(wantExt, "\n") {
		t.Errorf("external links:\n%s\nwant:\n%s", strings.Join(ext, "\n"), strings.Join(wantExt, "\n"))
	}
	var orphans []string
	for _, o := range r.Orphans {
		orphans = append(orphans, o.Route+" "+o.File)
	}
	// The versions page is an orphan here because this navbar has no version dropdown.
	wantOrphans := []string{"/docs/lonely/alone content/docs/lonely/alone.md", "/docs/versions content/pages/versions.md"}
	if strings.Join(orphans, "\n") != strings.Join(wantOrphans, "\n") {
		t.Errorf("orphans:\n%s\nwant:\n%s", strings.Join(orphans, "\n"), strings.Join(wantOrphans, "\n"))
	}
}

func TestFixtureGitHubAnnotations(t *testing.T) {
	r := buildFixture(t)
	var buf bytes.Buffer
	if err := r.Write(&buf, "github"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != len(wantProblems)+len(r.Orphans) {
		t.Fatalf("%d lines, want one per problem (%d) and orphan (%d):\n%s", len(lines), len(wantProblems), len(r.Orphans), buf.String())
	}
	// file, line and col come from the problem; the message carries the suggestion; commas and
	// colons in properties and newlines anywhere are escaped so the runner parses each line.
	shape := regexp.MustCompile(`^::(warning|notice) file=[^,:]+,line=[1-9][0-9]*,col=[1-9][0-9]*,title=[^,:]+::[^\r\n]+$`)
	for i, l := range lines {
		if !shape.MatchString(l) {
			t.Errorf("line %d is not a workflow command: %q", i+1, l)
		}
		if i < len(wantProblems) {
			p := r.Problems[i]
			want := fmt.Sprintf("::warning file=%s,line=%d,col=%d,", p.File, p.Line, p.Column)
			if !strings.HasPrefix(l, want) {
				t.Errorf("line %d: %q does not start with %q", i+1, l, want)
			}
		}
	}
	wantLines := map[int]string{
		0:  "::warning file=content/blog/2025-01-01-post.md,line=3,col=17,title=Unknown blog author::author \"teem\" is not defined in content/blog/authors.yml (did you mean team?)",
		5:  "::warning file=content/docs/guide/intro.md,line=27,col=59,title=Broken anchor::anchor #befor-you-start does not exist on /docs/guide/setup (did you mean #before-you-start?)",
		22: "::warning file=docsd.toml,line=24,col=7,title=Broken link::link to /blgo: no such page (did you mean /docs/blog?)",
		29: "::notice file=content/docs/lonely/alone.md,line=1,col=1,title=Orphan page::nothing links to /docs/lonely/alone: add it to a sidebar or link to it",
	}
	for i, w := range wantLines {
		if lines[i] != w {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, lines[i], w)
		}
	}
}

func TestGitHubAnnotationEscapes(t *testing.T) {
	got := links.GitHubLine(links.Problem{File: "content/a,b:c.md", Line: 2, Column: 3, Kind: links.KindLink, Message: "50% off\nnext line"})
	want := "::warning file=content/a%2Cb%3Ac.md,line=2,col=3,title=Broken link::50%25 off%0Anext line"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func compileSchema(t *testing.T, file string) *jsonschema.Schema {
	t.Helper()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	s, err := c.Compile(abs)
	if err != nil {
		t.Fatalf("compiling %s: %v", file, err)
	}
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, data []byte) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the report is not JSON: %v", err)
	}
	if err := s.Validate(inst); err != nil {
		t.Errorf("the report does not validate: %v", err)
	}
}

func TestFixtureSARIFValidates(t *testing.T) {
	r := buildFixture(t)
	var buf bytes.Buffer
	if err := r.Write(&buf, "sarif"); err != nil {
		t.Fatal(err)
	}
	schema := compileSchema(t, "../../testdata/schemas/sarif-2.1.0-rtm.5.json")
	validate(t, schema, buf.Bytes())
	// The schema does reject a log that is not SARIF 2.1.0.
	bad, _ := jsonschema.UnmarshalJSON(strings.NewReader(strings.Replace(buf.String(), `"startLine": 3`, `"startLine": 0`, 1)))
	if schema.Validate(bad) == nil {
		t.Error("the SARIF schema accepts a line 0")
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Region           struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != len(wantProblems)+len(r.Orphans) {
		t.Fatalf("want one run with %d results", len(wantProblems)+len(r.Orphans))
	}
	first := log.Runs[0].Results[0]
	loc := first.Locations[0].PhysicalLocation
	if first.RuleID != "docsd/author" || first.Level != "warning" || loc.ArtifactLocation.URI != "content/blog/2025-01-01-post.md" ||
		loc.Region.StartLine != 3 || loc.Region.StartColumn != 17 {
		t.Errorf("first result: %+v", first)
	}
}

func TestFixtureJSONMatchesItsSchema(t *testing.T) {
	r := buildFixture(t)
	var buf bytes.Buffer
	if err := r.Write(&buf, "json"); err != nil {
		t.Fatal(err)
	}
	validate(t, compileSchema(t, "report.schema.json"), buf.Bytes())
	var empty bytes.Buffer
	if err := (&links.Report{}).Write(&empty, "json"); err != nil {
		t.Fatal(err)
	}
	validate(t, compileSchema(t, "report.schema.json"), empty.Bytes())
}

func TestFixtureMarkdownSummary(t *testing.T) {
	r := buildFixture(t)
	var buf bytes.Buffer
	if err := r.Write(&buf, "markdown"); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	for _, w := range []string{
		"**29 broken links** to fix.",
		"| Broken link | 15 |",
		"| Broken anchor | 4 |",
		"| External links (listed, not checked) | 6 |",
		"| Pages nothing links to | 2 |",
		"<details>\n<summary>All 29 problems</summary>",
		"| `content/docs/guide/intro.md:27:39` | link to setpu.md: no such page | a typo | `./setup.md` |",
		"| `docsd.toml:24:7` | link to /blgo: no such page | Old news | `/docs/blog` |",
		"<summary>2 pages that nothing links to</summary>",
		"| reference [no-such-ref] is not defined: add a line '[no-such-ref]: &lt;target&gt;' | undefined |",
		"- `/docs/lonely/alone` (`content/docs/lonely/alone.md`)",
	} {
		if !strings.Contains(md, w) {
			t.Errorf("the summary lacks %q:\n%s", w, md)
		}
	}
	// A short list is not collapsed; a clean site says so.
	short := &links.Report{Problems: r.Problems[:2]}
	buf.Reset()
	short.Write(&buf, "markdown")
	if strings.Contains(buf.String(), "<details>") {
		t.Errorf("two problems are collapsed:\n%s", buf.String())
	}
	buf.Reset()
	(&links.Report{}).Write(&buf, "markdown")
	if !strings.Contains(buf.String(), "No broken links or anchors.") {
		t.Errorf("clean summary:\n%s", buf.String())
	}
}

func TestFixtureTextReport(t *testing.T) {
	r := buildFixture(t)
	var buf bytes.Buffer
	if err := r.Write(&buf, "text"); err != nil {
		t.Fatal(err)
	}
	want := strings.Join(wantProblems, "\n") + "\n29 broken links, 6 external links (not checked), 2 orphan pages\n\nPages that nothing links to:\n" +
		"  /docs/lonely/alone (content/docs/lonely/alone.md)\n  /docs/versions (content/pages/versions.md)\n"
	if buf.String() != want {
		t.Errorf("text report:\n%s\nwant:\n%s", buf.String(), want)
	}
	if err := r.Write(&buf, "yaml"); err == nil {
		t.Error("an unknown format is accepted")
	}
}

// A sidebar entry that a navbar item opens is still a build error (the navbar cannot render
// without it), with a suggestion; the same mistake in a sidebar no navbar item opens only warns.
func TestNavbarSidebarEntryFailsTheBuild(t *testing.T) {
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS("../../testdata/sites/broken")); err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(root, "docsd.toml")
	raw, err := os.ReadFile(conf)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(conf, bytes.Replace(raw, []byte(`entry = "guide/intro"`), []byte(`entry = "guide/intrx"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	b := build.New(build.Options{Root: root, SiteDir: "../../site", Production: true})
	defer b.Close()
	_, err = b.Build()
	want := `docsd.toml: sidebar "guide": entry doc "guide/intrx" does not exist (did you mean "guide/intro"?): a navbar item opens this sidebar, so it needs an entry doc`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
