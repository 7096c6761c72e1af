package markdown

// A code block marked npm2yarn (```bash npm2yarn) is, in Docusaurus with its npm2yarn remark
// plugin, tabs of the same commands for npm and for other package managers. docsd writes those
// tabs as HTML: radio buttons, in a form of their own so that each block's are one group, choose
// the panel through CSS (main.css's .code-tabs). They work in Markdown pages, which load no
// component, and before any script has run, and cost no JavaScript.

import (
	"html"
	"strings"
	"sync"

	"github.com/yuin/goldmark/util"
)

// PackageManagers converts npm commands for another package manager (pkg/npm2yarn's Converter,
// which runs npm-to-yarn).
type PackageManagers interface {
	Convert(code, to string) (string, error)
}

// npmTabs is what the renderers of a builder write for a block marked npm2yarn: npm's commands,
// then pm's for each of to, in order.
type npmTabs struct {
	pm PackageManagers
	to []string
}

// Npm2YarnInfo says whether a fence's info string (what follows the opening ``` or ~~~) is a
// language and then only the word npm2yarn: the blocks Docusaurus's plugin makes tabs of (its
// rule is node.meta === 'npm2yarn'; "```npm2yarn" names a language, and "```bash npm2yarn
// title=…" has more meta).
func Npm2YarnInfo(info string) bool {
	info = strings.TrimRight(info, " \t\r")
	i := strings.IndexAny(info, " \t")
	return i > 0 && strings.TrimLeft(info[i:], " \t") == "npm2yarn"
}

// tabsSetting guards the builder's npm2yarn setting, which a docsd.toml edit changes between
// builds while the renderers keep going.
type tabsSetting struct {
	mu   sync.RWMutex
	tabs *npmTabs
}

// SetNpm2Yarn makes the renderers sharing h (a builder's Markdown converter and its MDX
// compiler's) write a block marked npm2yarn as tabs of npm's commands and pm's conversion of them
// for each of to; with no to, such a block is written as any other.
func (h *Highlights) SetNpm2Yarn(pm PackageManagers, to []string) {
	h.npm.mu.Lock()
	defer h.npm.mu.Unlock()
	if pm == nil || len(to) == 0 {
		h.npm.tabs = nil
		return
	}
	h.npm.tabs = &npmTabs{pm: pm, to: append([]string(nil), to...)}
}

func (h *Highlights) npm2yarn() *npmTabs {
	h.npm.mu.RLock()
	defer h.npm.mu.RUnlock()
	return h.npm.tabs
}

// managerLabel is the tab label Docusaurus's plugin gives a package manager: "Yarn", else its
// name as written.
func managerLabel(m string) string {
	if m == "yarn" {
		return "Yarn"
	}
	return m
}

// writeTabs writes the block as tabs: npm's panel first and chosen, then one per package manager.
// Every panel is the code block the commands make (a block of the same language, without the
// marker), so the Copy button copies the commands shown.
func (c *codeRenderer) writeTabs(w util.BufWriter, t *npmTabs, ci CodeInfo, code string) error {
	codes := []string{code}
	for _, m := range t.to {
		out, err := t.pm.Convert(code, m)
		if err != nil {
			return err
		}
		codes = append(codes, out)
	}
	names := append([]string{"npm"}, t.to...)
	block := CodeInfo{Lang: ci.Lang}
	// The strip and the panels after npm's are marked search-skip: an MDX page's search text,
	// read from its HTML (pkg/mdx/text.go), then holds the commands once, as a Markdown page's,
	// read from its tree, does. The inputs are closed (<input />) for that reader too.
	w.WriteString(`<form class="code-tabs"><div class="tabs search-skip" role="radiogroup" aria-label="Package manager">`)
	for i, m := range names {
		checked := ""
		if i == 0 {
			checked = " checked"
		}
		w.WriteString(`<label class="tab"><input type="radio" name="package-manager" value="` + html.EscapeString(m) + `"` + checked + ` />` + html.EscapeString(managerLabel(m)) + `</label>`)
	}
	w.WriteString(`</div>`)
	for i, m := range names {
		class := "tab-panel"
		if i > 0 {
			class += " search-skip"
		}
		w.WriteString(`<div class="` + class + `" data-package-manager="` + html.EscapeString(m) + `">`)
		c.writeBlock(w, block, codes[i])
		w.WriteString(`</div>`)
	}
	w.WriteString("</form>\n")
	return nil
}
