package config

import "testing"

// A wrong type or an unknown key in docsd.toml names the key as written, where it is, and what it
// must be (or the key that was probably meant), not Go's struct fields.
func TestConfigErrorsNameTheKey(t *testing.T) {
	for _, c := range []struct{ toml, want string }{
		{"title = 5\n", "docsd.toml:1:9: `title` must be a string (in quotes), not a number"},
		{"[navbar]\nhide_on_scroll = \"yes\"\n", "docsd.toml:2:18: `navbar.hide_on_scroll` must be true or false, not a string"},
		{"[[locales]]\ncode = \"en\"\ndefault = \"yes\"\n", "docsd.toml:3:11: `locales.default` must be true or false, not a string"},
		{"titel = \"x\"\n", `docsd.toml:1:1: unknown key "titel" (did you mean "title"?)`},
		{"[navbar]\nhide_on_scrol = true\n", `docsd.toml:2:1: unknown key "navbar.hide_on_scrol" (did you mean "hide_on_scroll"?)`},
		{"[search]\nzzz = 1\n", `docsd.toml:2:1: unknown key "search.zzz"`},
	} {
		_, err := Parse("docsd.toml", []byte(c.toml))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %s", c.toml, err, c.want)
		}
	}
}
