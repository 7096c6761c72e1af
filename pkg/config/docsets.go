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
// its id, the latest of its own): every folder of docs the site builds.
func (s *Site) DocSets() []Version {
	if len(s.Docs) == 0 {
		return s.Versions
	}
	out := make([]Version, 0, len(s.Versions)+len(s.Docs))
	out = append(out, s.Versions...)
	for _, d := range s.Docs {
		out = append(out, Version{Name: d.ID, Label: d.ID, Path: d.Path, IsLast: true, Dir: d.Dir,
			SidebarsFile: d.SidebarsFile, Instance: d.ID})
	}
	return out
}

// checkDocSets finds what the decoder cannot in [[docs]]: a missing or clashing id, path or dir.
func (s *Site) checkDocSets(fail func(key, format string, args ...any) error) error {
	names := map[string]bool{}
	paths := map[string]string{}
	for _, v := range s.Versions {
		names[v.Name] = true
		paths[strings.TrimSuffix(v.Path, "/")] = fmt.Sprintf("docs version %q", v.Name)
	}
	for _, d := range s.Docs {
		switch {
		case !docsSetID.MatchString(d.ID):
			return fail("[[docs]]", "a [[docs]] set needs an id of letters, digits, - and _ (not %q)", d.ID)
		case names[d.ID]:
			return fail("id = \""+d.ID, "[[docs]] id %q is already the name of a docs version or set", d.ID)
		case d.Dir == "":
			return fail("id = \""+d.ID, "[[docs]] set %q needs a dir", d.ID)
		case !strings.HasPrefix(d.Path, "/"):
			return fail("id = \""+d.ID, "[[docs]] set %q needs a path starting with / (not %q)", d.ID, d.Path)
		}
		p := strings.TrimSuffix(d.Path, "/")
		if other, ok := paths[p]; ok {
			return fail("id = \""+d.ID, "[[docs]] set %q has the path %q of %s", d.ID, d.Path, other)
		}
		names[d.ID] = true
		paths[p] = fmt.Sprintf("docs set %q", d.ID)
	}
	return nil
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
