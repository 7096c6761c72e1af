package search

// Why this file: a new or deleted page's words are mostly common ones, so its publish patches
// hundreds of term chunks (patch.go), each read back from the bytes the last publish wrote. Reading
// them with encoding/json (validation, then reflection) was a third of that publish's CPU.
// readTermChunk reads what appendTermChunk writes directly; a chunk it does not expect (a string
// with an escape, another layout) it leaves to encoding/json. TestReadTermChunkIsUnmarshal holds it
// to encoding/json's result.

import "encoding/json"

// readTermChunk reads a term chunk.
func readTermChunk(data []byte) (*TermChunk, error) {
	c := &TermChunk{}
	if r := (chunkReader{b: data}); r.chunk(c) {
		return c, nil
	}
	c = &TermChunk{}
	if err := json.Unmarshal(data, c); err != nil {
		return nil, err
	}
	return c, nil
}

// chunkReader reads JSON as appendTermChunk writes it: no spaces, strings without escapes,
// integers. Each method reports false on anything else.
type chunkReader struct {
	b []byte
	i int
}

func (r *chunkReader) chunk(c *TermChunk) bool {
	if !r.next('{') {
		return false
	}
	for first := true; !r.next('}'); first = false {
		if !first && !r.next(',') {
			return false
		}
		key, ok := r.str()
		if !ok || !r.next(':') {
			return false
		}
		switch key {
		case "version":
			c.Version, ok = r.int()
		case "stamp":
			c.Stamp, ok = r.str()
		case "keys":
			c.Keys, ok = r.strs()
		case "keyTerms":
			c.KeyTerms, ok = r.ints()
		case "terms":
			c.Terms, ok = r.strs()
		case "titles":
			c.Titles, ok = r.intLists()
		case "crumbs":
			c.Crumbs, ok = r.intLists()
		case "names":
			c.Names, ok = r.intLists()
		case "postings":
			c.Postings, ok = r.strs()
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return r.i == len(r.b)
}

// next takes the byte b if it comes next.
func (r *chunkReader) next(b byte) bool {
	if r.i < len(r.b) && r.b[r.i] == b {
		r.i++
		return true
	}
	return false
}

func (r *chunkReader) str() (string, bool) {
	if !r.next('"') {
		return "", false
	}
	start := r.i
	for ; r.i < len(r.b); r.i++ {
		switch c := r.b[r.i]; {
		case c == '"':
			r.i++
			return string(r.b[start : r.i-1]), true
		case c == '\\' || c < 0x20:
			return "", false
		}
	}
	return "", false
}

func (r *chunkReader) int() (int, bool) {
	neg := r.next('-')
	start, n := r.i, 0
	for ; r.i < len(r.b) && r.b[r.i] >= '0' && r.b[r.i] <= '9' && r.i-start < 18; r.i++ {
		n = n*10 + int(r.b[r.i]-'0')
	}
	if r.i == start {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// list reads a JSON list, each item with item.
func (r *chunkReader) list(item func() bool) bool {
	if !r.next('[') {
		return false
	}
	for first := true; !r.next(']'); first = false {
		if !first && !r.next(',') || !item() {
			return false
		}
	}
	return true
}

func (r *chunkReader) strs() ([]string, bool) {
	out := []string{}
	ok := r.list(func() bool {
		s, ok := r.str()
		out = append(out, s)
		return ok
	})
	return out, ok
}

func (r *chunkReader) ints() ([]int, bool) {
	out := []int{}
	ok := r.list(func() bool {
		n, ok := r.int()
		out = append(out, n)
		return ok
	})
	return out, ok
}

func (r *chunkReader) intLists() ([][]int, bool) {
	out := [][]int{}
	ok := r.list(func() bool {
		l, ok := r.ints()
		out = append(out, l)
		return ok
	})
	return out, ok
}
