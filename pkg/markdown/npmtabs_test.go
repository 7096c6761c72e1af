package markdown

import (
	"errors"
	"strings"
	"testing"

	"docsd/internal/testhtml"
)

// fakeManagers converts as npm-to-yarn would for the commands the tests use, and counts its calls.
type fakeManagers struct {
	calls int
	fail  error
}

func (f *fakeManagers) Convert(code, to string) (string, error) {
	f.calls++
	if f.fail != nil {
		return "", f.fail
	}
	return strings.ReplaceAll(code, "npm install", to+" add"), nil
}

// The blocks Docusaurus's plugin makes tabs of: a language, then only the word npm2yarn.
func TestNpm2YarnInfo(t *testing.T) {
	for info, want := range map[string]bool{
		"bash npm2yarn": true, "sh   npm2yarn": true, "bash\tnpm2yarn": true, "bash npm2yarn\r": true,
		"npm2yarn": false, "bash": false, "bash npm2yarn title=\"x\"": false, "bash title=\"x\" npm2yarn": false,
		" npm2yarn": false, "bash npm2yarnx": false, "": false,
	} {
		if got := Npm2YarnInfo(info); got != want {
			t.Errorf("Npm2YarnInfo(%q) = %v, want %v", info, got, want)
		}
	}
}

// With [markdown] npm2yarn set, a block marked npm2yarn is a form of radio buttons, npm's chosen,
// and a panel per package manager holding the converted commands as a code block of the same
// language with its Copy button; other blocks, and every block without the setting, are as before.
// Markdown pages and MDX pages' fences (CodeHighlighter) write the same.
func TestNpm2YarnBlockIsTabs(t *testing.T) {
	src := "Install it:\n\n```bash npm2yarn\nnpm install made-up\n```\n\n```bash\nnpm install plain\n```\n"
	conv := New()
	plain, err := conv.Parse([]byte(src), 1).RenderString(nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain, "code-tabs") || strings.Count(plain, `class="code-block`) != 2 {
		t.Fatalf("without the setting, the blocks are not two plain code blocks:\n%s", plain)
	}
	pm := &fakeManagers{}
	conv.Highlights().SetNpm2Yarn(pm, []string{"yarn", "pnpm"})
	got, err := conv.Parse([]byte(src), 1).RenderString(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<form class="code-tabs"><div class="tabs search-skip" role="radiogroup" aria-label="Package manager">`,
		`<label class="tab"><input type="radio" name="package-manager" value="npm" checked />npm</label>`,
		`<label class="tab"><input type="radio" name="package-manager" value="yarn" />Yarn</label>`,
		`<label class="tab"><input type="radio" name="package-manager" value="pnpm" />pnpm</label></div>`,
		`<div class="tab-panel" data-package-manager="npm"><div class="code-block language-bash">`,
		`<div class="tab-panel search-skip" data-package-manager="yarn"><div class="code-block language-bash">`,
		`<div class="tab-panel search-skip" data-package-manager="pnpm"><div class="code-block language-bash">`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the tabs lack\n%s\nin:\n%s", want, got)
		}
	}
	for _, cmd := range []string{"npm install made-up", "yarn add made-up", "pnpm add made-up", "npm install plain"} {
		if !strings.Contains(testhtml.Text(got), cmd) {
			t.Errorf("%q is not shown:\n%s", cmd, got)
		}
	}
	if strings.Count(got, "copy-button") != 4 || strings.Count(got, "<form") != 1 || pm.calls != 2 {
		t.Errorf("%d Copy buttons (want 3 panels and the plain block), %d forms, %d conversions:\n%s", strings.Count(got, "copy-button"), strings.Count(got, "<form"), pm.calls, got)
	}
	hl := NewCodeHighlighterSharing(conv.Highlights())
	fence, err := hl.HTML("bash npm2yarn", "npm install made-up\n")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, fence) {
		t.Errorf("an MDX page's fence is written otherwise:\n%s\nnot in\n%s", fence, got)
	}
	conv.Highlights().SetNpm2Yarn(nil, nil)
	if again, _ := conv.Parse([]byte(src), 1).RenderString(nil); again != plain {
		t.Errorf("the setting taken away, the page is not as before:\n%s", again)
	}
}

// A conversion that fails is the page's error, not a block silently left as npm's.
func TestNpm2YarnConversionErrorFailsThePage(t *testing.T) {
	conv := New()
	conv.Highlights().SetNpm2Yarn(&fakeManagers{fail: errors.New("npm2yarn: the converter stopped: boom")}, []string{"yarn"})
	if _, err := conv.Parse([]byte("```sh npm2yarn\nnpm install x\n```\n"), 1).RenderString(nil); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("err = %v", err)
	}
	if _, err := NewCodeHighlighterSharing(conv.Highlights()).HTML("sh npm2yarn", "npm install x\n"); err == nil {
		t.Error("the MDX fence's error is lost")
	}
}
