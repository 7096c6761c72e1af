package mdx

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// Every expression jsexpr.go reads is valid JavaScript in a module, as esbuild reads it: generated
// expressions, and the same with a token or character changed, which makes many invalid.
func TestJSExpressionIsValidJavaScript(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 1))
	names := []string{"a", "list", "Card", "$x", "undefined", "this", "null", "true", "x1"}
	atoms := []string{"0", "1.5", "42", `"s"`, "'it\\'s'", `"é"`, "''", "`tpl`"}
	binary := []string{"+", "-", "*", "%", "===", "!==", "==", "!=", ">", ">=", "&&", "||", "??"}
	var gen func(depth int) string
	gen = func(depth int) string {
		if depth > 3 {
			return names[r.IntN(len(names))]
		}
		switch r.IntN(12) {
		case 0:
			return atoms[r.IntN(len(atoms))]
		case 1:
			return gen(depth+1) + " " + binary[r.IntN(len(binary))] + " " + gen(depth+1)
		case 2:
			return []string{"!", "-", "+", "typeof "}[r.IntN(4)] + gen(depth+1)
		case 3:
			return gen(depth+1) + " ? " + gen(depth+1) + " : " + gen(depth+1)
		case 4:
			return "(" + []string{"", "a", "a, b", "b,"}[r.IntN(4)] + ") =>" + []string{" ", "\n"}[r.IntN(2)] + gen(depth+1)
		case 5:
			return "[" + gen(depth+1) + ", ..." + gen(depth+1) + []string{"", ","}[r.IntN(2)] + "]"
		case 6:
			return "{" + []string{"a: ", "'k-y': ", "3: ", "class: ", "...", ""}[r.IntN(6)] + gen(depth+1) + ", list}"
		case 7:
			return gen(depth+1) + []string{".b", "?.c", "[0]", "?.[1]", "(x)", "?.()", "(...a, b,)"}[r.IntN(7)]
		case 8:
			return "(" + gen(depth+1) + ")"
		case 9:
			return "x =>" + gen(depth+1)
		default:
			return names[r.IntN(len(names))]
		}
	}
	marks := []string{"=", "<", "/", "`", "{", "}", "(", ")", ",", ";", "**", "++", "=>", "?.", ".", "\n", "07", "let", "_a", "é", "\\"}
	read, tried := 0, 0
	for range 8000 {
		src := gen(0)
		if r.IntN(3) == 0 {
			// Changed at a random place: a mark put in, or a character taken out.
			at := r.IntN(len(src) + 1)
			if r.IntN(2) == 0 {
				src = src[:at] + marks[r.IntN(len(marks))] + src[at:]
			} else if at < len(src) {
				src = src[:at] + src[at+1:]
			}
		}
		tried++
		if !jsExpression(src) {
			continue
		}
		read++
		res := api.Transform("export default (\n"+src+"\n);", api.TransformOptions{Loader: api.LoaderJS, Format: api.FormatESModule})
		if len(res.Errors) > 0 {
			t.Fatalf("read as an expression, but esbuild says %q:\n%s", res.Errors[0].Text, src)
		}
	}
	if read < tried/3 || read > tried*19/20 {
		t.Errorf("%d of %d expressions read: the generator no longer tests both sides", read, tried)
	}
	t.Logf("%d of %d expressions read", read, tried)
}

// What the subset refuses, each for its reason (these go to the MDX compiler).
func TestJSExpressionRefuses(t *testing.T) {
	for _, src := range []string{"", " ", "a, b", "a = 1", "a += 1", "a++", "--a", "`a${b}`", "tag`x`", "\"\xff\"", "a\xff", "{`a`: 1}", "`a\nb`", "`{`", "a < b", "/x/", "a / b", "a /* c */", "a ?? b || c",
		"let", "07", "1.", ".5", "1e3", "0x1", "3in", `'\u0041'`, `"a\` + "\n" + `b"`, "(a, a) => 1", "x\n=> 1", "() => {}", "async () => 1",
		"{a() {}}", "{get a() {}}", "{__proto__: a}", "_x", "eval", "arguments", "new A()", "a in b", "-x ** 2", "a >> 1", "<b />",
		"a ? b", "(a, b)", "[a,,b]", "{true}", "é", "a.", "a?.1", "yield", "await x", "MDXLayout", "'a{'", `"a}"`,
		// The compiler fails on these (MDX unwraps one level of parentheses; its parser and printer
		// recurse), or prints them so that they read otherwise ((a?.b).c as a?.b.c).
		"((a))", "f(((a)))", "x => ((x))", "{k: ((a))}", "(((a) + b))", "(a?.b).c", "(a?.b)[0]", "(a?.b)()", "(f?.(x))(y)", "(a?.()).b",
		strings.Repeat("[", 100) + strings.Repeat("]", 100), strings.Repeat("a + ", 2000) + "a", strings.Repeat("!", 2000) + "a"} {
		if jsExpression(src) {
			t.Errorf("%q read as an expression of the subset", src)
		}
	}
	for _, src := range []string{"a", " Card ", "{float: 'right', margin: '0 0 1em 1em'}", `c.getTabs(["ios", "web"])`, "() => Alert.alert('done')",
		"[styles.ball, {opacity}]", `{"max-height": "600px" }`, "a ? 0.5 : 1", "x => x?.y?.[0]", "{...a, b: [1, ...c,],}", "!(a && b) ?? c", "(a)", "((a) + (b))", "`t`", "`it's \\`ok\\``", "(a?.b)?.c", "(a.b).c", "((x) => x)",
		"[" + strings.Repeat("'item', ", 300) + "]"} {
		if !jsExpression(src) {
			t.Errorf("%q not read", src)
		}
	}
}
