package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"docsd/pkg/build"
	"docsd/pkg/links"
)

// exitBrokenLinks is the exit status of a build that succeeded but has broken links while
// --fail-on-broken-links is set: CI can tell it from a failed build (1) and a usage error (2).
const exitBrokenLinks = 3

// linkFlags are the link-report flags of docsd build.
type linkFlags struct {
	report string
	format string
	fail   bool
	fs     *flag.FlagSet
}

func addLinkFlags(fs *flag.FlagSet) *linkFlags {
	lf := &linkFlags{fs: fs}
	fs.StringVar(&lf.report, "links-report", "", "write a link report to this file (\"-\" for standard output)")
	fs.StringVar(&lf.format, "links-format", "", "format of the link report: "+strings.Join(links.Formats, ", ")+
		" (default text; with no --links-report the report goes to standard output)")
	fs.BoolVar(&lf.fail, "fail-on-broken-links", false, fmt.Sprintf("exit with status %d when there are broken links (the site is still written)", exitBrokenLinks))
	return lf
}

func (lf *linkFlags) check() error {
	if lf.format != "" && !slices.Contains(links.Formats, lf.format) {
		return fmt.Errorf("--links-format %q: use one of %s", lf.format, strings.Join(links.Formats, ", "))
	}
	// A report and an exit status belong to one finished build: watching never finishes.
	if once := lf.fs.Lookup("once"); once != nil && once.Value.String() != "true" && (lf.report != "" || lf.format != "" || lf.fail) {
		return fmt.Errorf("--links-report, --links-format and --fail-on-broken-links need --once")
	}
	return nil
}

// finish writes the requested report and says what the exit status is.
func (lf *linkFlags) finish(res *build.Result, stdout, stderr io.Writer) int {
	if lf.report != "" || lf.format != "" {
		format := lf.format
		if format == "" {
			format = "text"
		}
		rep := res.Links
		if rep == nil {
			rep = &links.Report{Problems: res.Problems}
		}
		if err := writeReport(rep, lf.report, format, stdout); err != nil {
			fmt.Fprintf(stderr, "docsd: %s\n", err)
			return 1
		}
	}
	if lf.fail && len(res.Problems) > 0 {
		fmt.Fprintf(stderr, "docsd: %d broken links, and --fail-on-broken-links is set\n", len(res.Problems))
		return exitBrokenLinks
	}
	return 0
}

func writeReport(rep *links.Report, file, format string, stdout io.Writer) error {
	if file == "" || file == "-" {
		return rep.Write(stdout, format)
	}
	if dir := filepath.Dir(file); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("link report: %w", err)
		}
	}
	f, err := os.Create(file)
	if err != nil {
		return fmt.Errorf("link report: %w", err)
	}
	if err := rep.Write(f, format); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("link report: %w", err)
	}
	return nil
}

// cmdLinks turns the json link report of one build into the other formats, so that CI builds once
// and writes annotations, a summary and SARIF from the same report. With --diff (git diff -U0) it
// keeps the problems on the lines a pull request changed.
func cmdLinks(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("docsd links", flag.ContinueOnError)
	in := fs.String("in", "", "the json link report of a build (docsd build --once --links-format json --links-report FILE)")
	format := fs.String("format", "text", "output format: "+strings.Join(links.Formats, ", "))
	out := fs.String("out", "-", "file to write (\"-\" for standard output)")
	diff := fs.String("diff", "", "a unified diff (git diff -U0 base...HEAD): keep only the problems on the lines it adds or changes")
	help := "Usage: docsd links --in links.json [--format text|json|github|markdown|sarif] [--out FILE] [--diff changes.diff]\n\nWrites a link report in another format.\n"
	if ok, code := parseFlags(fs, args, help, stdout, stderr); !ok {
		return code
	}
	if *in == "" || !slices.Contains(links.Formats, *format) {
		fmt.Fprint(stderr, help)
		printFlags(stderr, fs)
		return 2
	}
	f, err := os.Open(*in)
	if err != nil {
		fmt.Fprintf(stderr, "docsd links: %s\n", err)
		return 1
	}
	rep, err := links.ReadJSON(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "docsd links: %s: %s\n", *in, err)
		return 1
	}
	if *diff != "" {
		d, err := os.Open(*diff)
		if err != nil {
			fmt.Fprintf(stderr, "docsd links: %s\n", err)
			return 1
		}
		changed, err := links.ChangedLines(d)
		d.Close()
		if err != nil {
			fmt.Fprintf(stderr, "docsd links: %s: %s\n", *diff, err)
			return 1
		}
		rep = rep.OnlyChanged(changed)
	}
	if err := writeReport(rep, *out, *format, stdout); err != nil {
		fmt.Fprintf(stderr, "docsd links: %s\n", err)
		return 1
	}
	return 0
}
