package links_test

import (
	"fmt"
	"testing"

	"docsd/pkg/build"
	"docsd/pkg/links"
)

// A check asks Input.Stop before each page: once it says true, Run stops and returns nil; one that
// never says so changes nothing of the report.
func TestStopEndsTheCheck(t *testing.T) {
	b := build.New(build.Options{Root: "../../testdata/sites/broken", SiteDir: "../../site", Production: true})
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	in := links.Input{Site: res.Site}
	want := links.Run(in)
	asked := 0
	in.Stop = func() bool { asked++; return false }
	got := links.Run(in)
	if got == nil {
		t.Fatal("a check whose Stop never said true returned nil")
	}
	if fmt.Sprint(got.Problems) != fmt.Sprint(want.Problems) || fmt.Sprint(got.Checked) != fmt.Sprint(want.Checked) {
		t.Errorf("a Stop that says false changed the report:\n%v\nwant\n%v", got.Problems, want.Problems)
	}
	if asked < len(want.Checked) {
		t.Errorf("Stop was asked %d times for %d pages, want at least once a page", asked, len(want.Checked))
	}
	if len(want.Checked) < 3 {
		t.Fatalf("the fixture has %d pages: too few to stop in the middle", len(want.Checked))
	}
	for _, after := range []int{0, 2, asked - 1} {
		n := 0
		in.Stop = func() bool { n++; return n > after }
		if r := links.Run(in); r != nil {
			t.Errorf("Stop said true at its call %d: Run returned a report of %d pages, want nil", after+1, len(r.Checked))
		}
	}
}
