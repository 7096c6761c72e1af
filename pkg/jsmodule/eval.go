// Package jsmodule evaluates a JavaScript, TypeScript or JSON module of a project (a Docusaurus
// config or sidebars file) with Node and returns its export as JSON. Docusaurus configs require
// plugins and themes that are rarely installed where docsd runs, so esbuild bundles the file and
// every relative import inside the project, and every package import that is not one of Node's
// own becomes a stub: an object whose every property and call gives another stub, which JSON
// leaves out. Values that come from a stub or a function (editUrl callbacks) are therefore absent.
package jsmodule

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/fspath"
)

// Evaluator runs modules with Node and remembers each result by the hash of the bundled code, so a
// build that evaluates an unchanged sidebars file does not start Node again.
type Evaluator struct {
	mu    sync.Mutex
	cache map[[32]byte]*Result
}

// Result is a module's export as JSON. Placeholders lists the environment variables the module
// refused to load without, which were given a placeholder value (see prelude); empty when it
// loaded with them unset.
type Result struct {
	JSON         json.RawMessage
	Placeholders []string
	// Enumerated are the stubbed packages whose exports the module listed (Object.keys,
	// Object.entries, a for…of): a stub has none, so whatever the module computed from them is
	// empty (typescript-eslint's customFields.rules, made from its plugin's rules, is []).
	Enumerated []Stub
	// Stubbed are the specifiers the module or its relative imports import that docsd replaced
	// by a stub (packages, and files outside the project), sorted: what a config enables that docsd does not run (a remark plugin) can be
	// named from them, since a stub leaves no trace in the JSON.
	Stubbed []string
}

// Stub is a package the module imports that docsd replaced by a stub, and where it is imported
// ("file:line:col", the file relative to the project; the importing file alone when the
// specifier is not written out in it).
type Stub struct {
	Name, At string
}

// SyntaxError is a file that does not parse: where (File relative to the project, 1-based line and
// column) and what, so a writer sees it at file:line:col as every other mistake.
type SyntaxError struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// New makes an evaluator with an empty cache.
func New() *Evaluator { return &Evaluator{cache: map[[32]byte]*Result{}} }

// Eval bundles file (inside project) and returns its default export (or module.exports) as JSON.
// An export that is a function is called (Docusaurus allows async config creators) and awaited.
func (e *Evaluator) Eval(project, file string) (*Result, error) {
	absProject, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("evaluating %s: %w", file, err)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, fmt.Errorf("evaluating %s: %w", file, err)
	}
	if !fspath.Within(absProject, abs) || !realInside(absProject, abs) {
		return nil, fmt.Errorf("%s is outside the project %s; docsd does not read it", file, absProject)
	}
	if strings.HasSuffix(abs, ".json") {
		raw, err := os.ReadFile(abs)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", file, err)
		}
		if !json.Valid(raw) {
			return nil, fmt.Errorf("%s: not valid JSON", file)
		}
		return &Result{JSON: raw}, nil
	}
	var importers sync.Map // stub name → the first file that imports it
	code, srcMap, err := bundle(absProject, abs, &importers)
	var syntax *SyntaxError
	if errors.As(err, &syntax) {
		return nil, err // it names its file (the one with the mistake, maybe one file imports)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	sum := sha256.Sum256(code)
	e.mu.Lock()
	cached, ok := e.cache[sum]
	e.mu.Unlock()
	if ok {
		return cached, nil
	}
	res, err := run(absProject, filepath.Dir(abs), code, srcMap, false)
	if err != nil {
		// Configs that throw when a token is unset: once more with placeholders, said in the result.
		if again, err2 := run(absProject, filepath.Dir(abs), code, srcMap, true); err2 == nil && len(again.Placeholders) > 0 {
			res, err = again, nil
		}
	}
	if errors.As(err, &syntax) {
		syntax.Msg += stubHint(absProject, syntax.File, &importers)
		return nil, err // a throw at the line of the file that threw
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	for i, st := range res.Enumerated {
		if imp, ok := importers.Load(st.Name); ok {
			res.Enumerated[i].At = importSite(absProject, imp.(string), st.Name)
		}
	}
	importers.Range(func(name, _ any) bool {
		res.Stubbed = append(res.Stubbed, name.(string))
		return true
	})
	sort.Strings(res.Stubbed)
	res.Stubbed = slices.Compact(res.Stubbed)
	e.mu.Lock()
	e.cache[sum] = res
	e.mu.Unlock()
	return res, nil
}

// stubNS is the esbuild namespace of the modules replaced by a stub.
const stubNS = "docsd-stub"

// fsNS is the namespace of Node's file-system modules, which the evaluated module gets guarded.
const fsNS = "docsd-fs"

var fsModule = map[string]bool{"fs": true, "fs/promises": true}

// interopNS is the namespace of a project file that is require()d: it gives the module's default
// export, with its named exports added, as Docusaurus (jiti's interopDefault) gives a sidebars file
// that requires an ES module (`...require("./generated.ts").items`).
const interopNS = "docsd-interop"

// moduleNS is the namespace of Node's module package, whose createRequire gives the stubbing require.
const moduleNS = "docsd-module"

// bundle turns the file and its relative imports into one CommonJS script, with its source map
// (a throw while it runs is reported at the line of the file that threw). Files outside the
// project are stubs too, so evaluating never reads above the project.
func bundle(project, abs string, importers *sync.Map) (code, srcMap []byte, err error) {
	stub := api.Plugin{Name: "docsd-stubs", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
			if args.Kind == api.ResolveEntryPoint {
				return api.OnResolveResult{}, nil
			}
			p := args.Path
			if fsModule[strings.TrimPrefix(p, "node:")] {
				// Reads inside the project only, and no writes: a config that copies files as it
				// loads (as some do for Docusaurus's build) changes nothing when docsd reads it.
				return api.OnResolveResult{Path: strings.TrimPrefix(p, "node:"), Namespace: fsNS}, nil
			}
			if p == "module" || p == "node:module" {
				// createRequire would reach real packages: it gives the same stubbing require.
				return api.OnResolveResult{Path: "module", Namespace: moduleNS}, nil
			}
			if strings.HasPrefix(p, "node:") || nodeBuiltin[strings.SplitN(p, "/", 2)[0]] {
				return api.OnResolveResult{Path: p, External: true}, nil
			}
			if strings.HasPrefix(p, ".") || filepath.IsAbs(p) {
				target := p
				if !filepath.IsAbs(p) {
					target = filepath.Join(args.ResolveDir, p)
				}
				ext := filepath.Ext(target)
				if fspath.Within(project, target) && (ext == "" || codeExt[ext]) {
					if args.Kind == api.ResolveJSRequireCall && args.Namespace != interopNS && ext != ".json" {
						r := b.Resolve(p, api.ResolveOptions{ResolveDir: args.ResolveDir, Importer: args.Importer, Kind: api.ResolveJSImportStatement})
						if len(r.Errors) == 0 && r.Namespace == "file" {
							return api.OnResolveResult{Path: r.Path, Namespace: interopNS}, nil
						}
					}
					return api.OnResolveResult{}, nil // esbuild resolves it (adds .js, index.js...)
				}
			}
			importers.LoadOrStore(p, args.Importer)
			return api.OnResolveResult{Path: p, Namespace: stubNS}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "file"}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			// A module inside the project may be a link to a file outside it: never read through
			// it. Nothing returned lets esbuild load the file as usual.
			if !realInside(project, args.Path) {
				return api.OnLoadResult{}, fmt.Errorf("%s is outside the project %s (through a symbolic link); docsd does not read it", args.Path, project)
			}
			return api.OnLoadResult{}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: fsNS}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			js := "module.exports = globalThis.__docsdRequire(" + quote(args.Path) + ");"
			return api.OnLoadResult{Contents: &js, Loader: api.LoaderJS}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: interopNS}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			js := "module.exports = globalThis.__docsdInterop(require(" + quote(args.Path) + "));"
			return api.OnLoadResult{Contents: &js, Loader: api.LoaderJS, ResolveDir: filepath.Dir(args.Path)}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: moduleNS}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			js := "module.exports = { ...globalThis.__docsdRealRequire('node:module'), createRequire: () => globalThis.__docsdRequire };"
			return api.OnLoadResult{Contents: &js, Loader: api.LoaderJS}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: stubNS}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			js := "module.exports = globalThis.__docsdStub(" + quote(args.Path) + ");"
			return api.OnLoadResult{Contents: &js, Loader: api.LoaderJS}, nil
		})
	}}
	res := api.Build(api.BuildOptions{
		EntryPoints: []string{abs},
		Bundle:      true,
		Write:       false,
		Format:      api.FormatCommonJS,
		Platform:    api.PlatformNode,
		Target:      api.ES2022,
		LogLevel:    api.LogLevelSilent,
		Plugins:     []api.Plugin{stub},
		// Any file esbuild reads stays inside the project: a relative import that climbs out of it
		// is a stub (above), and tsconfig files above the project are not looked for.
		AbsWorkingDir: project,
		TsconfigRaw:   "{}",
		Loader:        map[string]api.Loader{".json": api.LoaderJSON},
		// ESM configs name their own folder through import.meta, which CommonJS output lacks.
		Define: map[string]string{"import.meta.url": quote("file://" + filepath.ToSlash(abs)),
			"import.meta.dirname": quote(filepath.Dir(abs)), "import.meta.filename": quote(abs)},
		// Never written: it names the output so that the map's sources are relative to the project.
		Outfile:        filepath.Join(project, "docsd-eval.js"),
		Sourcemap:      api.SourceMapExternal,
		SourcesContent: api.SourcesContentExclude,
	})
	if len(res.Errors) > 0 {
		m := res.Errors[0]
		if m.Location != nil {
			// esbuild names the file relative to its working folder, the project; its column is
			// 0-based.
			return nil, nil, &SyntaxError{File: filepath.ToSlash(m.Location.File), Line: m.Location.Line, Column: m.Location.Column + 1, Msg: m.Text}
		}
		return nil, nil, fmt.Errorf("%s", m.Text)
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".map") {
			srcMap = f.Contents
		} else {
			code = f.Contents
		}
	}
	if code == nil {
		return nil, nil, fmt.Errorf("esbuild produced no output")
	}
	return code, srcMap, nil
}

var codeExt = map[string]bool{".js": true, ".cjs": true, ".mjs": true, ".ts": true, ".cts": true, ".mts": true, ".json": true, ".jsx": true, ".tsx": true}

// nodeBuiltin are the Node modules a config gets as they are: none of them writes files or runs
// programs (fs is guarded, child_process and the network modules are stubs).
var nodeBuiltin = map[string]bool{"path": true, "url": true, "os": true, "util": true, "process": true, "crypto": true,
	"assert": true, "events": true, "stream": true, "buffer": true, "querystring": true, "string_decoder": true}

// prelude defines the stubs and a require that answers require.resolve without looking, then runs
// the bundle as a function so that its __dirname and __filename are the file's own.
const prelude = `
const realRequire = require;
const stubCache = new Map();
const enumerated = new Set();
const stubbed = new Set();
globalThis.__docsdStub = (name) => {
  stubbed.add(name); // createRequire's require and a require(variable) reach no bundler hook
  if (stubCache.has(name)) return stubCache.get(name);
  const fn = function () { return p; };
  const p = new Proxy(fn, {
    get(t, k) {
      if (k === Symbol.toPrimitive) return () => '';
      if (k === 'then') return undefined;
      if (k === 'toJSON') return () => undefined;
      if (k === '__esModule') return true;
      if (k === Symbol.iterator) return function* () { enumerated.add(name); };
      if (typeof k === 'symbol') return undefined;
      return p;
    },
    getPrototypeOf() { return p; },
    // esbuild's interop copies every module's keys (__copyProps): only the module's own listing
    // counts.
    ownKeys(t) {
      if (!/__copyProps|__toESM|__reExport/.test(new Error().stack)) enumerated.add(name);
      return Reflect.ownKeys(t);
    },
    apply() { return p; },
    construct() { return p; },
  });
  stubCache.set(name, p);
  return p;
};
// jiti's interopDefault, which Docusaurus loads sidebars files with: a required ES module is its
// default export (an object or function), with the named exports it lacks added.
globalThis.__docsdInterop = (m) => {
  if (!m || typeof m !== 'object' || !('default' in m)) return m;
  const d = m.default;
  if (d === undefined || d === null || (typeof d !== 'object' && typeof d !== 'function')) return m;
  for (const k in m) {
    try {
      if (!(k in d)) Object.defineProperty(d, k, { enumerable: k !== 'default', configurable: true, get: () => m[k] });
    } catch {}
  }
  return d;
};
const nodePath = realRequire('node:path');
const project = globalThis.__docsdProject;
// real is p with its symbolic links followed, or as written when it does not exist (yet).
const real = (p) => {
  try { return realRequire('node:fs').realpathSync.native(p); } catch { return nodePath.resolve(p); }
};
const realProject = real(project);
const inProject = (p) => {
  if (p instanceof URL) p = realRequire('node:url').fileURLToPath(p);
  if (typeof p !== 'string') return true; // a file descriptor or a buffer: opened inside already
  const under = (root, q) => {
    const rel = nodePath.relative(root, q);
    return rel !== '..' && !rel.startsWith('..' + nodePath.sep) && !nodePath.isAbsolute(rel);
  };
  // As written and with links followed: a link inside the project to a file outside it is outside.
  return under(project, nodePath.resolve(p)) && under(realProject, real(p));
};
const writes = /^(write|append|mkdir|mkdtemp|rm|unlink|rename|copy|cp|symlink|link|chmod|lchmod|chown|lchown|fchmod|fchown|truncate|ftruncate|utimes|lutimes|futimes|createWriteStream)/;
const denied = (what) => Object.assign(new Error('docsd reads configs without side effects: ' + what), { code: 'EACCES' });
function guardFS(mod, promises) {
  const out = {};
  for (const k of Object.keys(mod)) {
    const v = mod[k];
    if (typeof v !== 'function' || /^[A-Z]/.test(k)) { out[k] = v; continue; }
    if (writes.test(k)) {
      // Writes do nothing and succeed, so the config goes on to export its value.
      out[k] = (...a) => {
        if (promises) return Promise.resolve();
        const cb = a[a.length - 1];
        if (!k.endsWith('Sync') && typeof cb === 'function') cb(null);
      };
      continue;
    }
    out[k] = function (...a) {
      let err = null;
      if (a.length && !inProject(a[0])) err = Object.assign(new Error('ENOENT: docsd reads nothing outside the project: ' + a[0]), { code: 'ENOENT' });
      else if (/^open/.test(k) && typeof a[1] === 'string' && /[wa+]/.test(a[1])) err = denied('open for writing');
      if (err) {
        if (promises) return Promise.reject(err);
        const cb = a[a.length - 1];
        if (!k.endsWith('Sync') && typeof cb === 'function') return cb(err);
        throw err;
      }
      return v.apply(mod, a);
    };
  }
  if (!promises && mod.promises) out.promises = guardFS(mod.promises, true);
  return out;
}
const guarded = { fs: guardFS(realRequire('node:fs'), false), 'fs/promises': guardFS(realRequire('node:fs/promises'), true) };
const isBuiltin = realRequire('node:module').isBuiltin;
const fakeRequire = Object.assign(
  (id) => {
    const bare = id.replace(/^node:/, '');
    if (guarded[bare]) return guarded[bare];
    if (isBuiltin(id) && ['path', 'url', 'os', 'util', 'process', 'crypto', 'assert', 'events', 'stream', 'buffer', 'querystring', 'string_decoder'].includes(bare.split('/')[0])) return realRequire(id);
    return globalThis.__docsdStub(id);
  },
  { resolve: (id) => id },
);
globalThis.__docsdRequire = fakeRequire;
globalThis.__docsdRealRequire = realRequire;
// The module sees only a few variables (docsd runs with the writer's secrets in its environment,
// and what a config computes may be written into docsd.toml). A variable it reads that is unset is
// recorded; in the second attempt (__placeholders) it reads as a placeholder, for configs that
// refuse to load without a token they only pass on to a plugin.
const envSeen = new Set();
const baseEnv = { ...process.env };
process.env = new Proxy(baseEnv, {
  get(t, k) {
    if (typeof k !== 'string' || k in t) return t[k];
    envSeen.add(k);
    return globalThis.__placeholders ? 'docsd-placeholder' : undefined;
  },
});
`

// run executes the bundle in Node and returns its export as JSON. Node gets a minimal environment:
// nothing of the writer's secrets reaches the module. A throw is a *SyntaxError at the line of
// the project's file that threw, found through srcMap, when one of its frames is in the project.
func run(project, dir string, code, srcMap []byte, placeholders bool) (*Result, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, fmt.Errorf("node is needed to read it: %w", err)
	}
	var script bytes.Buffer
	if placeholders {
		script.WriteString("globalThis.__placeholders = true;\n")
	}
	fmt.Fprintf(&script, "globalThis.__docsdProject = %s;\n", quote(project))
	fmt.Fprintf(&script, "const resultMark = %s;\n", quote(resultMark))
	script.WriteString(prelude)
	fmt.Fprintf(&script, "const __file = %s;\n", quote(filepath.Join(dir, "module.js")))
	if srcMap == nil {
		srcMap = []byte("null")
	}
	fmt.Fprintf(&script, "const __map = %s;\n", srcMap)
	script.WriteString("const module = { exports: {} };\nlet __thrown = null;\ntry {\n(function (require, module, exports, __filename, __dirname) {\n")
	// The line of the script where the bundle starts: its stack frames are mapped from there.
	fmt.Fprintf(&script, "globalThis.__codeLine = %d;\n", bytes.Count(script.Bytes(), []byte("\n"))+2)
	script.Write(code)
	script.WriteString("\n})(fakeRequire, module, module.exports, __file, " + quote(dir) + ");\n} catch (e) { __thrown = { e }; }\n")
	script.WriteString(throwSite)
	script.WriteString(`(async () => {
  if (__thrown) throw __thrown.e;
  let v = module.exports && module.exports.__esModule && 'default' in module.exports ? module.exports.default : module.exports;
  if (typeof v === 'function') v = v({});
  v = await v;
  process.stdout.write('\n' + resultMark + JSON.stringify({ value: v === undefined ? null : v, unset: [...envSeen].sort(), enumerated: [...enumerated].sort(), stubbed: [...stubbed].sort() }));
})().catch((e) => { process.stderr.write(__throwSite(e) + String(e && e.stack || e)); process.exit(1); });
`)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "-")
	cmd.Dir = dir
	cmd.Stdin = &script
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "NODE_ENV=production", "LANG=C.UTF-8"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if m := throwAt.FindStringSubmatch(stderr.String()); m != nil {
			line, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			return nil, &SyntaxError{File: m[1], Line: line, Column: col, Msg: "throws " + errorLine(stderr.String()[len(m[0]):])}
		}
		return nil, fmt.Errorf("evaluating with node failed: %s (%w)", errorLine(stderr.String()), err)
	}
	var out struct {
		Value      json.RawMessage `json:"value"`
		Unset      []string        `json:"unset"`
		Enumerated []string        `json:"enumerated"`
		Stubbed    []string        `json:"stubbed"`
	}
	// What the module printed itself comes before the result (tRPC's config logs its TypeDoc
	// entry points with console.log).
	_, result, ok := bytes.Cut(stdout.Bytes(), []byte("\n"+resultMark))
	if !ok {
		return nil, fmt.Errorf("node printed no result: %s", errorLine(stdout.String()))
	}
	if err := json.Unmarshal(result, &out); err != nil {
		return nil, fmt.Errorf("reading what node printed: %w", err)
	}
	res := &Result{JSON: out.Value, Stubbed: out.Stubbed}
	for _, name := range out.Enumerated {
		res.Enumerated = append(res.Enumerated, Stub{Name: name})
	}
	if placeholders {
		res.Placeholders = out.Unset
	}
	return res, nil
}

// throwSite finds where a thrown error comes from: the first frame of its stack in the bundle that
// the source map places in a file of the project (not a stub), printed as a line throwAt reads.
const throwSite = `
const __throwSite = (e) => {
  if (!__map || !e || typeof e.stack !== 'string') return '';
  let sm;
  try { sm = new (realRequire('node:module').SourceMap)(__map); } catch { return ''; }
  for (const m of e.stack.matchAll(/\[stdin\]:(\d+):(\d+)/g)) {
    const at = sm.findEntry(Number(m[1]) - globalThis.__codeLine, Number(m[2]) - 1);
    if (at && typeof at.originalSource === 'string' && !/^docsd-/.test(at.originalSource)) {
      return '@docsd-throw ' + at.originalSource + ':' + (at.originalLine + 1) + ':' + (at.originalColumn + 1) + '\n';
    }
  }
  return '';
};
`

// resultMark starts the line of node's output that holds the result.
const resultMark = "@docsd-result "

var throwAt = regexp.MustCompile(`^@docsd-throw (.+):(\d+):(\d+)\n`)

// errorLine picks the thrown error's message out of Node's output (which starts with the source
// line and a caret when the throw is not caught).
func errorLine(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for _, l := range lines {
		if strings.Contains(l, "Error") && !strings.HasPrefix(strings.TrimSpace(l), "at ") {
			return strings.TrimSpace(l)
		}
	}
	if len(lines) > 0 {
		return strings.TrimSpace(lines[0])
	}
	return ""
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// realInside is true when p, with every symbolic link on its way followed, is root (its links
// followed too) or below it. A path that does not exist yet is judged as written.
func realInside(root, p string) bool {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		realRoot = root
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return fspath.Within(root, p)
	}
	return fspath.Within(realRoot, real)
}

// stubHint says which packages the file that threw imports as stubs, with what to do: a value it
// computes from one is empty, which is most often why a config throws here (tRPC's env.js parses
// its environment with zod, then finds no known VERCEL_ENV). Empty when it imports none.
func stubHint(project, file string, importers *sync.Map) string {
	var at []string
	importers.Range(func(k, v any) bool {
		if rel, err := filepath.Rel(project, v.(string)); err == nil && filepath.ToSlash(rel) == file {
			at = append(at, fmt.Sprintf("%q at %s", k, importSite(project, v.(string), k.(string))))
		}
		return true
	})
	if len(at) == 0 {
		return ""
	}
	sort.Strings(at)
	return fmt.Sprintf(" (docsd reads a config with its packages as stubs, whose every value is empty: this file imports %s; "+
		"give the value a default that does not come from the package, or write docsd.toml by hand)", strings.Join(at, ", "))
}

// importSite is where file (absolute) imports spec: "file:line:col", relative to project.
func importSite(project, file, spec string) string {
	name := file
	if rel, err := filepath.Rel(project, file); err == nil && !strings.HasPrefix(rel, "..") {
		name = filepath.ToSlash(rel)
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		return name
	}
	src := string(raw)
	for _, q := range []string{"'", `"`, "`"} {
		if i := strings.Index(src, q+spec+q); i >= 0 {
			line := strings.Count(src[:i], "\n") + 1
			return fmt.Sprintf("%s:%d:%d", name, line, i-strings.LastIndex(src[:i], "\n"))
		}
	}
	return name
}
