package bundle

import "testing"

// hasRequireCall answers as the expression does, with the word's quick test in front of it.
func TestHasRequireCall(t *testing.T) {
	for _, js := range []string{
		"", "no call here", `const v = require("./a.mp4");`, "x = require (\n'./b.png').default",
		"required(1)", "notrequire(1)", "_require(1)", "require", "require.resolve", "a.require(1)",
		`"<p>require me</p>" + require\t(x)`, "requirement (x)",
	} {
		if got, want := hasRequireCall(js), requireCall.MatchString(js); got != want {
			t.Errorf("hasRequireCall(%q) = %v, the expression says %v", js, got, want)
		}
	}
	if !hasRequireCall(`src: require("@site/static/v.mp4").default`) {
		t.Error("a require() call is not found")
	}
}
