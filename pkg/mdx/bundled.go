package mdx

// Node takes about 0.45 s of CPU to load @mdx-js/mdx and its ~300 module files, every build that
// has an MDX page; one bundled file loads in a third of that. Bundling costs more than it saves
// (~0.6 s), so the bundled compiler is kept next to the script and made again only when the
// script or the installed packages change. It is CommonJS, which Node 20 can run from V8's code
// cache (run.cjs beside the script; an ES module it compiles anew every time).

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// cacheDir is the folder, beside the compiler script, that holds its bundled copies.
const cacheDir = ".cache"

// combineOnce, beside the script, stands for micromark-util-combine-extensions in the bundle
// (site/mdx-compiler/combine-once.mjs says why).
const combineOnce = "combine-once.mjs"

// combineOncePlugin points every import of micromark-util-combine-extensions but the wrapper's own
// at the wrapper (the file once).
func combineOncePlugin(once string) api.Plugin {
	return api.Plugin{Name: "docsd-combine-once", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: `^micromark-util-combine-extensions$`}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
			if args.Importer == once {
				return api.OnResolveResult{}, nil // the package itself, resolved as usual
			}
			return api.OnResolveResult{Path: once}, nil
		})
	}}
}

// bundledScript is the compiler script bundled into one file, made if needed. The file's name
// holds a hash of the script, of node_modules/.package-lock.json (npm's record of what is
// installed) and of the wrapper the bundle puts in (combineOnce), so a change to any makes a new one. Without that record, it bundles nothing and
// gives "", and the script runs as it is.
func bundledScript(script string) (string, error) {
	dir := filepath.Dir(script)
	src, err := os.ReadFile(script)
	if err != nil {
		return "", err
	}
	lock := installedPackages(dir)
	if lock == nil {
		return "", nil
	}
	sum := sha256.New()
	sum.Write(src)
	sum.Write([]byte{0})
	sum.Write(lock)
	once, err := filepath.Abs(filepath.Join(dir, combineOnce))
	if err != nil {
		return "", err
	}
	// esbuild names a file it resolves by its real path: compile.mjs's import of the wrapper must
	// be the module the plugin names, or a folder reached through a link bundles two copies.
	if real, err := filepath.EvalSymlinks(once); err == nil {
		once = real
	}
	var plugins []api.Plugin
	if wrapper, err := os.ReadFile(once); err == nil {
		p := combineOncePlugin(once)
		// The wrapper's real path too: a bundle made before the plugin named it so (two copies of
		// the wrapper when the folder was reached through a link) is not taken again.
		sum.Write([]byte("\x00" + p.Name + "\x00" + once + "\x00"))
		sum.Write(wrapper)
		plugins = append(plugins, p)
	}
	name := strings.TrimSuffix(filepath.Base(script), ".mjs") + "-" + hex.EncodeToString(sum.Sum(nil)[:8]) + ".cjs"
	out := filepath.Join(dir, cacheDir, name)
	if st, err := os.Stat(out); err == nil && st.Mode().IsRegular() {
		return out, nil
	}
	r := api.Build(api.BuildOptions{
		EntryPoints: []string{script}, Bundle: true, Platform: api.PlatformNode, Format: api.FormatCommonJS,
		Write: false, LogLevel: api.LogLevelSilent, Plugins: plugins,
	})
	if len(r.Errors) > 0 {
		return "", fmt.Errorf("bundling the MDX compiler: %s", r.Errors[0].Text)
	}
	if len(r.OutputFiles) != 1 {
		return "", errors.New("bundling the MDX compiler: no single output file")
	}
	if err := os.MkdirAll(filepath.Join(dir, cacheDir), 0o755); err != nil {
		return "", err
	}
	// The folder ignores itself in git; the file is written whole, then renamed, so that another
	// docsd starting at the same time never runs half a file.
	_ = os.WriteFile(filepath.Join(dir, cacheDir, ".gitignore"), []byte("*\n"), 0o644)
	tmp, err := os.CreateTemp(filepath.Join(dir, cacheDir), name+".tmp-*")
	if err != nil {
		return "", err
	}
	_, werr := tmp.Write(r.OutputFiles[0].Contents)
	cerr := errors.Join(tmp.Chmod(0o644), tmp.Close())
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("writing the bundled MDX compiler: %w", errors.Join(werr, cerr))
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	removeOlderBundles(filepath.Join(dir, cacheDir), strings.TrimSuffix(filepath.Base(script), ".mjs")+"-", name)
	return out, nil
}

// removeOlderBundles deletes the bundles of earlier versions of the script or the packages (and
// their code caches) from the cache folder, keeping the one just made: each change to either made
// one more megabyte-sized copy that nothing would read again. A docsd already running an older
// copy has read it whole when its compiler started.
func removeOlderBundles(cache, prefix, keep string) {
	entries, err := os.ReadDir(cache)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, prefix) || name == keep || strings.HasPrefix(name, keep+".") {
			continue
		}
		if strings.Contains(name, ".tmp") {
			continue // another docsd's bundle being written
		}
		os.Remove(filepath.Join(cache, name))
	}
}

// installedPackages is node_modules/.package-lock.json in dir or the nearest folder above it (where
// Node finds the compiler's packages), or nil.
func installedPackages(dir string) []byte {
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "node_modules", ".package-lock.json")); err == nil {
			return b
		}
		up := filepath.Dir(dir)
		if up == dir {
			return nil
		}
		dir = up
	}
}
