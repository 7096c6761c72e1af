package main

// What docsd init carries over of @docusaurus/remark-plugin-npm2yarn, which turns a code block
// marked npm2yarn into tabs of the same commands for npm and other package managers: docsd.toml's
// [markdown] npm2yarn, which makes docsd write such tabs (pkg/markdown/npmtabs.go), and a line
// naming the blocks it applies to.

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"docsd/pkg/config"
	"docsd/pkg/markdown"
	"docsd/pkg/mdx"
)

// npm2yarnPlugin is the plugin's package. It asks only whether the config loads it, not for which
// content plugin: one that loads it for one docs set and not another would have the other's blocks
// made tabs too (rare: the marker is written where it works).
const npm2yarnPlugin = "@docusaurus/remark-plugin-npm2yarn"

// npm2yarnSetting is what init learned of the plugin from the config.
type npm2yarnSetting struct {
	loaded     bool
	converters []string // the package managers, in order
	sync       bool     // its sync option: the tabs of every block choose together
	dropped    []string // converters docsd cannot give (a function, a manager npm-to-yarn lacks)
}

// npm2yarnFrom reads the plugin's options from the config's JSON: a remarkPlugins (or
// beforeDefaultRemarkPlugins) entry [plugin, options] whose plugin, a stub, is null in the JSON and
// whose options have converters or sync. Docusaurus's default converters are yarn and pnpm.
func npm2yarnFrom(stubbed []string, cfg json.RawMessage) npm2yarnSetting {
	s := npm2yarnSetting{loaded: slices.Contains(stubbed, npm2yarnPlugin), converters: []string{"yarn", "pnpm"}}
	if !s.loaded {
		return s
	}
	var v any
	if json.Unmarshal(cfg, &v) != nil {
		return s
	}
	if opts := npm2yarnOptions(v); opts != nil {
		s.sync, _ = opts["sync"].(bool)
		if list, ok := opts["converters"].([]any); ok {
			s.converters = nil
			for _, c := range list {
				name, _ := c.(string)
				if pair, ok := c.([]any); ok && len(pair) > 0 {
					name, _ = pair[0].(string)
					s.dropped = append(s.dropped, name+" (a converter given as a function)")
					continue
				}
				if !slices.Contains(config.PackageManagers, name) || slices.Contains(s.converters, name) {
					s.dropped = append(s.dropped, strconv.Quote(name))
					continue
				}
				s.converters = append(s.converters, name)
			}
		}
	}
	return s
}

// npm2yarnOptions finds the options of npm2yarn's entry. Every stubbed plugin is null in the
// JSON, so an entry [null, options] is a candidate when its options have only npm2yarn's keys
// (sync, converters): the first with converters (no other plugin has them), else the only one.
// Two with sync only (docusaurus-remark-plugin-tab-blocks has sync too) are no answer.
func npm2yarnOptions(v any) map[string]any {
	var sync []map[string]any
	var walk func(v any) map[string]any
	walk = func(v any) map[string]any {
		switch v := v.(type) {
		case map[string]any:
			for _, k := range []string{"beforeDefaultRemarkPlugins", "remarkPlugins"} {
				list, _ := v[k].([]any)
				for _, e := range list {
					pair, ok := e.([]any)
					if !ok || len(pair) != 2 || pair[0] != nil {
						continue
					}
					opts, _ := pair[1].(map[string]any)
					if len(opts) == 0 || !onlyKeys(opts, "sync", "converters") {
						continue
					}
					if _, c := opts["converters"]; c {
						return opts
					}
					sync = append(sync, opts)
				}
			}
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			slices.Sort(keys) // the same entry every run
			for _, k := range keys {
				if o := walk(v[k]); o != nil {
					return o
				}
			}
		case []any:
			for _, e := range v {
				if o := walk(e); o != nil {
					return o
				}
			}
		}
		return nil
	}
	if o := walk(v); o != nil {
		return o
	}
	if len(sync) == 1 {
		return sync[0]
	}
	return nil
}

// onlyKeys says whether m's keys are all among keys.
func onlyKeys(m map[string]any, keys ...string) bool {
	for k := range m {
		if !slices.Contains(keys, k) {
			return false
		}
	}
	return true
}

// line is the setting as docsd.toml's [markdown] key.
func (s npm2yarnSetting) line() string {
	names := make([]string, len(s.converters))
	for i, c := range s.converters {
		names[i] = strconv.Quote(c)
	}
	return "# " + npm2yarnPlugin + ": a code block marked npm2yarn is tabs of its commands for npm and these.\n" +
		"npm2yarn = [" + strings.Join(names, ", ") + "]\n"
}

// report says which blocks become tabs, and what of the plugin's options docsd does not follow.
func (s npm2yarnSetting) report(w io.Writer, census *pageCensus) {
	if !s.loaded {
		return
	}
	if n := len(census.npm2yarn); n > 0 {
		fmt.Fprintf(w, "Code blocks marked npm2yarn: %s in %s (%s) are tabs for npm and %s, as %s makes them ([markdown] npm2yarn).\n",
			plural(n, "block"), plural(census.npm2yarnFiles, "file"), strings.Join(firstOf(census.npm2yarn, 3), ", "), strings.Join(s.converters, ", "), npm2yarnPlugin)
	}
	if s.sync {
		fmt.Fprintf(w, "  npm2yarn's sync is not carried over: each block's tabs choose on their own.\n")
	}
	if len(s.dropped) > 0 {
		fmt.Fprintf(w, "  npm2yarn's converters not carried over: %s (docsd converts for %s).\n", strings.Join(s.dropped, ", "), strings.Join(config.PackageManagers, ", "))
	}
}

// npm2yarnBlocks gives the lines (1-based) where src's code blocks that the plugin turns into tabs
// open: those whose info string is a language and the word npm2yarn (markdown.Npm2YarnInfo, as
// docsd's renderer reads them). A fence inside another block (a page showing how to write one) is
// that block's text, not a block. Block-quote markers and a byte order mark become spaces first,
// so that a fence in a block quote is seen and offsets, hence lines, stay those of the file.
func npm2yarnBlocks(src string) []int {
	var lines []int
	for _, r := range mdx.FencedRanges(blankQuoteMarkers(src)) {
		open, _, _ := strings.Cut(src[r[0]:r[1]], "\n")
		open = strings.TrimLeft(open, " \t>\ufeff")
		if markdown.Npm2YarnInfo(strings.TrimLeft(strings.TrimLeft(open, "`~"), " \t")) {
			lines = append(lines, 1+strings.Count(src[:r[0]], "\n"))
		}
	}
	return lines
}

// quoteMarkers are the block-quote markers that open a line ("> > "), after up to three spaces.
var quoteMarkers = regexp.MustCompile(`(?m)^(?:[ ]{0,3}>[ \t]?)+`)

// blankQuoteMarkers is src with its block-quote markers and leading byte order mark made spaces
// (same length: offsets and lines are unchanged).
func blankQuoteMarkers(src string) string {
	if strings.HasPrefix(src, "\ufeff") {
		src = "   " + src[len("\ufeff"):]
	}
	if !strings.Contains(src, ">") {
		return src
	}
	return quoteMarkers.ReplaceAllStringFunc(src, func(m string) string { return strings.Repeat(" ", len(m)) })
}
