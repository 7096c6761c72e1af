package markdown

// A versioned site repeats its code blocks: react-native-website's ten versions hold 10,832 fenced
// blocks, of which 1,442 differ, and chroma's lexers, regular expressions run over every byte, were
// a tenth of docsd's CPU on it. A block's highlighted <pre> depends only on its language, its
// marked lines and its code, so it is made once and given again, to Markdown pages and MDX pages'
// fences alike, in a build and (the renderer lives as long as the builder) in the next rebuilds.

import (
	"strconv"
	"strings"
	"sync"
)

// maxHighlighted bounds what the cache holds (keys and values, bytes): past it the cache starts
// again empty, which costs highlighting, never a wrong page. Highlighted HTML is 3-6 times its
// code, so this holds about 10 MB of distinct code.
const maxHighlighted = 64 << 20

// Highlights is the <pre> of each (language, marked lines, code) made so far: one for a builder,
// shared by its Markdown converter and its MDX compiler's (NewSharing), so that a block met in a
// Markdown page and in an MDX page is highlighted once, under one bound.
type Highlights struct {
	mu    sync.Mutex
	pres  map[string]string
	bytes int
	// npm is how the renderers write a block marked npm2yarn (npmtabs.go): what else a builder's
	// renderers share about code blocks.
	npm tabsSetting
}

// key is the cache's key of a block; the language and the lines end before a NUL, which neither
// holds.
func (h *Highlights) key(lang string, marked [][2]int, code string) string {
	var b strings.Builder
	b.Grow(len(lang) + len(code) + 2 + 8*len(marked))
	b.WriteString(lang)
	b.WriteByte(0)
	for _, r := range marked {
		b.WriteString(strconv.Itoa(r[0]))
		b.WriteByte('-')
		b.WriteString(strconv.Itoa(r[1]))
		b.WriteByte(',')
	}
	b.WriteByte(0)
	b.WriteString(code)
	return b.String()
}

func (h *Highlights) get(key string) (string, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	pre, ok := h.pres[key]
	return pre, ok
}

func (h *Highlights) put(key, pre string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.pres == nil || h.bytes+len(key)+len(pre) > maxHighlighted {
		h.pres, h.bytes = map[string]string{}, 0
	}
	if _, ok := h.pres[key]; !ok {
		h.pres[key] = pre
		h.bytes += len(key) + len(pre)
	}
}
