package config

// A docs version's banner and badge, as Docusaurus's versions.<name>.banner and .badge: unset, no
// banner on the latest version or on a site of one version, "unreleased" on a version listed
// before the latest, "unmaintained" after it; a badge on every version of a site of several.

import "testing"

func TestVersionBannersAndBadges(t *testing.T) {
	parse := func(versions string) *Site {
		t.Helper()
		s, err := Parse("docsd.toml", []byte("title = \"T\"\n"+versions))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	one := parse("[[versions]]\nname = \"current\"\nlabel = \"Next\"\nis_last = true\n")
	if v := one.Versions[0]; v.ShownBanner != "" || v.ShownBadge {
		t.Errorf("a site of one version shows banner %q, badge %t", v.ShownBanner, v.ShownBadge)
	}
	four := parse(`[[versions]]
name = "current"
label = "Next"
path = "/docs/next"

[[versions]]
name = "2.0"
path = "/docs"
is_last = true

[[versions]]
name = "1.0"
path = "/docs/1.0"

[[versions]]
name = "0.9"
path = "/docs/0.9"
banner = "none"
badge = false

[[versions]]
name = "0.8"
path = "/docs/0.8"
banner = "unreleased"
`)
	want := map[string]struct {
		banner string
		badge  bool
	}{"current": {"unreleased", true}, "2.0": {"", true}, "1.0": {"unmaintained", true}, "0.9": {"", false}, "0.8": {"unreleased", true}}
	for _, v := range four.Versions {
		if w := want[v.Name]; v.ShownBanner != w.banner || v.ShownBadge != w.badge {
			t.Errorf("version %s: banner %q, badge %t; want %q, %t", v.Name, v.ShownBanner, v.ShownBadge, w.banner, w.badge)
		}
	}
	_, err := Parse("docsd.toml", []byte("title = \"T\"\n\n[[versions]]\nname = \"current\"\nis_last = true\nbanner = \"old\"\n"))
	if want := `docsd.toml:6:1: docs version "current": banner must be unreleased, unmaintained or none, not "old"`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}
