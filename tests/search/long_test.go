// Tests of the browser's ranking on a small made-up site: a long question is about what most of its
// words say, not about the one word a page's title has (rank.js, W.longWords).

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// longSite has a reference page titled "Steps" that says the question's words in its text, a guide
// titled "Workspace" whose heading says most of the question, and pages that fill the site.
func longSite() *search.Index {
	x := search.New()
	addPage(x, "/docs/steps", "Steps",
		search.Section{Text: "A step is one container of a pipeline. Steps run one after another, and each step runs its commands."},
		search.Section{ID: "fields", Heading: "Fields", Text: "A step has a name, an image and commands. Pass the files a step needs with the image."},
		search.Section{ID: "order", Heading: "Order", Text: "One step starts when the step before it ends, another step after it."})
	addPage(x, "/docs/workspace", "Workspace",
		search.Section{Text: "The folder every container of a build shares."},
		search.Section{ID: "pass", Heading: "Pass files between steps", Text: "A file one step writes is there for another step to read."})
	addGuides(x, "A guide to the server and its settings, with an example.")
	return x
}

// "pass files from one step to another" is the Workspace page's heading "Pass files between
// steps" with its title, not the page titled "Steps" whose text has the question's words more
// often; "steps" alone, a short query, stays the page titled with it.
func TestLongQuestionIsWhatMostOfItsWordsSay(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := longSite()
	if got := firstRoutes(t, x, "pass files from one step to another"); len(got) < 2 || got[0] != "/docs/workspace" {
		t.Errorf("pass files from one step to another: got %v, want /docs/workspace first", got)
	}
	if got := firstRoutes(t, x, "steps"); len(got) == 0 || got[0] != "/docs/steps" {
		t.Errorf("steps: got %v, want /docs/steps first", got)
	}
}

// productSite has the product's name ("Acme") in a tenth of its titles and more (its commands'),
// a page titled with a pipeline key and a guide whose title has two of a question's words.
func productSite() *search.Index {
	x := search.New()
	addPage(x, "/docs/yml/version", "version",
		search.Section{Text: "The version key of a yml pipeline file says which format the file is in."},
		search.Section{ID: "fields", Heading: "Fields", Text: "version is a string; the only value today is 1."})
	addPage(x, "/docs/anchors", "Reuse yml with anchors and merge keys",
		search.Section{Text: "Anchors and merge keys write the settings of a yml file once; the keys of a map merge into another."},
		search.Section{ID: "merge", Heading: "Merge keys", Text: "A merge key copies the keys of an anchor. The version key is not merged."})
	for i := 0; i < 24; i++ {
		addPage(x, fmt.Sprintf("/docs/cli/get%d", i), fmt.Sprintf("acme get thing%d", i),
			search.Section{Text: "Lists the things of a repository, with their names and states."})
	}
	return x
}

// The product's name says nothing of what a question asks: "what is the version key in acme yml"
// is three words long, as it is without "acme", and its first page is the one titled with the key
// (W.longProduct), not the guide whose title holds two of the four words the name made it.
func TestProductNameDoesNotLengthenAQuestion(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := productSite()
	for _, q := range []string{"what is the version key in yml", "what is the version key in acme yml"} {
		if got := firstRoutes(t, x, q); len(got) < 2 || got[0] != "/docs/yml/version" {
			t.Errorf("%s: got %v, want /docs/yml/version first", q, got)
		}
	}
}

// commandSite has the product's name in a tenth of its titles and more (its commands'), a command
// titled "acme approve build" and a guide titled "Approve builds".
func commandSite() *search.Index {
	x := productSite()
	addPage(x, "/docs/cli/approve", "acme approve build",
		search.Section{Text: "Approves a build that waits for an admin."})
	addPage(x, "/docs/approve", "Approve builds",
		search.Section{Text: "A build of a pull request from a fork waits until an admin approves it."},
		search.Section{ID: "who", Heading: "Who approves", Text: "An admin of the repository approves a waiting build."})
	return x
}

// The product's name typed last ("approve a build in acme") says which product the reader means,
// not which page: a command starts with the program's name, so the query is the guide's as it is
// without the name (W.productLast), not the command whose title the name completes. Typed first,
// "acme approve build" is the command.
func TestProductNameTypedLastIsLeftOut(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := commandSite()
	for q, want := range map[string]string{
		"approve a build":         "/docs/approve",
		"approve a build in acme": "/docs/approve",
		"acme approve build":      "/docs/cli/approve",
	} {
		if got := firstRoutes(t, x, q); len(got) < 2 || got[0] != want {
			t.Errorf("%s: got %v, want %s first", q, got, want)
		}
	}
}
