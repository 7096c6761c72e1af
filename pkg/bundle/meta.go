package bundle

import (
	"encoding/json"
	"sort"
	"strings"
)

// metafile is the part of esbuild's metafile that says which output belongs to the entry point.
type metafile struct {
	Outputs map[string]struct {
		EntryPoint string `json:"entryPoint"`
		CSSBundle  string `json:"cssBundle"`
		Imports    []struct {
			Path     string `json:"path"`
			Kind     string `json:"kind"`
			External bool   `json:"external"`
		} `json:"imports"`
	} `json:"outputs"`
	// Inputs are the modules and what each imports: the files an MDX page reads (mdx.go).
	Inputs map[string]struct {
		Imports []struct {
			Path     string `json:"path"`
			External bool   `json:"external"`
		} `json:"imports"`
	} `json:"inputs"`
}

func parseMeta(s string) (*metafile, error) {
	var m metafile
	err := json.Unmarshal([]byte(s), &m)
	return &m, err
}

// mdxCycle finds an MDX or Markdown module that imports itself, directly or through others: the
// import from → to that closes the first cycle, in the inputs' sorted order.
func (m *metafile) mdxCycle() (from, to string, ok bool) {
	isMDX := func(p string) bool { return mdxFile.MatchString(p) && !strings.Contains(p, ":") }
	var names []string
	for in := range m.Inputs {
		if isMDX(in) {
			names = append(names, in)
		}
	}
	sort.Strings(names)
	const (
		open = 1
		done = 2
	)
	state := map[string]int{}
	var visit func(string) bool
	visit = func(in string) bool {
		state[in] = open
		for _, imp := range m.Inputs[in].Imports {
			if imp.External || !isMDX(imp.Path) {
				continue
			}
			switch state[imp.Path] {
			case open:
				from, to = in, imp.Path
				return true
			case 0:
				if visit(imp.Path) {
					return true
				}
			}
		}
		state[in] = done
		return false
	}
	for _, in := range names {
		if state[in] == 0 && visit(in) {
			return from, to, true
		}
	}
	return "", "", false
}
