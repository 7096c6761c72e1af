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
}

func addLinkFlags(fs *flag.FlagSet) *linkFlags {
	lf := &linkFlags{}
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
