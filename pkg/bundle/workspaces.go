package bundle

// A monorepo's site imports the repository's own packages by name (typescript-eslint's site reads
// `@typescript-eslint/parser/package.json`). A package manager links them into node_modules, and
// such a link resolves into the project already; without an install, docsd finds them as the
// package manager would: the folders the project's package.json `workspaces` (an array, or
// `{packages: [...]}`) or pnpm-workspace.yaml `packages` name, each by its package.json `name`.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/goccy/go-yaml"
)

// workspaces maps each workspace package's name to its folder, read once per SetMDX.
type workspaces struct {
	once  sync.Once
	root  string
	byPkg map[string]string
}

// folder is the folder of the workspace package name, or "".
func (w *workspaces) folder(name string) string {
	if w == nil || w.root == "" {
		return ""
	}
	w.once.Do(func() { w.byPkg = readWorkspaces(w.root) })
	return w.byPkg[name]
}

// readWorkspaces reads the workspace patterns of the project at root and the packages they name.
// A pattern is a glob of folders (`packages/*`); `**` matches one level, and `!pattern` leaves
// folders out, as both package managers allow.
func readWorkspaces(root string) map[string]string {
	var patterns []string
	if raw, err := os.ReadFile(filepath.Join(root, "package.json")); err == nil {
		var pkg struct {
			Workspaces json.RawMessage `json:"workspaces"`
		}
		if json.Unmarshal(raw, &pkg) == nil && len(pkg.Workspaces) > 0 {
			var list []string
			var obj struct {
				Packages []string `json:"packages"`
			}
			if json.Unmarshal(pkg.Workspaces, &list) == nil {
				patterns = append(patterns, list...)
			} else if json.Unmarshal(pkg.Workspaces, &obj) == nil {
				patterns = append(patterns, obj.Packages...)
			}
		}
	}
	if raw, err := os.ReadFile(filepath.Join(root, "pnpm-workspace.yaml")); err == nil {
		var ws struct {
			Packages []string `yaml:"packages"`
		}
		if yaml.Unmarshal(raw, &ws) == nil {
			patterns = append(patterns, ws.Packages...)
		}
	}
	excluded := map[string]bool{}
	var dirs []string
	for _, p := range patterns {
		neg := strings.HasPrefix(p, "!")
		p = strings.ReplaceAll(strings.TrimPrefix(p, "!"), "**", "*")
		if filepath.IsAbs(p) || strings.HasPrefix(filepath.Clean(p), "..") {
			continue // never outside the project
		}
		matches, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(p)))
		for _, m := range matches {
			if neg {
				excluded[m] = true
			} else {
				dirs = append(dirs, m)
			}
		}
	}
	sort.Strings(dirs)
	out := map[string]string{}
	for _, d := range dirs {
		if excluded[d] {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(d, "package.json"))
		if err != nil {
			continue
		}
		var pkg struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(raw, &pkg) == nil && pkg.Name != "" {
			if _, dup := out[pkg.Name]; !dup {
				out[pkg.Name] = d
			}
		}
	}
	return out
}

// packageName splits a bare import into its package's name and the path inside it
// ("@scope/name/package.json" → "@scope/name", "package.json"); ok is false for a path.
func packageName(spec string) (name, sub string, ok bool) {
	if spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.Contains(spec, ":") {
		return "", "", false
	}
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") {
		if len(parts) < 2 {
			return "", "", false
		}
		name = parts[0] + "/" + parts[1]
		if len(parts) == 3 {
			sub = parts[2]
		}
		return name, sub, true
	}
	name, sub, _ = strings.Cut(spec, "/")
	return name, sub, true
}

// workspaceResolve resolves an import of a workspace package inside its folder, as a link of
// node_modules to it would; ok is false when it names none, or nothing in it.
func (b *Bundler) workspaceResolve(pb *api.PluginBuild, a api.OnResolveArgs) (api.ResolveResult, bool) {
	name, sub, ok := packageName(a.Path)
	if !ok {
		return api.ResolveResult{}, false
	}
	dir := b.mdx.workspaces.folder(name)
	if dir == "" {
		return api.ResolveResult{}, false
	}
	r := pb.Resolve("./"+sub, api.ResolveOptions{Importer: a.Importer, ResolveDir: dir, Kind: a.Kind, PluginData: a.PluginData})
	if len(r.Errors) > 0 || r.Namespace != "file" || !b.inProject(r.Path) {
		return api.ResolveResult{}, false
	}
	return r, true
}
