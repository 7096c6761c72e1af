package links

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Formats lists the report formats Write knows.
var Formats = []string{"text", "json", "github", "markdown", "sarif"}

// Write writes the report in a format: text (one line a problem), json (the shape of
// report.schema.json), github (workflow-command annotations), markdown (a pull-request comment)
// or sarif (SARIF 2.1.0 for code-scanning tools).
// Every format masks the credentials of URLs it quotes (redact.go).
func (r *Report) Write(w io.Writer, format string) error {
	r = r.redacted()
	var err error
	switch format {
	case "text":
		err = r.writeText(w)
	case "json":
		err = r.writeJSON(w)
	case "github":
		err = r.writeGitHub(w)
	case "markdown":
		err = r.writeMarkdown(w)
	case "sarif":
		err = r.writeSARIF(w)
	default:
		return fmt.Errorf("unknown link report format %q: use one of %s", format, strings.Join(Formats, ", "))
	}
	if err != nil {
		return fmt.Errorf("writing the %s link report: %w", format, err)
	}
	return nil
}

func (r *Report) writeText(w io.Writer) error {
	var b strings.Builder
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "%s\n", p)
	}
	fmt.Fprintf(&b, "%s\n", r.Summary())
	if len(r.Orphans) > 0 {
		fmt.Fprintf(&b, "\nPages that nothing links to:\n")
		for _, o := range r.Orphans {
			fmt.Fprintf(&b, "  %s (%s)\n", o.Route, o.File)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// jsonReport is the JSON shape, described by report.schema.json beside this file.
type jsonReport struct {
	Version  int            `json:"version"`
	Summary  jsonSummary    `json:"summary"`
	Problems []Problem      `json:"problems"`
	External []External     `json:"external"`
	Orphans  []Orphan       `json:"orphans"`
	ByKind   map[string]int `json:"byKind"`
}

type jsonSummary struct {
	Problems int `json:"problems"`
	External int `json:"external"`
	Orphans  int `json:"orphans"`
}

func (r *Report) writeJSON(w io.Writer) error {
	out := jsonReport{Version: 1, Summary: jsonSummary{len(r.Problems), len(r.External), len(r.Orphans)},
		Problems: nonNil(r.Problems), External: nonNil(r.External), Orphans: nonNil(r.Orphans), ByKind: r.Counts()}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// GitHub workflow commands: data escapes %, CR and LF; properties also : and ,.
var (
	ghData  = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghProps = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// Titles of the annotations and SARIF rules, by problem kind.
var kindTitles = map[string]string{
	KindLink:      "Broken link",
	KindImage:     "Missing image or file",
	KindAnchor:    "Broken anchor",
	KindReference: "Undefined reference",
	KindDoc:       "Unknown doc id",
	KindAuthor:    "Unknown blog author",
	KindTag:       "Unknown blog tag",
}

func title(kind string) string {
	if t, ok := kindTitles[kind]; ok {
		return t
	}
	return "Link problem"
}

// GitHubLine is the annotation of one problem: a warning on its file, line and column, with the
// credentials of the URLs it quotes masked.
func GitHubLine(p Problem) string { return githubLine(p.redacted()) }

// githubLine is GitHubLine of a problem already redacted (Write redacts the whole report first).
func githubLine(p Problem) string {
	msg := p.Message
	if p.Suggestion != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", p.Suggestion)
	}
	return fmt.Sprintf("::warning file=%s,line=%d,col=%d,title=%s::%s", ghProps.Replace(p.File), p.Line, p.Column,
		ghProps.Replace(title(p.Kind)), ghData.Replace(msg))
}

func (r *Report) writeGitHub(w io.Writer) error {
	var b strings.Builder
	for _, p := range r.Problems {
		b.WriteString(githubLine(p) + "\n")
	}
	for _, o := range r.Orphans {
		fmt.Fprintf(&b, "::notice file=%s,line=1,col=1,title=%s::%s\n", ghProps.Replace(o.File), ghProps.Replace("Orphan page"),
			ghData.Replace(fmt.Sprintf("nothing links to %s: add it to a sidebar or link to it", o.Route)))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// collapseAfter is how many table rows a pull-request comment shows before it folds the table.
const collapseAfter = 10

// mdCell makes text safe in a table cell of GitHub Markdown: no column breaks, no line breaks, no
// < that would start an HTML tag and hide the text, and no * that would turn a masked credential
// (***) into emphasis.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "\r", "", "`", "'", "<", "&lt;", ">", "&gt;", "*", `\*`).Replace(s)
}

func (r *Report) writeMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("## docsd link check\n\n")
	if len(r.Problems) == 0 {
		b.WriteString("No broken links or anchors.\n\n")
	} else {
		fmt.Fprintf(&b, "**%d broken link%s** to fix.\n\n", len(r.Problems), plural(len(r.Problems)))
	}
	b.WriteString("| | count |\n|---|---:|\n")
	counts := r.Counts()
	kinds := make([]string, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		fmt.Fprintf(&b, "| %s | %d |\n", title(k), counts[k])
	}
	fmt.Fprintf(&b, "| Broken, in all | %d |\n| External links (listed, not checked) | %d |\n| Pages nothing links to | %d |\n\n",
		len(r.Problems), len(r.External), len(r.Orphans))
	if len(r.Problems) > 0 {
		long := len(r.Problems) > collapseAfter
		if long {
			fmt.Fprintf(&b, "<details>\n<summary>All %d problems</summary>\n\n", len(r.Problems))
		}
		b.WriteString("| where | problem | link text | did you mean |\n|---|---|---|---|\n")
		for _, p := range r.Problems {
			sugg := ""
			if p.Suggestion != "" {
				sugg = "`" + mdCell(p.Suggestion) + "`"
			}
			fmt.Fprintf(&b, "| `%s:%d:%d` | %s | %s | %s |\n", mdCell(p.File), p.Line, p.Column, mdCell(p.Message), mdCell(p.Text), sugg)
		}
		if long {
			b.WriteString("\n</details>\n")
		}
		b.WriteString("\n")
	}
	if len(r.Orphans) > 0 {
		fmt.Fprintf(&b, "<details>\n<summary>%d page%s that nothing links to</summary>\n\n", len(r.Orphans), plural(len(r.Orphans)))
		for _, o := range r.Orphans {
			fmt.Fprintf(&b, "- `%s` (`%s`)\n", mdCell(o.Route), mdCell(o.File))
		}
		b.WriteString("\n</details>\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// SARIF 2.1.0: one rule per problem kind, plus one for orphan pages (level note).
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription sarifMessage `json:"shortDescription"`
	DefaultConfig    sarifConfig  `json:"defaultConfiguration"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifactL `json:"artifactLocation"`
	Region           sarifRegion    `json:"region"`
}

type sarifArtifactL struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
}

var sarifKinds = []string{KindLink, KindImage, KindAnchor, KindReference, KindDoc, KindAuthor, KindTag, "orphan"}

func (r *Report) writeSARIF(w io.Writer) error {
	rules := make([]sarifRule, len(sarifKinds))
	index := map[string]int{}
	for i, k := range sarifKinds {
		level, name := "warning", title(k)
		if k == "orphan" {
			level, name = "note", "Page that nothing links to"
		}
		rules[i] = sarifRule{ID: "docsd/" + k, Name: strings.ReplaceAll(name, " ", ""), ShortDescription: sarifMessage{name},
			DefaultConfig: sarifConfig{level}}
		index[k] = i
	}
	loc := func(file string, line, col int) []sarifLocation {
		return []sarifLocation{{sarifPhysical{sarifArtifactL{URI: file, URIBaseID: "%SRCROOT%"}, sarifRegion{line, col}}}}
	}
	results := []sarifResult{}
	for _, p := range r.Problems {
		i, ok := index[p.Kind]
		if !ok {
			i = index[KindLink]
		}
		msg := p.Message
		if p.Suggestion != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", p.Suggestion)
		}
		results = append(results, sarifResult{RuleID: rules[i].ID, RuleIndex: i, Level: "warning", Message: sarifMessage{msg},
			Locations: loc(p.File, p.Line, p.Column)})
	}
	for _, o := range r.Orphans {
		i := index["orphan"]
		results = append(results, sarifResult{RuleID: rules[i].ID, RuleIndex: i, Level: "note",
			Message: sarifMessage{fmt.Sprintf("nothing links to %s", o.Route)}, Locations: loc(o.File, 1, 1)})
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:       sarifTool{sarifDriver{Name: "docsd", Rules: rules}},
			ColumnKind: "unicodeCodePoints", // columns count characters (pkg/links)
			Results:    results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}
