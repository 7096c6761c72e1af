package bundle

import "encoding/json"

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
