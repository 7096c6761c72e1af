// Package testnode runs a script of a test's testdata in Node. Tests of the shell's server code
// (pkg/ssr, tests/shell) bundle a small JSX script that imports the modules under test, run it with
// their cases as JSON and read its answers; RunScript is the one way they all do it.
package testnode

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// RunScript bundles file (a script of testdata, .js and .jsx read as JSX) for Node and runs it
// with in as JSON in its arguments, in production mode; it returns what the script wrote.
func RunScript(t testing.TB, file string, in any) []byte {
	t.Helper()
	res := api.Build(api.BuildOptions{
		EntryPoints: []string{file},
		Bundle:      true,
		Platform:    api.PlatformNode,
		Format:      api.FormatCommonJS,
		JSX:         api.JSXAutomatic,
		Loader:      map[string]api.Loader{".js": api.LoaderJSX, ".css": api.LoaderEmpty},
		Define:      map[string]string{"process.env.NODE_ENV": `"production"`},
		LogLevel:    api.LogLevelSilent,
		Write:       false,
		Outfile:     "script.cjs",
	})
	if len(res.Errors) > 0 {
		t.Fatalf("bundling %s: %v", file, res.Errors)
	}
	script := filepath.Join(t.TempDir(), "script.cjs")
	if err := os.WriteFile(script, res.OutputFiles[0].Contents, 0o644); err != nil {
		t.Fatal(err)
	}
	arg, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", script, string(arg))
	cmd.Env = append(os.Environ(), "NODE_ENV=production")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v", file, err)
	}
	return out
}
