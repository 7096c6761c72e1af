// docsets.go holds [[docs]]: docs folders beyond the versioned docs, each with its own route and
// sidebars, as a Docusaurus site has them when it lists plugin-content-docs more than once
// (react-native-website's "community" at /community, typescript-eslint's docs at / beside its
// rules). Without them such a site lost those pages and every link into them.
//
// A docs set has one version. docsd builds it as a docs version of its own (DocSets), so scanning,
// assembly, sidebars, links and watching need nothing new; the version menu, the versions page,
// "this page in other versions" and search's version filter are about the versioned docs, and read
// Versions alone.

package config

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// DocsSet is one [[docs]] entry.
type DocsSet struct {
	// ID names the set, as the Docusaurus plugin's id: the version name of its pages and, with no
	// sidebars file, the id of the one sidebar generated from its folder.
	ID string `toml:"id"`
	// Path is where its pages are served, from the site's root ("/community").
	Path string `toml:"path"`
	// Dir is its folder, relative to the content folder.
	Dir string `toml:"dir"`
	// SidebarsFile is its hand-written sidebars file (relative to docsd.toml), as Site.SidebarsFile.
	SidebarsFile string `toml:"sidebars_file"`
}

var docsSetID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)

// DocSets are the docs versions followed by one version for each [[docs]] set (Instance set to
// its id, the latest of its own): every folder of docs the site builds. Made once, when the file
// is read (applyDefaults), as it is asked for each link a page resolves.
func (s *Site) DocSets() []Version {
	if len(s.Docs) == 0 {
		return s.Versions
	}
	if s.docSets != nil {
		return s.docSets
	}
	return s.makeDocSets()
}

func (s *Site) makeDocSets() []Version {
	out := make([]Version, 0, len(s.Versions)+len(s.Docs))
	out = append(out, s.Versions...)
	for _, d := range s.Docs {
		out = append(out, Version{Name: d.ID, Label: d.ID, Path: d.Path, IsLast: true, Dir: d.Dir,
			SidebarsFile: d.SidebarsFile, Instance: d.ID})
	}
	return out
}

// cleanDocSets writes each set's folder as the scan compares folders: "community", not
// "./community" or "community/".
func (s *Site) cleanDocSets() {
	for i := range s.Docs {
		if d := s.Docs[i].Dir; d != "" {
			s.Docs[i].Dir = path.Clean(strings.TrimSuffix(d, "/"))
		}
	}
	if len(s.Docs) > 0 {
		s.docSets = s.makeDocSets()
	}
}

// checkDocSets finds what the decoder cannot in [[docs]]: a missing or clashing id, path or
// folder, at the line of the set's id (or of its table).
func (s *Site) checkDocSets(name string, raw []byte) error {
	names := map[string]bool{}
	paths := map[string]string{}
	dirs := map[string]string{}
	for _, v := range s.Versions {
		names[v.Name] = true
		paths[strings.TrimSuffix(v.Path, "/")] = fmt.Sprintf("docs version %q", v.Name)
		dirs[path.Clean(v.Dir)] = fmt.Sprintf("docs version %q", v.Name)
	}
	for n, d := range s.Docs {
		fail := func(format string, args ...any) error {
			return &Error{File: name, Line: docsSetLine(raw, n), Column: 1, Msg: fmt.Sprintf(format, args...)}
		}
		p := strings.TrimSuffix(d.Path, "/")
		switch {
		case !docsSetID.MatchString(d.ID):
			return fail("a [[docs]] set needs an id of letters, digits, - and _ (not %q)", d.ID)
		case names[d.ID]:
			return fail("[[docs]] id %q is already the name of a docs version or set", d.ID)
		case d.Dir == "":
			return fail("[[docs]] set %q needs a dir", d.ID)
		case !strings.HasPrefix(d.Path, "/"):
			return fail("[[docs]] set %q needs a path starting with / (not %q)", d.ID, d.Path)
		case paths[p] != "":
			return fail("[[docs]] set %q has the path %q of %s", d.ID, d.Path, paths[p])
		case dirs[d.Dir] != "":
			return fail("[[docs]] set %q has the folder %q of %s: each docs folder is built once", d.ID, d.Dir, dirs[d.Dir])
		}
		names[d.ID] = true
		paths[p] = fmt.Sprintf("docs set %q", d.ID)
		dirs[d.Dir] = fmt.Sprintf("docs set %q", d.ID)
	}
	return nil
}

// docsSetLine is the line of the n-th [[docs]] table's id (counted from 0), or of its header when
// it has none; 0 when the file has no such table (a set written inline).
func docsSetLine(raw []byte, n int) int {
	header := 0
	for i, line := range strings.Split(string(raw), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(strings.ReplaceAll(t, " ", ""), "[[docs]]"): // (a comment may follow)
			if n < 0 {
				return header
			}
			if n == 0 {
				header = i + 1
			}
			n--
		case n < 0 && strings.HasPrefix(t, "["):
			return header // the set's table ended without an id
		case n < 0 && strings.HasPrefix(t, "id") && strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(t, "id")), "="):
			return i + 1
		}
	}
	return header
}

// SidebarsOf are the sidebars a version's docs are cut into from their folders when it has no
// sidebars file: [[sidebars]] for the versioned docs, and for a [[docs]] set one sidebar of its
// whole folder named by the set, as Docusaurus generates for a docs plugin without sidebarPath.
func (s *Site) SidebarsOf(v Version) []Sidebar {
	if v.Instance != "" {
		return []Sidebar{{ID: v.Instance, Dir: "."}}
	}
	return s.Sidebars
}

// generatesSidebar reports whether id is the sidebar docsd generates for a docs set without a
// sidebars file: its whole folder, named by the set's id.
func (s *Site) generatesSidebar(id string) bool {
	for _, d := range s.Docs {
		if d.ID == id && d.SidebarsFile == "" {
			return true
		}
	}
	return false
}

// checkDocSetFolders fails on a [[docs]] set whose folder is not a folder of the project at path
// (docsd.toml), at its line: a set with no pages failed later, as a render error of the navbar
// about a sidebar nobody could find.
func (s *Site) checkDocSetFolders(path string, raw []byte) error {
	content := s.Content(filepath.Dir(path))
	for n, d := range s.Docs {
		st, err := os.Stat(filepath.Join(content, filepath.FromSlash(d.Dir)))
		if err == nil && st.IsDir() {
			continue
		}
		why := "does not exist"
		if err == nil {
			why = "is not a folder"
		}
		return &Error{File: path, Line: docsSetLine(raw, n), Column: 1,
			Msg: fmt.Sprintf("[[docs]] set %q: its folder %s %s (dir is relative to the content folder)", d.ID, s.SourceFile(d.Dir), why)}
	}
	return nil
}
