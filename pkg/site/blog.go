// Assembly of the blog of one locale: posts with their authors and tags, the paged lists, the
// archive, and the author and tag pages.

package site

import (
	"fmt"
	"math"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"

	"docsd/pkg/content"
	"docsd/pkg/graph"
	"docsd/pkg/markdown"
)

// blogFileName is Docusaurus's reading of a post's path in the blog folder: folders, a date
// (YYYY-MM-DD, or with slashes as folders), then the text; a folder post ends in /index.md.
var blogFileName = regexp.MustCompile(`^(.*?)(\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(.*?)(?:/index)?\.mdx?$`)

// BlogFileName splits a post's path in the blog folder into its date (YYYY-MM-DD, "" when the name
// has none) and its text: the name without the date, folders before the date kept.
func BlogFileName(rel string) (date, text string) {
	if m := blogFileName.FindStringSubmatch(rel); m != nil {
		d := strings.Split(strings.ReplaceAll(m[2], "/", "-"), "-")
		for i := 1; i < 3; i++ {
			if len(d[i]) == 1 {
				d[i] = "0" + d[i]
			}
		}
		return strings.Join(d, "-"), m[1] + m[3]
	}
	rel = strings.TrimSuffix(strings.TrimSuffix(rel, ".md"), ".mdx")
	return "", strings.TrimSuffix(rel, "/index")
}

// blogAssembly is what the parts of one locale's blog share.
type blogAssembly struct {
	a                     *assembler
	locale                string
	base                  string // the blog's route in this locale
	node                  graph.Node
	authors               []content.Author
	tags                  []content.Tag
	authorsFile, tagsFile string
	authorByKey           map[string]content.Author
	tagByKey              map[string]content.Tag
}

type blogPost struct {
	p       *Parsed
	summary PostSummary
	date    time.Time
}

// blog assembles the posts, lists, archive, authors, tags and feeds of one locale.
func (a *assembler) blog(set []*Parsed, locale string) {
	b := a.newBlog(set, locale)
	posts := b.posts(set)
	if len(posts) == 0 && b.authorsFile == "" {
		return
	}
	sort.Slice(b.tags, func(i, j int) bool { return b.tags[i].Key < b.tags[j].Key }) // inline tags joined
	listed := b.postRoutes(posts)
	a.s.Posts[locale] = listed
	for _, f := range []string{b.authorsFile, b.tagsFile} {
		if f != "" {
			a.s.Graph.Record(b.node, graph.File(f))
		}
	}
	b.lists(listed)
	b.archive(listed)
	b.authorPages(listed)
	b.tagPages(listed)
}

// newBlog reads the locale's authors and tags files.
func (a *assembler) newBlog(set []*Parsed, locale string) *blogAssembly {
	b := &blogAssembly{a: a, locale: locale, node: graph.BlogList(locale),
		authorByKey: map[string]content.Author{}, tagByKey: map[string]content.Tag{}}
	for _, p := range set {
		switch p.Src.Kind {
		case content.BlogAuthors:
			b.authors, b.authorsFile = p.Authors, p.Src.Path
		case content.BlogTags:
			b.tags, b.tagsFile = p.Tags, p.Src.Path
		}
	}
	b.base = strings.TrimSuffix(LocalizePath(a.cfg, a.cfg.BasePath, a.cfg.DefaultLocale().Code, locale), "/") + "/" + strings.Trim(a.cfg.Blog.Path, "/")
	for _, au := range b.authors {
		b.authorByKey[au.Key] = au
	}
	for _, t := range b.tags {
		b.tagByKey[t.Key] = t
	}
	return b
}

func (b *blogAssembly) tagRoute(t content.Tag) string {
	return b.base + "/tags/" + strings.Trim(t.Permalink, "/")
}

// posts claims a route for each published post and summarises it, in the order of set.
func (b *blogAssembly) posts(set []*Parsed) []blogPost {
	var posts []blogPost
	for _, p := range set {
		if p.Src.Kind != content.BlogPost || p.FM.Draft {
			continue
		}
		if post, ok := b.post(p); ok {
			posts = append(posts, post)
		}
	}
	sort.SliceStable(posts, func(i, j int) bool {
		if !posts[i].date.Equal(posts[j].date) {
			return posts[i].date.After(posts[j].date)
		}
		return posts[i].summary.Route < posts[j].summary.Route
	})
	return posts
}

// post is one post's route, date, authors and tags; false when it has no date or no route.
func (b *blogAssembly) post(p *Parsed) (blogPost, bool) {
	a := b.a
	file := p.Src.File()
	nameDate, slug := BlogFileName(p.Src.Rel)
	dateText := p.FM.Date
	if dateText == "" {
		dateText = nameDate
	}
	date, err := parseDate(dateText)
	if err != nil {
		a.fail(file, 1, "the post needs a date (front matter `date:` or a YYYY-MM-DD- file name prefix): %v", err)
		return blogPost{}, false
	}
	switch {
	case p.FM.Slug != "":
		slug = p.FM.Slug
	case nameDate != "" && (a.cfg.Blog.DateURLs || slug == ""):
		// Docusaurus's /YYYY/MM/DD/slug; a name that is only a date gets the date path either way.
		slug = strings.ReplaceAll(nameDate, "-", "/") + "/" + slug
	}
	route := strings.TrimSuffix(b.base+"/"+strings.Trim(path.Clean("/"+slug), "/"), "/")
	if !a.claim(route, file) {
		return blogPost{}, false
	}
	// The lists read what they show of the post (its title, date, excerpt, reading time: its meta
	// node, process.go), not its body: an edit after the truncate marker renders the post alone.
	a.s.Graph.Record(b.node, graph.Meta(p.Src.Path))
	sum := PostSummary{Title: p.FM.Title, Route: route, Date: date.Format("2006-01-02"), ReadingTime: readingTime(p.Words)}
	for _, ar := range p.FM.Authors {
		if ar.Key == "" {
			sum.Authors = append(sum.Authors, ar.Inline) // an inline author: no page of its own
			continue
		}
		au, ok := b.authorByKey[ar.Key]
		if !ok {
			a.ref(Ref{File: file, Field: "authors", Value: ar.Key, Kind: "author", Candidates: sortedKeys(b.authorByKey),
				Message: fmt.Sprintf("author %q is not defined in content/blog/authors.yml", ar.Key)})
			continue
		}
		sum.Authors = append(sum.Authors, au)
	}
	for _, tr := range p.FM.Tags {
		t, ok := b.tag(tr)
		if !ok {
			a.ref(Ref{File: file, Field: "tags", Value: tr.Key, Kind: "tag", Candidates: sortedKeys(b.tagByKey),
				Message: fmt.Sprintf("tag %q is not defined in content/blog/tags.yml", tr.Key)})
			continue
		}
		sum.Tags = append(sum.Tags, TagRef{Label: t.Label, Route: b.tagRoute(t)})
	}
	a.fileRoute(b.locale+":"+p.Src.Path, route)
	return blogPost{p, sum, date}, true
}

// tag finds a post's tag: a key of tags.yml or, as Docusaurus has it, an inline tag (a mapping
// with its label, or a key when the blog has no tags.yml), which joins the blog's tags.
func (b *blogAssembly) tag(tr content.TagRef) (content.Tag, bool) {
	if tr.Key != "" {
		if t, ok := b.tagByKey[tr.Key]; ok {
			return t, true
		}
		if b.tagsFile != "" {
			return content.Tag{}, false
		}
		tr.Label = tr.Key
	}
	perm := strings.Trim(tr.Permalink, "/")
	if perm == "" {
		perm = markdown.Slug(tr.Label)
	}
	for _, t := range b.tags {
		if strings.Trim(t.Permalink, "/") == perm {
			return t, true // the same tag page as a tag already known
		}
	}
	key := "inline:" + perm
	t := content.Tag{Key: key, Label: tr.Label, Permalink: "/" + perm}
	b.tagByKey[key] = t
	b.tags = append(b.tags, t)
	return t, true
}

// postRoutes adds each post's page, newest first, with its neighbours; it returns the listed posts.
func (b *blogAssembly) postRoutes(posts []blogPost) []PostSummary {
	a := b.a
	var listed []PostSummary
	for i := range posts {
		pp := &posts[i]
		data := &PageData{Route: pp.summary.Route, Kind: KindBlogPost, Title: pp.summary.Title, Description: pp.p.FM.Description,
			Locale: b.locale, NoIndex: pp.p.FM.Unlisted, Keywords: pp.p.FM.Keywords}
		s := pp.summary
		data.Post = &s
		node := graph.Route(pp.summary.Route)
		// A post shows its neighbours' titles: it reads their meta, not the whole blog's.
		if i > 0 {
			data.Next = &Link{Title: posts[i-1].summary.Title, Route: posts[i-1].summary.Route}
			a.s.Graph.Record(node, graph.Meta(posts[i-1].p.Src.Path))
		}
		if i < len(posts)-1 {
			data.Prev = &Link{Title: posts[i+1].summary.Title, Route: posts[i+1].summary.Route}
			a.s.Graph.Record(node, graph.Meta(posts[i+1].p.Src.Path))
		}
		if b.authorsFile != "" {
			a.s.Graph.Record(node, graph.File(b.authorsFile))
		}
		if b.tagsFile != "" {
			a.s.Graph.Record(node, graph.File(b.tagsFile))
		}
		a.addRoute(&Route{Path: pp.summary.Route, Data: data, Source: pp.p.Src.Path, Doc: pp.p.Doc, Listed: !pp.p.FM.Unlisted})
		if !pp.p.FM.Unlisted {
			listed = append(listed, pp.summary)
		}
	}
	return listed
}

// generated adds a page the blog makes from its posts (lists, archive, authors, tags).
func (b *blogAssembly) generated(route, kind, title string, fill func(*PageData)) {
	a := b.a
	if !a.claim(route, "content/blog") {
		return
	}
	d := &PageData{Route: route, Kind: kind, Title: title, Locale: b.locale, Description: a.cfg.Blog.Description}
	fill(d)
	a.s.Graph.Record(graph.Route(route), b.node)
	a.addRoute(&Route{Path: route, Data: d, Listed: true})
}

// lists adds the paged lists of posts: the blog's route, then /page/2 and on.
func (b *blogAssembly) lists(listed []PostSummary) {
	per := b.a.cfg.Blog.PostsPerPage
	pages := (len(listed) + per - 1) / per
	if pages == 0 {
		pages = 1
	}
	listRoute := func(n int) string {
		if n == 1 {
			return b.base
		}
		return fmt.Sprintf("%s/page/%d", b.base, n)
	}
	for n := 1; n <= pages; n++ {
		lo, hi := (n-1)*per, n*per
		if hi > len(listed) {
			hi = len(listed)
		}
		b.generated(listRoute(n), KindBlogList, b.a.cfg.Blog.Title, func(d *PageData) {
			d.Posts = listed[lo:hi]
			d.Pagination = &Pagination{Page: n, Total: pages}
			if n > 1 {
				d.Pagination.Prev = listRoute(n - 1)
			}
			if n < pages {
				d.Pagination.Next = listRoute(n + 1)
			}
		})
	}
}

// archive adds the list of every post by year.
func (b *blogAssembly) archive(listed []PostSummary) {
	b.generated(b.base+"/archive", KindBlogArchive, "Archive", func(d *PageData) {
		for _, p := range listed {
			y := p.Date[:4]
			if len(d.Archive) == 0 || d.Archive[len(d.Archive)-1].Year != y {
				d.Archive = append(d.Archive, ArchiveYear{Year: y})
			}
			last := &d.Archive[len(d.Archive)-1]
			last.Posts = append(last.Posts, p)
		}
	})
}

// authorPages adds the authors page and one page per author with their posts.
func (b *blogAssembly) authorPages(listed []PostSummary) {
	if len(b.authors) == 0 {
		return
	}
	b.generated(b.base+"/authors", KindBlogAuthors, "Authors", func(d *PageData) { d.Authors = b.authors })
	for _, au := range b.authors {
		au := au
		b.generated(b.base+"/authors/"+au.Key, KindBlogAuthor, au.Name, func(d *PageData) {
			d.Author = &au
			d.Description = au.Title
			for _, p := range listed {
				for _, pa := range p.Authors {
					if pa.Key == au.Key {
						d.Posts = append(d.Posts, p)
					}
				}
			}
		})
	}
}

// tagPages adds the tags page with counts and one page per tag with its posts.
func (b *blogAssembly) tagPages(listed []PostSummary) {
	if len(b.tags) == 0 {
		return
	}
	var refs []TagRef
	for _, t := range b.tags {
		ref := TagRef{Label: t.Label, Route: b.tagRoute(t), Desc: t.Description}
		for _, p := range listed {
			for _, pt := range p.Tags {
				if pt.Route == ref.Route {
					ref.Count++
				}
			}
		}
		refs = append(refs, ref)
	}
	b.generated(b.base+"/tags", KindBlogTags, "Tags", func(d *PageData) { d.Tags = refs })
	for _, ref := range refs {
		ref := ref
		b.generated(ref.Route, KindBlogTag, ref.Label, func(d *PageData) {
			d.Tag = &ref
			d.Description = ref.Desc
			for _, p := range listed {
				for _, pt := range p.Tags {
					if pt.Route == ref.Route {
						d.Posts = append(d.Posts, p)
					}
				}
			}
		})
	}
}

// parseDate reads a post's date. A month or day may have one digit ("2023-2-7T00:00:00.000Z"), as in
// a YAML timestamp, which Docusaurus's front-matter parser reads as a date.
func parseDate(s string) (time.Time, error) {
	for _, layout := range []string{"2006-1-2", "2006-1-2T15:04:05Z07:00", "2006-1-2T15:04:05", "2006-1-2 15:04:05",
		"2006-1-2T15:04", "2006-1-2 15:04", "2006-1-2T15:04Z07:00", "2006-1-2 15:04:05Z07:00", "2006-1-2 15:04:05 -07:00"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a date", s)
}

// listing identifies what the blog's lists show of a post besides its front matter (Parsed.Listing):
// the source of its excerpt and its reading time. An MDX post's excerpt is compiled from the source
// as written, imports included: all of it counts (when unsure, rebuild more).
func listing(p *Parsed, written []byte) string {
	src := written
	if !p.MDX {
		src = p.Doc.ExcerptSource()
	}
	return fmt.Sprintf("%s %d", hashBytes(src), readingTime(p.Words))
}

// readingTime in minutes at 200 words a minute, at least one.
func readingTime(words int) int {
	m := int(math.Ceil(float64(words) / 200))
	if m < 1 {
		m = 1
	}
	return m
}
