// Tests of cost.sh's SIZE knob (PRINT prints a page's body): a page of SIZE=k is k copies of the
// one body whose headings stay unique, and the JSX variant keeps one import and one <Admonition>
// a copy, so that the sizes compare like with like.
package mdxbench

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// body is what `PRINT=variant SIZE=size sh cost.sh` prints.
func body(t *testing.T, variant, size string) string {
	t.Helper()
	cmd := exec.Command("sh", "cost.sh")
	cmd.Env = append(os.Environ(), "PRINT="+variant, "SIZE="+size)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("PRINT=%s SIZE=%s cost.sh: %v: %s", variant, size, err, stderr.String())
	}
	return string(out)
}

var heading = regexp.MustCompile(`(?m)^#{1,6} (.*)$`)

func TestSizeRepeatsTheBodyWithUniqueHeadings(t *testing.T) {
	for _, variant := range []string{"md", "jsx"} {
		one := body(t, variant, "1")
		if body(t, variant, "") != one {
			t.Errorf("%s: the default size is not SIZE=1", variant)
		}
		if n := len(heading.FindAllString(one, -1)); n < 2 {
			t.Fatalf("%s: the body has %d headings; the test needs some", variant, n)
		}
		for _, k := range []int{2, 5} {
			page := body(t, variant, fmt.Sprint(k))
			seen := map[string]bool{}
			for _, m := range heading.FindAllStringSubmatch(page, -1) {
				if seen[m[1]] {
					t.Errorf("%s SIZE=%d: heading %q twice", variant, k, m[1])
				}
				seen[m[1]] = true
			}
			// With the copies' numbers taken off their headings, the page is the body k times
			// (the import once, first), a blank line between copies.
			plain := regexp.MustCompile(`(?m)^(#{1,6} .*) [0-9]+$`).ReplaceAllString(page, "$1")
			imp, rest := "", one
			if variant == "jsx" {
				imp, rest, _ = strings.Cut(one, "\n\n")
				imp += "\n\n"
			}
			if want := imp + strings.Repeat(rest+"\n", k-1) + rest; plain != want {
				t.Errorf("%s SIZE=%d: the page is not the body %d times:\n%s", variant, k, k, page)
			}
			if variant == "jsx" {
				if n := strings.Count(page, "<Admonition type="); n != k {
					t.Errorf("jsx SIZE=%d: %d <Admonition> elements, want one a copy", k, n)
				}
				if n := strings.Count(page, "import Admonition"); n != 1 {
					t.Errorf("jsx SIZE=%d: %d imports, want 1", k, n)
				}
			} else if strings.Contains(page, "<Admonition") {
				t.Errorf("md SIZE=%d has JSX", k)
			}
		}
	}
}

// With JSX=once the page's JSX is the first copy's whatever the size: the rest is the Markdown copy.
func TestJSXOnceKeepsOneCopysJSX(t *testing.T) {
	cmd := exec.Command("sh", "cost.sh")
	cmd.Env = append(os.Environ(), "PRINT=jsx", "SIZE=4", "JSX=once")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	page := string(out)
	if n := strings.Count(page, "<Admonition type="); n != 1 {
		t.Errorf("%d <Admonition> elements, want 1", n)
	}
	first := body(t, "jsx", "1")
	md := body(t, "md", "4")
	_, mdRest, _ := strings.Cut(md, "\n## Run a build 2\n")
	if !strings.HasPrefix(page, first) || !strings.HasSuffix(page, mdRest) || strings.Count(page, "## Prepare the machine") != 4 {
		t.Errorf("not the JSX body then three Markdown copies:\n%s", page)
	}
}

func TestSizeMustBeAWholeNumber(t *testing.T) {
	for _, size := range []string{"0", "x", "1.5", "-2"} {
		cmd := exec.Command("sh", "cost.sh")
		cmd.Env = append(os.Environ(), "PRINT=md", "SIZE="+size)
		if out, err := cmd.CombinedOutput(); err == nil {
			t.Errorf("SIZE=%s: cost.sh ran: %s", size, out)
		}
	}
}

// KIND=style keeps each copy's `:::note` and puts before it an element the MDX compiler must read
// (an attribute written as an expression, which pkg/mdx's runs do not take); the Markdown page is
// the same as with the default kind.
func TestKindStyleNeedsTheCompiler(t *testing.T) {
	print := func(variant string) string {
		cmd := exec.Command("sh", "cost.sh")
		cmd.Env = append(os.Environ(), "PRINT="+variant, "SIZE=3", "KIND=style")
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	page := print("jsx")
	if n := strings.Count(page, "Press <kbd style={{color: \"red\"}}>Ctrl</kbd> to stop.\n\n:::note\n"); n != 3 {
		t.Errorf("%d styled elements before a note, want one a copy:\n%s", n, page)
	}
	if strings.Contains(page, "<Admonition") {
		t.Errorf("KIND=style wrote an <Admonition>:\n%s", page)
	}
	if md := print("md"); md != body(t, "md", "3") {
		t.Errorf("KIND=style changed the Markdown page:\n%s", md)
	}
}
