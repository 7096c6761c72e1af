package build

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"docsd/pkg/config"
	"docsd/pkg/emit"
	"docsd/pkg/search"
	"docsd/pkg/site"
)

// The search step of render: every rendered route updates its shard of its locale's index (the
// indexes live in the Builder, so a rebuild re-indexes only the routes it renders), and the merged
// files are published under the locale's base path with the build timestamp in their names.

// searchTime is the build timestamp carried by the search files' names: Options.BuildTime, or the
// newest modification time of docsd.toml and the shell's sources. Content is left out on purpose:
// every page embeds the two names, so a timestamp that moved with each content edit would make a
// one-page edit re-render every page in watch mode. Once, a one-shot build, counts the content too.
func (b *Builder) searchTime() time.Time {
	if !b.opts.BuildTime.IsZero() {
		return b.opts.BuildTime
	}
	return newestModTime(filepath.Join(b.opts.Root, "docsd.toml"), b.siteDir())
}

func (b *Builder) siteDir() string {
	if b.opts.SiteDir != "" {
		return b.opts.SiteDir
	}
	return filepath.Join(b.opts.Root, "site")
}

// SearchFiles are the URLs of a locale's two search files.
type SearchFiles struct{ Docs, Index string }

// SearchURLs lists, by locale, the URLs of the search files of the last good build. Their names
// follow docsd.toml and the shell, so the dev server tells open pages when they move.
func (b *Builder) SearchURLs() map[string]SearchFiles {
	if b.last == nil {
		return nil
	}
	urls := make(map[string]SearchFiles, len(b.last.siteData))
	for loc, sd := range b.last.siteData {
		urls[loc] = SearchFiles{Docs: sd.SearchDocs, Index: sd.SearchIndex}
	}
	return urls
}

// newestModTime is the newest modification time of the files under the given paths (missing ones
// are skipped), to the second, in UTC.
func newestModTime(paths ...string) time.Time {
	var newest time.Time
	for _, p := range paths {
		_ = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				if name := d.Name(); name == "node_modules" || name == "out" || strings.HasPrefix(name, ".") && path != p {
					return filepath.SkipDir
				}
				return nil
			}
			if info, err := d.Info(); err == nil && info.ModTime().After(newest) {
				newest = info.ModTime()
			}
			return nil
		})
	}
	return newest.UTC().Truncate(time.Second)
}

// searchPaths are where a locale's two search files go in the build and their URLs.
func (st *state) searchPaths(locale string) (docsRel, indexRel, docsURL, indexURL string) {
	cfg := st.cfg
	docs, index := search.FileNames(st.searchStamp)
	base := strings.TrimSuffix(site.LocalizePath(cfg, cfg.BasePath, cfg.DefaultLocale().Code, locale), "/") + "/"
	rel := strings.TrimPrefix(base, cfg.BasePath)
	return rel + docs, rel + index, base + docs, base + index
}

// indexSearch updates the shards of the given routes and drops the routes that no longer exist,
// then publishes each locale's two files.
func (st *state) indexSearch(routes []string) error {
	b := st.b
	b.waitPublish() // a publish the last rebuild gave up on still reads the indexes
	if b.search == nil {
		b.search = map[string]*search.Index{}
	}
	syn, err := search.ParseSynonyms(st.cfg.Search.Synonyms)
	if err != nil {
		return searchListError(st.cfg, err)
	}
	lookup, err := search.ParseLookupParts(st.cfg.Search.LookupParts)
	if err != nil {
		return searchListError(st.cfg, err)
	}
	action, err := search.ParseActionParts(st.cfg.Search.ActionParts)
	if err != nil {
		return searchListError(st.cfg, err)
	}
	name, err := search.ParseNameParts(st.cfg.Search.NameParts)
	if err != nil {
		return searchListError(st.cfg, err)
	}
	walk, err := search.ParseWalkParts(st.cfg.Search.WalkParts)
	if err != nil {
		return searchListError(st.cfg, err)
	}
	for _, loc := range st.cfg.Locales {
		if b.search[loc.Code] == nil {
			b.search[loc.Code] = search.New()
		}
		b.search[loc.Code].SetSynonyms(syn)
		b.search[loc.Code].SetLookupParts(lookup)
		b.search[loc.Code].SetActionParts(action)
		b.search[loc.Code].SetNameParts(name)
		b.search[loc.Code].SetWalkParts(walk)
	}
	shards := make([]*search.Shard, len(routes))
	err = parallel(len(routes), func(i int) error {
		if r := st.site.Routes.Get(routes[i]); search.Indexed(r) {
			if shards[i] = st.shards[routes[i]]; shards[i] == nil {
				shards[i] = search.NewShardWith(search.PageOf(r), st.terms)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	st.shards, st.terms = map[string]*search.Shard{}, nil // the index holds the shards now
	for i, p := range routes {
		r := st.site.Routes.Get(p)
		if r == nil {
			continue
		}
		idx := b.search[r.Data.Locale]
		if idx == nil {
			continue
		}
		if shards[i] != nil {
			idx.Update(p, shards[i])
			st.reindexed = append(st.reindexed, p)
		} else {
			idx.Remove(p)
		}
	}
	sort.Strings(st.reindexed)
	// Routes that are gone or no longer indexed leave the indexes. A model with the last one's
	// routes (a body edit) has none when the last build's indexes were of that model, and need
	// not look up every route of the site.
	gone, known := []string(nil), false
	if st.prior != nil && st.prior.indexed {
		gone, known = st.site.GoneSince(st.prior.site)
	}
	switch {
	case st.sameRoutes && known:
	case known:
		// Re-assembled: a route that stays and is indexed otherwise than before was made again,
		// so it is among the routes indexed above (routeChanged dirties it); only the routes that
		// went are left to take out.
		for _, p := range gone {
			if st.site.Routes.Get(p) == nil {
				for _, idx := range b.search {
					idx.Remove(p)
				}
			}
		}
	case !st.sameRoutes || st.prior == nil || !st.prior.indexed:
		for loc, idx := range b.search {
			for _, p := range idx.Routes() {
				if r := st.site.Routes.Get(p); r == nil || r.Data.Locale != loc || !search.Indexed(r) {
					idx.Remove(p)
				}
			}
		}
	}
	st.indexed = true
	return st.writeSearch()
}

func sameFile(files *emit.Files, rel string, data []byte) bool {
	old, _, ok := files.Get(rel)
	return ok && bytes.Equal(old, data)
}

// searchListError places a bad entry of a [search] list of docsd.toml at the line it is written on
// (pkg/search judges the entry, pkg/config knows where it is): `docsd.toml:42:5: [search] synonyms
// entry 3 "walrus": want at least two phrases …`.
func searchListError(cfg *config.Site, err error) error {
	var bad *search.EntryError
	if errors.As(err, &bad) {
		line, col := cfg.Search.EntryAt(bad.Key, bad.N-1)
		return &config.Error{File: "docsd.toml", Line: line, Column: col, Msg: "[search] " + bad.Error()}
	}
	return fmt.Errorf("docsd.toml: [search] %w", err)
}
