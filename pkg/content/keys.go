// A misspelt front-matter key (sidebar_postion) used to be ignored without a word, and a wrong type
// in a category file came back in Go's words ("Go struct field CategoryFile.Position of type
// float64"). This file turns both into messages a writer can act on: the key, where it is, and
// what was meant or expected.
package content

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"docsd/pkg/textdist"

	"github.com/goccy/go-yaml"
)

// docusaurusKeys are front-matter keys Docusaurus knows and docsd does not use: content written for
// Docusaurus carries them, so they are ignored without a warning.
// The list is the Docusaurus 3 schema of docs, blog post and page front matter, less what docsd reads.
var docusaurusKeys = []string{
	"pagination_label", "sidebar_class_name", "sidebar_custom_props", "sidebar_key", "displayed_sidebar",
	"hide_title", "parse_number_prefixes", "custom_edit_url", "image", "last_update", "author", "author_url",
	"author_title", "author_image_url", "authorURL", "authorTitle", "authorImageURL", "authorFBID",
	"title_meta", "wrapperClassName",
}

// yamlKeys lists the yaml tags of a struct type: the keys it reads.
func yamlKeys(t reflect.Type) []string {
	var keys []string
	for i := 0; i < t.NumField(); i++ {
		if k, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); k != "" && k != "-" {
			keys = append(keys, k)
		}
	}
	return keys
}

var topKey = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_-]*)\s*:`)

// unknownKeys warns about each top-level key of yamlText that docsd neither reads nor knows from
// Docusaurus, nor the site lists as its own (siteKeys, joined with commas); lineOffset is the file
// line of yamlText's first line minus one.
func unknownKeys(file string, yamlText []byte, lineOffset int, siteKeys string) []*Error {
	all := frontMatterKeys()
	var out []*Error
	for i, l := range strings.Split(string(yamlText), "\n") {
		m := topKey.FindStringSubmatch(l)
		if m == nil || contains(all, m[1]) || siteKeys != "" && contains(strings.Split(siteKeys, ","), m[1]) {
			continue
		}
		msg := fmt.Sprintf("unknown front-matter key %q", m[1])
		if s := textdist.ClosestKey(m[1], all); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		out = append(out, &Error{File: file, Line: i + 1 + lineOffset, Column: 1, Msg: msg + "; ignored"})
	}
	return out
}

// unknownCategoryKeys warns about each key of a category file (and of its link) that Docusaurus 3
// does not know, with the likely key; the file is built without them.
func unknownCategoryKeys(file string, raw []byte) []*Error {
	var m map[string]any
	if yaml.Unmarshal(raw, &m) != nil {
		return nil
	}
	var out []*Error
	check := func(m map[string]any, known []string, where string) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if contains(known, k) {
				continue
			}
			msg := fmt.Sprintf("unknown %skey %q", where, k)
			if s := textdist.ClosestKey(k, known); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			out = append(out, &Error{File: file, Line: max(lineOfKey(raw, k), 1), Column: 1, Msg: msg + "; ignored"})
		}
	}
	check(m, yamlKeys(reflect.TypeOf(CategoryFile{})), "category ")
	if link, ok := m["link"].(map[string]any); ok {
		check(link, yamlKeys(reflect.TypeOf(CategoryLink{})), "category link ")
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var (
	goTypeErr  = regexp.MustCompile(`cannot unmarshal (.+) into Go struct field ([\w.]+) of type (\S+)`)
	usedWhere  = regexp.MustCompile(`^(\w+) was used where (\w+) is expected`)
	unknownErr = regexp.MustCompile(`^unknown field "([^"]+)"`)
)

// plainYAML rewrites a YAML decoder message about the struct t in the writer's words: the key by
// its name in the file and the expected type in words.
func plainYAML(msg string, t reflect.Type) string {
	if m := goTypeErr.FindStringSubmatch(msg); m != nil {
		key := yamlPath(t, strings.Split(m[2], ".")[1:])
		return fmt.Sprintf("`%s` must be %s, not %s", key, typeWords(m[3]), typeWords(m[1]))
	}
	if m := usedWhere.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("expected %s here, not %s", typeWords(m[2]), typeWords(m[1]))
	}
	if m := unknownErr.FindStringSubmatch(msg); m != nil {
		out := fmt.Sprintf("unknown key %q", m[1])
		if s := textdist.ClosestKey(m[1], allYAMLKeys(t)); s != "" {
			out += fmt.Sprintf(" (did you mean %q?)", s)
		}
		return out
	}
	return msg
}

// yamlPath maps Go field names (Link.Type) to the file's keys (link.type).
func yamlPath(t reflect.Type, fields []string) string {
	var keys []string
	for _, name := range fields {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		f, ok := t.FieldByName(name)
		if t.Kind() != reflect.Struct || !ok {
			keys = append(keys, name)
			continue
		}
		k, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		keys = append(keys, k)
		t = f.Type
	}
	return strings.Join(keys, ".")
}

// allYAMLKeys lists the keys of t and of the structs it holds, for "did you mean".
func allYAMLKeys(t reflect.Type) []string {
	keys := yamlKeys(t)
	for i := 0; i < t.NumField(); i++ {
		ft := t.Field(i).Type
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct {
			keys = append(keys, allYAMLKeys(ft)...)
		}
	}
	sort.Strings(keys)
	return keys
}

// typeWords names a Go or YAML type the way a writer thinks of it.
func typeWords(t string) string {
	t = strings.TrimPrefix(t, "*")
	switch {
	case strings.HasPrefix(t, "float") || strings.HasPrefix(t, "int") || strings.HasPrefix(t, "uint") || t == "number":
		return "a number"
	case t == "bool":
		return "true or false"
	case t == "string":
		return "text"
	case strings.HasPrefix(t, "[]") || t == "sequence" || t == "StringSet" || strings.HasSuffix(t, ".StringSet"):
		return "a list"
	case strings.HasPrefix(t, "map") || t == "mapping" || strings.Contains(t, "."):
		return "a mapping (key: value lines)"
	}
	return t
}

// frontMatterKeys are the keys docsd reads and those it knows from Docusaurus.
func frontMatterKeys() []string {
	return append(yamlKeys(reflect.TypeOf(FrontMatter{})), docusaurusKeys...)
}

// SiteFrontMatterKeys are the front-matter keys of a page (raw, its whole file) that docsd does
// not know: what a site's own theme reads, or misspellings (MisspeltFrontMatterKey). A page
// without front matter has none.
func SiteFrontMatterKeys(raw []byte) []string {
	raw, m, err := frontMatterAt("", raw) // m indexes raw without its byte order mark
	if err != nil || m == nil {
		return nil
	}
	all := frontMatterKeys()
	var out []string
	for _, l := range strings.Split(string(raw[m[2]:m[3]]), "\n") {
		if k := topKey.FindStringSubmatch(l); k != nil && !contains(all, k[1]) && !contains(out, k[1]) {
			out = append(out, k[1])
		}
	}
	return out
}

// MisspeltFrontMatterKey says whether key, unknown to docsd, is close to a key it knows
// (sidebar_postion): the warning then says which.
func MisspeltFrontMatterKey(key string) bool {
	return textdist.ClosestKey(key, frontMatterKeys()) != ""
}

// MisspeltReadKey says whether key, unknown to docsd, is close to a key docsd reads
// (sidebar_postion): what the page meant then changes the site, and the warning must stay.
func MisspeltReadKey(key string) bool {
	return contains(yamlKeys(reflect.TypeOf(FrontMatter{})), textdist.ClosestKey(key, frontMatterKeys()))
}
