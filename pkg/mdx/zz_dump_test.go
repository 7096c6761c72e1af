package mdx

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestZZDump(t *testing.T) {
	script, _ := filepath.Abs("../../site/mdx-compiler/compile.mjs")
	c := NewCompiler(script)
	defer c.Close()
	raw, _ := os.ReadFile(os.Getenv("ZZ"))
	for _, src := range strings.Split(string(raw), "=====\n") {
		n := len(regexp.MustCompile(`<tokrun\d+ />`).FindAllString(src, -1))
		a, err := c.call(request{File: "a.mdx", Source: src, FirstLine: 1, Token: "tok", Page: true, Runs: n})
		fmt.Printf("----- SOURCE\n%s----- JS (err %v, inJSX %v, missing %v, aerr %+v, links %v)\n%s\n", src, err, a.RunsInJSX, a.RunsMissing, a.Error, a.Links, a.JS)
	}
}
