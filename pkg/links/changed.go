package links

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// ReadJSON reads a report written in the json format, so that one build's report can be turned
// into the other formats (docsd links).
func ReadJSON(r io.Reader) (*Report, error) {
	var j jsonReport
	dec := json.NewDecoder(r)
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("reading a json link report: %w", err)
	}
	if j.Version != 1 {
		return nil, fmt.Errorf("reading a json link report: version %d, this docsd reads version 1", j.Version)
	}
	return &Report{Problems: nonNil(j.Problems), External: nonNil(j.External), Orphans: nonNil(j.Orphans)}, nil
}

var hunk = regexp.MustCompile(`^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@`)

// ChangedLines reads a unified diff (git diff -U0 base...HEAD) and returns, for each file it
// changes, the lines the change added or rewrote.
func ChangedLines(diff io.Reader) (map[string]map[int]bool, error) {
	out := map[string]map[int]bool{}
	var file string
	sc := bufio.NewScanner(diff)
	sc.Buffer(make([]byte, 1024*1024), 16*1024*1024)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "+++ "):
			file = strings.TrimPrefix(line, "+++ ")
			if file == "/dev/null" {
				file = ""
				continue
			}
			file = strings.TrimPrefix(file, "b/")
			if out[file] == nil {
				out[file] = map[int]bool{}
			}
		case strings.HasPrefix(line, "@@ ") && file != "":
			m := hunk.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			start, _ := strconv.Atoi(m[1])
			n := 1
			if m[2] != "" {
				n, _ = strconv.Atoi(m[2])
			}
			for i := start; i < start+n; i++ {
				out[file][i] = true
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the diff: %w", err)
	}
	return out, nil
}

// OnlyChanged keeps the problems on lines a change touched, and the orphans in files it touched:
// what a pull request annotates. The report itself (and the job summary) keeps everything.
func (r *Report) OnlyChanged(changed map[string]map[int]bool) *Report {
	out := &Report{Problems: []Problem{}, External: []External{}, Orphans: []Orphan{}}
	for _, p := range r.Problems {
		if changed[p.File][p.Line] {
			out.Problems = append(out.Problems, p)
		}
	}
	for _, e := range r.External {
		if changed[e.File][e.Line] {
			out.External = append(out.External, e)
		}
	}
	for _, o := range r.Orphans {
		if _, ok := changed[o.File]; ok {
			out.Orphans = append(out.Orphans, o)
		}
	}
	return out
}
