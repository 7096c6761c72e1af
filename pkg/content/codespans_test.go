package content

import (
	"reflect"
	"testing"
)

func TestSplitCodeSpans(t *testing.T) {
	type part struct {
		s    string
		code bool
	}
	for line, want := range map[string][]part{
		"plain":                {{"plain", false}},
		"a `x` b":              {{"a ", false}, {"`x`", true}, {" b", false}},
		"``a ` b`` c":          {{"``a ` b``", true}, {" c", false}},
		"open ` never closed":  {{"open ` never closed", false}},
		"`x``y` and ``z``":     {{"`x``y`", true}, {" and ", false}, {"``z``", true}},
		"``unclosed` `closed`": {{"``unclosed", false}, {"` `", true}, {"closed`", false}},
	} {
		var got []part
		SplitCodeSpans(line, func(s string, code bool) { got = append(got, part{s, code}) })
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %v, want %v", line, got, want)
		}
	}
}
