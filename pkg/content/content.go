// Package content finds the site's source files under content/ and reads their front matter. It
// knows the layout of DESIGN.md §3: docs per version and locale, category files, blog posts, authors
// and tags, standalone pages, and static files. Every problem is keyed by file and line.
package content

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
)

// Kind says what a source file is.
type Kind int

// Source kinds. The zero value is a doc, the most common file.
const (
	Doc Kind = iota
	Category
	BlogPost
	BlogAuthors
	BlogTags
	Page
	Static
	// Binary is a .md file holding NUL bytes, a binary file under a Markdown name: it is read, but
	// skipped with a warning (ProcessOne), so it neither becomes a page nor fails the build.
	Binary
	// Partial is a Markdown or MDX file whose name starts with "_" (mdx.go): not a page, but pages
	// import it and show it inline.
	Partial
	// Withheld is a static file holding a private key or a credential (SecretWarning): skipped
	// with a warning (ProcessOne), so it is never published.
	Withheld
)

// Source is one file of the site.
type Source struct {
	Kind    Kind
	Path    string // path relative to the content folder, with forward slashes
	Abs     string
	Version string // docs version name, for docs and categories
	Locale  string // locale code
	Rel     string // path inside its docs folder (docs) or section folder (others)
	// Folder is the content folder as docsd.toml names it (Layout.Folder): "" for content/.
	Folder string
	// Format is the site's markdown format (Layout.Format): a page without front-matter
	// `format` is compiled as it says. Part of the source, so a change re-reads every page.
	Format string
	// SiteKeys are the front-matter keys the site's theme reads and docsd ignores without a
	// warning (Layout.SiteKeys): a string, joined with commas, so that a Source still compares
	// with ==, and a change re-reads every page as Format's does.
	SiteKeys string
}

// File names the source as messages show it, relative to the project: content/docs/a.md, or
// docs/a.md in a Docusaurus project (content_dir = ".").
func (s Source) File() string {
	switch s.Folder {
	case "":
		return "content/" + s.Path
	case ".":
		return s.Path
	}
	return strings.TrimSuffix(s.Folder, "/") + "/" + s.Path
}

// Error is a problem in a content file.
type Error struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// BinaryWarning returns a warning when raw holds a NUL byte, which no Markdown or YAML file has:
// the file is binary (an image or archive saved under a .md name). It points at the first NUL.
func BinaryWarning(file string, raw []byte) *Error {
	i := bytes.IndexByte(raw, 0)
	if i < 0 {
		return nil
	}
	line, col := position(raw, i)
	return &Error{File: file, Line: line, Column: col, Msg: "a binary file (it holds NUL bytes), not text; skipped"}
}

// position is the 1-based line and byte column of offset at in data, where an Error points.
func position(data []byte, at int) (line, col int) {
	line = bytes.Count(data[:at], []byte("\n")) + 1
	col = at - (bytes.LastIndexByte(data[:at], '\n') + 1) + 1
	return line, col
}

// Layout tells Scan which docs folders belong to which version and which locales exist.
type Layout struct {
	DefaultLocale string
	Locales       []string
	Versions      map[string]string // docs folder (e.g. "docs", "versioned_docs/version-0.25") → version name
	// Blog, Pages and Static are the folders of those sections ("blog", "pages", "static" when
	// empty): a Docusaurus project keeps them elsewhere (website/blog, src/pages).
	Blog, Pages string
	Static      []string
	// Only, when set, limits Scan to these folders: the content folder is then a whole project
	// (content_dir = "."), whose node_modules and sources docsd has no business walking.
	Only []string
	// Project is the folder no symlink may leave; the content folder's parent when empty.
	Project string
	// Folder is the content folder as docsd.toml's content_dir names it ("" for content/), for
	// the names of files in messages (Source.File).
	Folder string
	// Format is docsd.toml's [markdown] format ("" for Docusaurus's default, mdx).
	Format string
	// SiteKeys are docsd.toml's [markdown] front_matter_keys, joined with commas (Source.SiteKeys).
	SiteKeys string
}

// Wants reports whether Scan walks the folder rel: with Only set, a folder on the way to one of
// them or inside one; otherwise every folder.
func (l Layout) Wants(rel string) bool {
	if len(l.Only) == 0 || rel == "" {
		return true
	}
	for _, o := range l.Only {
		if o == "." || rel == o || strings.HasPrefix(rel, o+"/") || strings.HasPrefix(o, rel+"/") {
			return true
		}
	}
	return false
}

func (l Layout) blogDir() string  { return orDefault(l.Blog, "blog") }
func (l Layout) pagesDir() string { return orDefault(l.Pages, "pages") }
func (l Layout) staticDirs() []string {
	if len(l.Static) == 0 {
		return []string{"static"}
	}
	return l.Static
}

func orDefault(s, def string) string {
	if s == "" || s == "." {
		return def
	}
	return strings.TrimSuffix(s, "/")
}

// under reports whether rest is inside dir and returns the part after it.
func under(rest, dir string) (string, bool) {
	if strings.HasPrefix(rest, dir+"/") {
		return strings.TrimPrefix(rest, dir+"/"), true
	}
	return "", false
}

// Classify says what the file at rel (relative to the content folder) is.
func Classify(rel string, layout Layout) (Source, bool) {
	s := Source{Path: rel, Locale: layout.DefaultLocale, Folder: layout.Folder, Format: layout.Format, SiteKeys: layout.SiteKeys}
	rest := rel
	if strings.HasPrefix(rest, "i18n/") {
		parts := strings.SplitN(rest, "/", 3)
		if len(parts) < 3 {
			return s, false
		}
		s.Locale, rest = parts[1], parts[2]
	}
	for _, dir := range layout.staticDirs() {
		if r, ok := under(rest, dir); ok {
			if s.Locale != layout.DefaultLocale {
				return s, false
			}
			s.Kind, s.Rel = Static, r
			return s, true
		}
	}
	blogRel, inBlog := under(rest, layout.blogDir())
	pagesRel, inPages := under(rest, layout.pagesDir())
	switch {
	case inBlog:
		s.Rel = blogRel
		switch {
		case s.Rel == "authors.yml":
			s.Kind = BlogAuthors
		case s.Rel == "tags.yml":
			s.Kind = BlogTags
		case IsPartial(s.Rel):
			s.Kind = Partial
		case IsMarkdown(s.Rel):
			// Posts are files (YYYY-MM-DD-slug.md) or folders (YYYY-MM-DD-slug/index.md) at any depth.
			s.Kind = BlogPost
		default:
			// Images and files beside posts are copied, as beside docs.
			s.Kind, s.Rel = Static, rel
			return s, s.Locale == layout.DefaultLocale
		}
		return s, true
	case inPages:
		s.Rel = pagesRel
		s.Kind = Page
		if IsPartial(s.Rel) {
			s.Kind = Partial
		}
		return s, IsMarkdown(s.Rel)
	}
	// The longest folder holding the file: a [[docs]] set may sit inside another docs folder.
	dir := ""
	for d := range layout.Versions {
		if strings.HasPrefix(rest, d+"/") && len(d) > len(dir) {
			dir = d
		}
	}
	if version, ok := layout.Versions[dir]; ok && dir != "" {
		s.Version, s.Rel = version, strings.TrimPrefix(rest, dir+"/")
		base := filepath.Base(s.Rel)
		switch {
		case base == "_category_.yml" || base == "_category_.yaml" || base == "_category_.json":
			s.Kind = Category
		case IsPartial(s.Rel):
			s.Kind = Partial
		case IsMarkdown(base):
			s.Kind = Doc
		default:
			// Images and other files beside docs are served from the build's assets.
			s.Kind = Static
			s.Rel = rel
			return s, s.Locale == layout.DefaultLocale
		}
		return s, true
	}
	return s, false
}

// FrontMatter holds the keys docsd understands (DESIGN.md §3). Other Docusaurus keys are ignored so
// that Docusaurus content builds as it is; any other key is ignored with a warning (keys.go).
type FrontMatter struct {
	ID                  string     `yaml:"id"`
	Title               string     `yaml:"title"`
	SidebarLabel        string     `yaml:"sidebar_label"`
	SidebarPosition     *float64   `yaml:"sidebar_position"`
	Slug                string     `yaml:"slug"`
	Description         string     `yaml:"description"`
	Keywords            []string   `yaml:"keywords"`
	Tags                TagList    `yaml:"tags"`
	HideTableOfContents bool       `yaml:"hide_table_of_contents"`
	TOCMinHeadingLevel  int        `yaml:"toc_min_heading_level"`
	TOCMaxHeadingLevel  int        `yaml:"toc_max_heading_level"`
	PaginationPrev      *string    `yaml:"pagination_prev"`
	PaginationNext      *string    `yaml:"pagination_next"`
	Draft               bool       `yaml:"draft"`
	Unlisted            bool       `yaml:"unlisted"`
	Authors             AuthorList `yaml:"authors"`
	Date                string     `yaml:"date"`
	// Format is Docusaurus's "md", "mdx" or "detect": how the page is compiled (pkg/mdx.IsMDX).
	Format string `yaml:"format"`
}

// TagList is front matter's tags: keys (of tags.yml) or inline objects {label, permalink}, as
// Docusaurus allows both.
type TagList []TagRef

// TagRef is one tag of a page: a key, or an inline tag with its own label and permalink.
type TagRef struct {
	Key       string `yaml:"-"`
	Label     string `yaml:"label"`
	Permalink string `yaml:"permalink"`
}

// UnmarshalYAML implements yaml.BytesUnmarshaler.
func (t *TagList) UnmarshalYAML(b []byte) error {
	var items []any
	if err := yaml.Unmarshal(b, &items); err != nil {
		return fmt.Errorf("expected a list of tags")
	}
	out := make(TagList, 0, len(items))
	for _, it := range items {
		switch v := it.(type) {
		case string:
			out = append(out, TagRef{Key: v})
		case map[string]any:
			label, _ := v["label"].(string)
			perm, _ := v["permalink"].(string)
			if label == "" {
				return fmt.Errorf("a tag written as a mapping needs a label")
			}
			out = append(out, TagRef{Label: label, Permalink: perm})
		default:
			return fmt.Errorf("a tag is a name or a mapping with label and permalink")
		}
	}
	*t = out
	return nil
}

// AuthorList is front matter's authors: keys of authors.yml, inline author objects, or a mix, as
// Docusaurus allows.
type AuthorList []AuthorRef

// AuthorRef is one author of a post: a key, or an inline author (Key empty).
type AuthorRef struct {
	Key    string
	Inline Author
}

// UnmarshalYAML implements yaml.BytesUnmarshaler.
func (l *AuthorList) UnmarshalYAML(b []byte) error {
	var v any
	if err := yaml.Unmarshal(b, &v); err != nil {
		return err
	}
	items, ok := v.([]any)
	if !ok {
		items = []any{v}
	}
	out := make(AuthorList, 0, len(items))
	for _, it := range items {
		switch a := it.(type) {
		case string:
			out = append(out, AuthorRef{Key: a})
		case map[string]any:
			raw, err := yaml.Marshal(a)
			if err != nil {
				return err
			}
			var au Author
			if err := yaml.Unmarshal(raw, &au); err != nil {
				return fmt.Errorf("an author mapping: %v", err)
			}
			if key, _ := a["key"].(string); key != "" {
				out = append(out, AuthorRef{Key: key})
				continue
			}
			if au.ImageURL == "" {
				au.ImageURL, _ = a["imageURL"].(string)
			}
			if au.Name == "" {
				return fmt.Errorf("an author written as a mapping needs a name")
			}
			out = append(out, AuthorRef{Inline: au})
		case nil:
		default:
			return fmt.Errorf("an author is a key of authors.yml or a mapping with a name")
		}
	}
	*l = out
	return nil
}

// StringSet accepts a single string or a list of strings.
type StringSet []string

// UnmarshalYAML implements yaml.BytesUnmarshaler.
func (s *StringSet) UnmarshalYAML(b []byte) error {
	var one string
	if err := yaml.Unmarshal(b, &one); err == nil {
		*s = StringSet{one}
		return nil
	}
	var many []string
	if err := yaml.Unmarshal(b, &many); err != nil {
		return fmt.Errorf("expected a string or a list of strings")
	}
	*s = many
	return nil
}

var fmDelim = regexp.MustCompile(`(?s)\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\z)`)

// SplitFrontMatter separates YAML front matter from the body. bodyLine is the 1-based line of the
// body's first line in the file.
func SplitFrontMatter(file string, raw []byte) (fm FrontMatter, body []byte, bodyLine int, err error) {
	fm, body, bodyLine, _, err = ReadFrontMatter(file, raw, "")
	return fm, body, bodyLine, err
}

// ReadFrontMatter is SplitFrontMatter that also returns warnings: keys docsd does not know, but
// siteKeys (Source.SiteKeys).
func ReadFrontMatter(file string, raw []byte, siteKeys string) (fm FrontMatter, body []byte, bodyLine int, warnings []*Error, err error) {
	raw, m, err := frontMatterAt(file, raw)
	if err != nil {
		return fm, nil, 0, nil, err
	}
	if m == nil {
		return fm, raw, 1, nil, nil
	}
	yamlText := raw[m[2]:m[3]]
	if err := yaml.Unmarshal(yamlText, &fm); err != nil {
		return fm, nil, 0, nil, yamlError(file, err, 1, "front matter", reflect.TypeOf(fm))
	}
	if fm.TOCMinHeadingLevel != 0 && (fm.TOCMinHeadingLevel < 2 || fm.TOCMinHeadingLevel > 6) {
		return fm, nil, 0, nil, &Error{File: file, Line: lineOfKey(yamlText, "toc_min_heading_level") + 1, Column: 1,
			Msg: "toc_min_heading_level must be between 2 and 6"}
	}
	if fm.TOCMaxHeadingLevel != 0 && (fm.TOCMaxHeadingLevel < 2 || fm.TOCMaxHeadingLevel > 6) {
		return fm, nil, 0, nil, &Error{File: file, Line: lineOfKey(yamlText, "toc_max_heading_level") + 1, Column: 1,
			Msg: "toc_max_heading_level must be between 2 and 6"}
	}
	bodyLine = bytes.Count(raw[:m[1]], []byte("\n")) + 1
	return fm, raw[m[1]:], bodyLine, unknownKeys(file, yamlText, 1, siteKeys), nil
}

// FrontMatterBody is ReadFrontMatter's body and bodyLine without decoding the YAML, for a file
// whose front matter is decoded and checked elsewhere: an MDX page's build needs its body three
// more times after site processing has read its front matter, and decoding it each time was
// most of what reading the body cost.
func FrontMatterBody(file string, raw []byte) (body []byte, bodyLine int, err error) {
	raw, m, err := frontMatterAt(file, raw)
	if err != nil {
		return nil, 0, err
	}
	if m == nil {
		return raw, 1, nil
	}
	return raw[m[1]:], bytes.Count(raw[:m[1]], []byte("\n")) + 1, nil
}

// frontMatterAt is raw without a byte order mark and where its front matter is (fmDelim's
// submatch indexes; nil without front matter), or the error of a front matter never closed.
func frontMatterAt(file string, raw []byte) ([]byte, []int, error) {
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
	m := fmDelim.FindSubmatchIndex(raw)
	if m == nil && bytes.HasPrefix(raw, []byte("---\n")) {
		return raw, nil, &Error{File: file, Line: 1, Column: 1, Msg: "front matter starts with --- but has no closing ---"}
	}
	return raw, m, nil
}

var yamlPos = regexp.MustCompile(`^\[(\d+):(\d+)\]\s*(.*)`)

// yamlError turns a YAML error into an Error; lineOffset is the file line of the YAML's first line
// minus one, what names the YAML (front matter, category file), t is the struct it was decoded into.
func yamlError(file string, err error, lineOffset int, what string, t reflect.Type) error {
	msg := strings.TrimSpace(err.Error())
	first, _, _ := strings.Cut(msg, "\n")
	if m := yamlPos.FindStringSubmatch(first); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		return &Error{File: file, Line: line + lineOffset, Column: col, Msg: what + ": " + plainYAML(m[3], t)}
	}
	return &Error{File: file, Line: lineOffset + 1, Column: 1, Msg: what + ": " + plainYAML(first, t)}
}

// lineOfKey is the 1-based line of key in YAML or JSON text, 0 when not found.
func lineOfKey(yamlText []byte, key string) int {
	for i, l := range strings.Split(string(yamlText), "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, key+":") || strings.HasPrefix(t, `"`+key+`":`) || strings.HasPrefix(t, `"`+key+`" :`) {
			return i + 1
		}
	}
	return 0
}

// CategoryFile is a folder's _category_.yml: every key of Docusaurus 3's category metadata.
type CategoryFile struct {
	Label       string         `yaml:"label" json:"label"`
	Position    *float64       `yaml:"position" json:"position"`
	Collapsed   *bool          `yaml:"collapsed" json:"collapsed"`
	Collapsible *bool          `yaml:"collapsible" json:"collapsible"`
	Link        *CategoryLink  `yaml:"link" json:"link"`
	ClassName   string         `yaml:"className" json:"className"`
	Description string         `yaml:"description" json:"description"`
	CustomProps map[string]any `yaml:"customProps" json:"customProps"`
	Key         string         `yaml:"key" json:"key"`
}

// CategoryLink is where a category's label leads.
type CategoryLink struct {
	Type        string   `yaml:"type" json:"type"` // "generated-index" or "doc"
	Slug        string   `yaml:"slug" json:"slug"`
	Title       string   `yaml:"title" json:"title"`
	Description string   `yaml:"description" json:"description"`
	ID          string   `yaml:"id" json:"id"`
	Keywords    []string `yaml:"keywords" json:"keywords"`
	Image       string   `yaml:"image" json:"image"`
}

// ReadCategory parses a category file (YAML, or JSON, which YAML reads too). Keys Docusaurus does
// not know come back as warnings with the likely key, not as errors.
func ReadCategory(file string, raw []byte) (CategoryFile, []*Error, error) {
	var c CategoryFile
	if err := yaml.Unmarshal(raw, &c); err != nil {
		return c, nil, yamlError(file, err, 0, "category file", reflect.TypeOf(c))
	}
	warns := unknownCategoryKeys(file, raw)
	c2, err := checkCategory(file, raw, c)
	return c2, warns, err
}

func checkCategory(file string, raw []byte, c CategoryFile) (CategoryFile, error) {
	if c.Link != nil && c.Link.Type != "generated-index" && c.Link.Type != "doc" {
		return c, &Error{File: file, Line: lineOfKey(raw, "type"), Column: 1,
			Msg: fmt.Sprintf("link type must be generated-index or doc, not %q", c.Link.Type)}
	}
	if c.Link != nil && c.Link.Type == "doc" && c.Link.ID == "" {
		return c, &Error{File: file, Line: lineOfKey(raw, "link"), Column: 1, Msg: "a link of type doc needs an id"}
	}
	return c, nil
}

// Author is one blog author of authors.yml.
type Author struct {
	Key      string `yaml:"-" json:"key"`
	Name     string `yaml:"name" json:"name"`
	Title    string `yaml:"title" json:"title,omitempty"`
	URL      string `yaml:"url" json:"url,omitempty"`
	ImageURL string `yaml:"image_url" json:"imageURL,omitempty"`
	Page     bool   `yaml:"page" json:"-"`
}

// Tag is one blog tag of tags.yml.
type Tag struct {
	Key         string `yaml:"-" json:"key"`
	Label       string `yaml:"label" json:"label"`
	Permalink   string `yaml:"permalink" json:"permalink"`
	Description string `yaml:"description" json:"description"`
}

// ReadAuthors parses authors.yml, keyed by author key, in key order.
func ReadAuthors(file string, raw []byte) ([]Author, error) {
	var m map[string]Author
	if err := yaml.Unmarshal(raw, &m); err != nil {
		return nil, yamlError(file, err, 0, "authors file", reflect.TypeOf(Author{}))
	}
	var out []Author
	for k, a := range m {
		a.Key = k
		if a.Name == "" {
			return nil, &Error{File: file, Line: lineOfKey(raw, k), Column: 1, Msg: fmt.Sprintf("author %q has no name", k)}
		}
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// ReadTags parses tags.yml, in key order.
func ReadTags(file string, raw []byte) ([]Tag, error) {
	var m map[string]Tag
	if err := yaml.Unmarshal(raw, &m); err != nil {
		return nil, yamlError(file, err, 0, "tags file", reflect.TypeOf(Tag{}))
	}
	var out []Tag
	for k, t := range m {
		t.Key = k
		if t.Label == "" {
			t.Label = k
		}
		if t.Permalink == "" {
			t.Permalink = "/" + k
		}
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}
