package markdown

import (
	"fmt"
	"testing"
)

// Bulk names the kinds of block a document is made of, largest first, with their counts and the
// line in the file where the largest of each starts (front matter counted).
func TestBulkNamesWhatMakesADocumentLarge(t *testing.T) {
	src := "Intro.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n```yaml\nx: 1\ny: 2\n```\n\n" +
		"```sh\nls\n```\n\n- one\n- two\n- three\n\nEnd.\n"
	d := New().Parse([]byte(src), 4) // three lines of front matter before it
	got := fmt.Sprintf("%+v", d.Bulk())
	// A block spans from its first text to the next block's (a fence line counts with the block
	// before it); a code block starts at its first line of code.
	want := "[{Kind:table Blocks:1 Units:3 Bytes:47 Line:6} {Kind:code Blocks:2 Units:3 Bytes:31 Line:12} " +
		"{Kind:list Blocks:1 Units:3 Bytes:19 Line:20} {Kind:text Blocks:2 Units:0 Bytes:15 Line:4}]"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// A build releases every tree before rendering: a page too large still says what it is made of.
	d.Release()
	if again := fmt.Sprintf("%+v", d.Bulk()); again != want {
		t.Errorf("released: got %s\nwant %s", again, want)
	}
	// Released before it was asked: parsed again once, and only once however often it is asked
	// (once per locale of the page).
	c := New()
	r := c.Parse([]byte(src), 4)
	r.Release()
	before := c.trees.Load()
	for range 3 {
		if again := fmt.Sprintf("%+v", r.Bulk()); again != want {
			t.Errorf("released first: got %s\nwant %s", again, want)
		}
	}
	if parsed := c.trees.Load() - before; parsed != 1 {
		t.Errorf("Bulk parsed the released document %d times, want once", parsed)
	}
}
