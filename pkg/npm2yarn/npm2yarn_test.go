package npm2yarn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// script is the shell's converter, with npm-to-yarn from the repository's node_modules.
func script(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs("../../site/tools/npm2yarn.mjs")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The answers are npm-to-yarn's, as Docusaurus's plugin shows them; a second ask is remembered,
// and a closed converter starts again.
func TestConvertGivesNpmToYarnsCommands(t *testing.T) {
	c := New(script(t))
	defer c.Close()
	for _, tc := range []struct{ code, to, want string }{
		{"npm install --save-dev jest\n", "yarn", "yarn add --dev jest\n"},
		{"npm install --save-dev jest\n", "pnpm", "pnpm add --save-dev jest\n"},
		{"npm run build\nnpm i -g foo\n", "yarn", "yarn build\nyarn global add foo\n"},
		{"npm install --save-dev jest\n", "bun", "bun add --dev jest\n"},
	} {
		got, err := c.Convert(tc.code, tc.to)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("Convert(%q, %s) = %q, want %q", tc.code, tc.to, got, tc.want)
		}
	}
	if len(c.cache) != 4 {
		t.Errorf("%d answers remembered, want 4", len(c.cache))
	}
	c.Close()
	if got, err := c.Convert("npm install\n", "yarn"); err != nil || got != "yarn install\n" {
		t.Errorf("after Close: %q, %v", got, err)
	}
}

func TestConvertRefusesAnUnknownManager(t *testing.T) {
	c := New(script(t))
	defer c.Close()
	if _, err := c.Convert("npm i x\n", "npx"); err == nil || !strings.Contains(err.Error(), `"npx" is not a package manager`) {
		t.Errorf("err = %v", err)
	}
	if c.proc != nil {
		t.Error("a process was started for a request that needs none")
	}
}

// A converter that cannot load npm-to-yarn says why (Node's own message), and one that stops
// answering is stopped once the limit passes.
func TestConvertSaysWhyTheConverterFailed(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.mjs")
	if err := os.WriteFile(broken, []byte("import convert from 'no-such-package-docsd';\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := New(broken)
	defer c.Close()
	if _, err := c.Convert("npm i x\n", "yarn"); err == nil || !strings.Contains(err.Error(), "no-such-package-docsd") {
		t.Errorf("err = %v, want Node's message naming the package", err)
	}
	silent := filepath.Join(dir, "silent.mjs")
	if err := os.WriteFile(silent, []byte("process.stdin.resume();\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c = New(silent)
	c.SetLimit(50 * time.Millisecond)
	defer c.Close()
	if _, err := c.Convert("npm i x\n", "yarn"); err == nil || !strings.Contains(err.Error(), "gave no answer") {
		t.Errorf("err = %v, want the limit's", err)
	}
	if c.proc != nil {
		t.Error("the silent process is still kept")
	}
}
