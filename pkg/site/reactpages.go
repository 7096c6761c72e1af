// React pages: a Docusaurus site's src/pages may hold .js/.jsx/.ts/.tsx pages (the home page, a
// help page) that docsd does not build. Links to them are not broken on the Docusaurus site, so the
// link check must know their routes rather than report every link to /help as a false alarm.

package site

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"docsd/pkg/config"
)

// ReactPageRoutes lists the routes of the React pages in the pages folder of the project at root,
// in every locale, each with its file as messages name it. Docusaurus's rules: a file's route is
// its path without the extension, x/index is x/; files and folders starting with "_", *.test.*
// files and __tests__ folders are not pages. Symlinks are not followed. A missing folder has none.
func ReactPageRoutes(cfg *config.Site, root string) (map[string]string, error) {
	dir := cfg.PagesDir
	if dir == "" {
		dir = "pages"
	}
	abs := filepath.Join(cfg.Content(root), filepath.FromSlash(dir))
	out := map[string]string{}
	err := filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == abs {
				return fs.SkipAll
			}
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != abs && (strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") || name == "__tests__" || name == "node_modules") {
				return fs.SkipDir
			}
			return nil
		}
		ext := path.Ext(name)
		stem := strings.TrimSuffix(name, ext)
		if !d.Type().IsRegular() || strings.HasPrefix(name, "_") || strings.HasSuffix(stem, ".test") ||
			(ext != ".js" && ext != ".jsx" && ext != ".ts" && ext != ".tsx") {
			return nil
		}
		rel, err := filepath.Rel(abs, p)
		if err != nil {
			return err
		}
		rel = strings.TrimSuffix(filepath.ToSlash(rel), ext)
		if rel == "index" {
			rel = ""
		}
		rel = strings.TrimSuffix(rel, "/index")
		file := cfg.SourceFile(path.Join(dir, filepath.ToSlash(strings.TrimPrefix(p, abs+string(filepath.Separator)))))
		route := strings.TrimSuffix(cfg.BasePath, "/") + "/" + rel
		for _, loc := range cfg.Locales {
			out[strings.TrimSuffix(LocalizePath(cfg, route, cfg.DefaultLocale().Code, loc.Code), "/")] = file
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing the React pages of %s: %w", dir, err)
	}
	return out, nil
}
