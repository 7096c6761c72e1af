// Tests of the browser's ranking on a small made-up site written in Markdown: a message a reader
// pastes is the page that quotes it.

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/markdown"
	"docsd/pkg/search"
)

// mdIndex is an index of pages written in Markdown, their sections, keys and quotes as pkg/markdown
// makes them for docsd's build (search.PageOf), with the site's action parts set to actions.
func mdIndex(t *testing.T, actions []string) (*search.Index, func(route, title string, crumbs []string, src string)) {
	t.Helper()
	x := search.New()
	terms, err := search.ParseActionParts(actions)
	if err != nil {
		t.Fatal(err)
	}
	x.SetActionParts(terms)
	md := markdown.New()
	return x, func(route, title string, crumbs []string, src string) {
		var secs []search.Section
		for _, s := range md.Parse([]byte(src), 1).Sections() {
			secs = append(secs, search.SectionOf(s))
		}
		x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Crumbs: crumbs, Sections: secs}))
	}
}

// A reader pastes the error a command printed: the page whose troubleshooting quotes it comes
// first (W.quoted, present.js's quotedFirst), though the steps reference has "tag" and "event" in
// its headings and says "provided"; so does the message pasted inside a longer line, or with a
// word left out. Three words of a longer message are no paste of it ("restart a build" stays the
// guide's), a command typed whole stays the command's, though a guide quotes it in a code span
// (typesCommand), and words that are no message stay as the engine ranks them.
func TestPastedMessageIsThePageThatQuotesIt(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x, page := mdIndex(t, []string{"CLI"})
	cli := []string{"CLI"}
	page("/docs/reference/yaml/steps", "steps", []string{"YAML"}, "The steps of a pipeline.\n\n"+
		"## Rules\n\nA rule runs a step for a tag or a branch: `tag` is the tag provided by the tag event.\n\n"+
		"## Events\n\nThe tag event, the push event and the pull request event. The event provided by the source is the event of the build.\n\n"+
		"## Tag\n\nA tag event has a tag; no tag, no tag event.\n")
	page("/docs/reference/cli/pipeline/exec", "vela exec pipeline", cli, "Runs a pipeline on your machine.\n\n"+
		"## Usage\n\n```sh\nvela exec pipeline --tag v1\n```\n\n"+
		"## Troubleshooting\n\n- `no tag provided for tag event`: add `--tag`.\n- `no steps left to run`: every step was skipped.\n")
	page("/docs/usage/start_build", "Start a build", nil, "How builds start.\n\n"+
		"## Restart a build\n\nRestart one with `vela restart build 14` or in the UI.\n")
	verbs := []string{"add", "get", "view", "update", "remove", "restart", "cancel", "approve"}
	nouns := []string{"build", "repo", "secret"}
	page("/docs/reference/cli/build/restart", "vela restart build", cli, "Use vela restart build to restart a build.\n\n"+
		"## Troubleshooting\n\n- `cannot restart a build pending approval`: approve it instead.\n")
	for _, v := range verbs {
		for _, n := range nouns {
			if v == "restart" && n == "build" {
				continue
			}
			page(fmt.Sprintf("/docs/reference/cli/%s/%s", n, v), fmt.Sprintf("vela %s %s", v, n), cli, fmt.Sprintf("Use vela %s %s to %s a %s.\n", v, n, v, n))
		}
	}
	for i := 0; i < 8; i++ {
		page(fmt.Sprintf("/docs/other%d", i), fmt.Sprintf("Other %d", i), nil, "A page about pipelines, events and builds.\n")
	}
	wantFirst(t, x, []struct{ q, want string }{
		{"no tag provided for tag event", "/docs/reference/cli/pipeline/exec"},
		{"FATA[0000] no tag provided for tag event", "/docs/reference/cli/pipeline/exec"},
		{"tag provided for tag event", "/docs/reference/cli/pipeline/exec"},
		{"vela restart build", "/docs/reference/cli/build/restart"},
		{"restart a build", "/docs/usage/start_build"},
		{"cannot restart a build pending approval", "/docs/reference/cli/build/restart"},
		{"tag event rules", "/docs/reference/yaml/steps"},
	})
}
