package mdx

import (
	"encoding/json"
	"strings"
	"testing"
)

// jsString's literal must mean what json.Marshal's meant (the string docsd wrote before), be
// valid JSON as well as JavaScript, and leave <, > and & as they are.
func TestJSStringMeansWhatJSONMeant(t *testing.T) {
	cases := []string{"", "plain", `<p class="x">a & b</p>`, "tab\there\nnew\rline", "back\\slash \"quoted\"",
		"\x00\x01\x1f\x7f", "é ü 中文 😀", "line\u2028sep\u2029para", "bad \xff\xfe utf-8 \xe2\x80", "</script><!-- x -->"}
	for _, s := range cases {
		got := jsString(s)
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil {
			t.Errorf("jsString(%q) = %s: not valid JSON: %v", s, got, err)
			continue
		}
		want, _ := json.Marshal(s)
		var wantBack string
		_ = json.Unmarshal(want, &wantBack)
		if back != wantBack {
			t.Errorf("jsString(%q) reads %q, json.Marshal's reads %q", s, back, wantBack)
		}
		if strings.ContainsAny(s, "<>&") && strings.Contains(got, `\u00`) && !strings.ContainsAny(s, "\x00\x01\x1f") {
			t.Errorf("jsString(%q) = %s: escapes HTML characters", s, got)
		}
		if strings.ContainsRune(s, '\u2028') && strings.ContainsRune(got, '\u2028') {
			t.Errorf("jsString(%q) = %s: U+2028 left raw", s, got)
		}
	}
}

func FuzzJSString(f *testing.F) {
	for _, s := range []string{"a<b", "\xff", "\u2029", "\"\\\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var back string
		if err := json.Unmarshal([]byte(jsString(s)), &back); err != nil {
			t.Fatalf("jsString(%q) is not valid JSON: %v", s, err)
		}
		want, _ := json.Marshal(s)
		var wantBack string
		_ = json.Unmarshal(want, &wantBack)
		if back != wantBack {
			t.Fatalf("jsString(%q) reads %q, json.Marshal's reads %q", s, back, wantBack)
		}
	})
}
