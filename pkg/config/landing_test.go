package config

import (
	"strings"
	"testing"
)

const landingBase = "title = \"T\"\n[[sidebars]]\nid = \"usage\"\ndir = \"usage\"\n"

// The landing page's buttons and cards come from docsd.toml, in order, with what each opens.
func TestLandingIsRead(t *testing.T) {
	s, err := Parse("docsd.toml", []byte(landingBase+`
[[landing.actions]]
label = "Get started"
sidebar = "usage"

[[landing.actions]]
label = "Blog"
to = "/blog"

[[landing.cards]]
label = "Use"
text = "Write pipelines."
sidebar = "usage"
`))
	if err != nil {
		t.Fatal(err)
	}
	want := Landing{
		Actions: []LandingLink{{Label: "Get started", Sidebar: "usage"}, {Label: "Blog", To: "/blog"}},
		Cards:   []LandingLink{{Label: "Use", Text: "Write pipelines.", Sidebar: "usage"}},
	}
	if len(s.Landing.Actions) != 2 || s.Landing.Actions[0] != want.Actions[0] || s.Landing.Actions[1] != want.Actions[1] ||
		len(s.Landing.Cards) != 1 || s.Landing.Cards[0] != want.Cards[0] {
		t.Errorf("landing %+v, want %+v", s.Landing, want)
	}
}

// A landing button or card without a label, or opening nothing or a sidebar that does not exist,
// is an error naming the line.
func TestLandingMistakesNameTheLine(t *testing.T) {
	for _, c := range []struct{ toml, want string }{
		{"[[landing.actions]]\nsidebar = \"usage\"\n", "docsd.toml:5:1: [[landing.actions]] number 1 needs a label"},
		{"[[landing.cards]]\nlabel = \"Use\"\n", `docsd.toml:6:1: [[landing.cards]] "Use" needs sidebar or to`},
		{"[[landing.cards]]\nlabel = \"Use\"\nsidebar = \"usage\"\nto = \"/x\"\n", `docsd.toml:6:1: [[landing.cards]] "Use" has both sidebar and to; give one`},
		{"[[landing.actions]]\nlabel = \"Install\"\nsidebar = \"installation\"\n", `docsd.toml:7:1: [[landing.actions]] "Install" names sidebar "installation", which is not defined in [[sidebars]]`},
	} {
		_, err := Parse("docsd.toml", []byte(landingBase+c.toml))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %s", c.toml, err, c.want)
		}
	}
}
