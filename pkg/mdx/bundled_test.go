package mdx

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The bundled compiler is made once per script and set of installed packages, in the script's
// .cache folder, and again when either changes; without npm's record of the packages there is none.
func TestBundledScript(t *testing.T) {
	root := t.TempDir()
	put := func(rel, text string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("node_modules/dep/package.json", `{"name": "dep", "type": "module", "main": "index.js"}`)
	put("node_modules/dep/index.js", "export const word = 'bundled';\n")
	put("site/compiler/run.mjs", "import { word } from 'dep';\nconsole.log(word);\n")
	script := filepath.Join(root, "site/compiler/run.mjs")
	if got, err := bundledScript(script); err != nil || got != "" {
		t.Fatalf("without .package-lock.json: %q, %v; want none", got, err)
	}
	put("node_modules/.package-lock.json", `{"packages": {"node_modules/dep": {"version": "1.0.0"}}}`)
	first, err := bundledScript(script)
	if err != nil || first == "" {
		t.Fatalf("bundledScript: %q, %v", first, err)
	}
	if filepath.Dir(first) != filepath.Join(root, "site/compiler/.cache") {
		t.Errorf("bundled into %s", first)
	}
	text, _ := os.ReadFile(first)
	if !strings.Contains(string(text), `"bundled"`) || strings.Contains(string(text), "from 'dep'") {
		t.Errorf("the bundle lacks the package's code:\n%s", text)
	}
	// Made once: a second start takes the same file as it is.
	os.WriteFile(first, []byte("kept"), 0o644)
	if again, err := bundledScript(script); err != nil || again != first {
		t.Fatalf("second call: %q, %v; want %s", again, err, first)
	}
	if text, _ := os.ReadFile(first); string(text) != "kept" {
		t.Error("the bundle was made again for the same script and packages")
	}
	put("node_modules/.package-lock.json", `{"packages": {"node_modules/dep": {"version": "1.0.1"}}}`)
	if other, err := bundledScript(script); err != nil || other == first || other == "" {
		t.Errorf("after the packages changed: %q, %v; want a new bundle", other, err)
	}
	put("site/compiler/run.mjs", "import { word } from 'dep';\nconsole.log(word, 2);\n")
	put("site/compiler/.cache/"+filepath.Base(first)+".v8cache", "cache of the first")
	put("site/compiler/.cache/other-1234.cjs", "another script's bundle")
	latest, err := bundledScript(script)
	if err != nil || latest == first || latest == "" {
		t.Errorf("after the script changed: %q, %v; want a new bundle", latest, err)
	}
	// The copies of earlier versions go; another script's bundle stays.
	left, _ := os.ReadDir(filepath.Dir(latest))
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	if want := []string{".gitignore", "other-1234.cjs", filepath.Base(latest)}; !reflect.DeepEqual(names, want) {
		t.Errorf("the cache folder holds %v, want %v", names, want)
	}
}

// run.cjs runs the bundled compiler from V8's code cache. A process writes the cache when its
// input ends, never while it runs (an answer written after the cache waited for it: the compiler
// was idle between two pages of a build); a later process loads it (V8 accepts it) and writes it
// again only after compiling twice as many files. The answers are those of the script as it is,
// and the folder never holds a cache file being written.
func TestCodeCache(t *testing.T) {
	real, bundled := bundledCompiler(t)
	// A copy in a folder of its own, so that the cache is this test's.
	dir := t.TempDir()
	bundle := filepath.Join(dir, "compile.cjs")
	code, err := os.ReadFile(bundled)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bundle, code, 0o644); err != nil {
		t.Fatal(err)
	}
	runner := filepath.Join(filepath.Dir(real), "run.cjs")
	cache := bundle + ".v8cache"
	madeAt := func() uint32 {
		t.Helper()
		raw, err := os.ReadFile(cache)
		if err != nil {
			t.Fatalf("no code cache: %v", err)
		}
		if len(raw) < 4 {
			t.Fatalf("code cache of %d bytes", len(raw))
		}
		return binary.LittleEndian.Uint32(raw)
	}
	page := map[string]any{"file": "a.mdx", "source": "## Hello\n\nA [link](./b.mdx) and `code`.\n\n```js\nlet a = 1 && 2;\n```\n", "firstLine": 1, "token": "tok", "page": true}
	want := nodeCompiler(t, real)(page)
	// run compiles the page n times in a new process, then closes its input and waits for it
	// to end; during each answer, after calls while the process still runs.
	run := func(n int, during func()) {
		t.Helper()
		stdin, stdout := startNodeCompiler(t, runner, bundle)
		in := bufio.NewReader(stdout)
		line, _ := json.Marshal(page)
		for range n {
			if _, err := stdin.Write(append(line, '\n')); err != nil {
				t.Fatal(err)
			}
			out, err := in.ReadBytes('\n')
			if err != nil {
				t.Fatal(err)
			}
			var got answer
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("run.cjs answers\n%+v\nthe script answers\n%+v", got, want)
			}
			during()
		}
		stdin.Close()
		if rest, err := io.ReadAll(in); err != nil || len(rest) > 0 {
			t.Fatalf("after its input closed, the compiler wrote %q (%v)", rest, err)
		}
	}
	only := func(want ...string) {
		t.Helper()
		entries, _ := os.ReadDir(dir)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if !reflect.DeepEqual(names, want) {
			t.Fatalf("the folder holds %v, want %v", names, want)
		}
	}

	// The first process writes none while it runs (it was idle after each answer), and its own
	// once it ends.
	run(2, func() { only("compile.cjs") })
	only("compile.cjs", "compile.cjs.v8cache")
	if n := madeAt(); n != 2 {
		t.Fatalf("the cache was made after %d files, want 2", n)
	}
	// Had V8 rejected the cache (or run.cjs not given it), these processes would write their own.
	run(3, func() {})
	if n := madeAt(); n != 2 {
		t.Fatalf("after 3 files, the cache is one made after %d, want the first process's", n)
	}
	run(4, func() {})
	if n := madeAt(); n != 4 {
		t.Errorf("after twice as many files, the cache is one made after %d, want 4", n)
	}
	only("compile.cjs", "compile.cjs.v8cache")
	// A cache cut short (a file of another writer) is not taken: the process answers as without
	// one, and writes a whole one. The temp file of a process stopped while writing goes; that of
	// a process that runs (this one stands for one) stays.
	if err := os.WriteFile(cache, []byte{9, 0}, 0o644); err != nil {
		t.Fatal(err)
	}
	ended := exec.Command("node", "-e", "")
	if err := ended.Run(); err != nil {
		t.Fatal(err)
	}
	stopped, writing := fmt.Sprintf("compile.cjs.v8cache.%d.tmp", ended.Process.Pid), fmt.Sprintf("compile.cjs.v8cache.%d.tmp", os.Getpid())
	for _, name := range []string{stopped, writing} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run(1, func() {})
	if n := madeAt(); n != 1 {
		t.Errorf("after a cache cut short, the cache is one made after %d, want 1", n)
	}
	only("compile.cjs", "compile.cjs.v8cache", writing)
}

// In the bundled compiler, micromark combines a processor's syntax extensions once
// (site/mdx-compiler/combine-once.mjs), not for each page: the same page compiled again makes no new
// combination, and micromark's parse does ask the wrapper for one each time. A version of micromark
// that combines its extensions some other way, a bundle without the wrapper, or a wrapper that
// combines anew for each page fails here; and the answers are those of the script as it is.
func TestMicromarkExtensionsCombinedOnce(t *testing.T) {
	real, bundled := bundledCompiler(t)
	send := nodeCompilerLines(t, bundled)
	type counts struct{ Calls, Combinations int }
	count := func() counts {
		t.Helper()
		var c counts
		if err := json.Unmarshal(send(map[string]any{"id": 1, "kind": "counts"}), &c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	script := nodeCompiler(t, real)
	pages := []map[string]any{
		{"id": 2, "file": "a.mdx", "source": "import X from './x';\n\n## A table\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n:::tip[Hint]\nSee <X />.\n:::\n", "firstLine": 1, "token": "tok", "page": false},
		{"id": 3, "file": "b.mdx", "source": "Some *text* and {1 + 1}.\n", "firstLine": 1, "token": "tok", "page": false},
	}
	for _, page := range pages {
		var got answer
		if err := json.Unmarshal(send(page), &got); err != nil {
			t.Fatal(err)
		}
		if want := script(page); !reflect.DeepEqual(got, want) || got.Error != nil {
			t.Fatalf("%s: the bundled compiler answers\n%+v\nthe script answers\n%+v", page["file"], got, want)
		}
		before := count()
		for range 3 {
			send(page)
		}
		after := count()
		if after.Calls-before.Calls < 3 {
			t.Errorf("%s compiled 3 times more asked combine-once.mjs %d times: micromark's parse no longer combines its extensions through it",
				page["file"], after.Calls-before.Calls)
		}
		if after.Combinations != before.Combinations {
			t.Errorf("%s compiled 3 times more made %d new combinations of the same extensions, want none", page["file"], after.Combinations-before.Combinations)
		}
	}
}

// A compiler folder reached through a symbolic link (a checkout under a linked home, or macOS's
// /tmp) bundles the wrapper once: esbuild names compile.mjs's own import of combine-once.mjs by
// its real path, so the plugin must too, or micromark's imports go to a second copy of the wrapper
// and compile.mjs's counts read the one nobody calls.
func TestCombineOnceThroughALink(t *testing.T) {
	root := t.TempDir()
	put := func(rel, text string) {
		t.Helper()
		p := filepath.Join(root, "real", rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("node_modules/.package-lock.json", `{"packages": {}}`)
	put("node_modules/micromark-util-combine-extensions/package.json", `{"name": "micromark-util-combine-extensions", "type": "module", "main": "index.js"}`)
	put("node_modules/micromark-util-combine-extensions/index.js", "export function combineExtensions(x) { return { x }; }\n")
	put("node_modules/parser/package.json", `{"name": "parser", "type": "module", "main": "index.js"}`)
	put("node_modules/parser/index.js", "import { combineExtensions } from 'micromark-util-combine-extensions';\nexport const parse = () => combineExtensions([1]);\n")
	put("site/compiler/"+combineOnce, "import { combineExtensions as c } from 'micromark-util-combine-extensions';\n"+
		"let calls = 0;\nexport function combineExtensions(x) { calls++; return c(x); }\nexport const counted = () => calls;\n")
	put("site/compiler/compile.mjs", "import { parse } from 'parser';\nimport { counted } from './combine-once.mjs';\nparse();\nconsole.log(counted());\n")
	if err := os.Symlink(filepath.Join(root, "real"), filepath.Join(root, "link")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	out, err := bundledScript(filepath.Join(root, "link", "site", "compiler", "compile.mjs"))
	if err != nil || out == "" {
		t.Fatalf("bundledScript: %q, %v", out, err)
	}
	said, err := exec.Command("node", out).CombinedOutput()
	if err != nil {
		t.Fatalf("node %s: %v\n%s", out, err, said)
	}
	if got := strings.TrimSpace(string(said)); got != "1" {
		t.Errorf("the wrapper compile.mjs imports counted %s calls of the parser's one: the bundle holds two copies of it", got)
	}
}

// bundledCompiler is the compiler's script and its bundled copy, or skips the test when there is
// no bundle.
func bundledCompiler(t *testing.T) (real, bundled string) {
	t.Helper()
	real, err := filepath.Abs("../../site/mdx-compiler/compile.mjs")
	if err != nil {
		t.Fatal(err)
	}
	bundled, err = bundledScript(real)
	if err != nil || bundled == "" {
		t.Skipf("no bundled compiler (npm's record of the packages is missing?): %q, %v", bundled, err)
	}
	return real, bundled
}
