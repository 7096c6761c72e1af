// This file is docsd's side of the plugin registry fetch (pkg/registry): it runs the fetch once
// before the first build, inside the project, and prints what it did.

package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"docsd/pkg/config"
	"docsd/pkg/registry"
)

// registryHelp is the part of build's and watch's help about the fetch.
const registryHelp = `With DOCSD_GITHUB_TOKEN (or GITHUB_TOKEN) in the environment, the plugin registry pages are
first fetched from each plugin's repository into content/ (DOCSD_GITHUB_API overrides the API
base URL of docsd.toml); on any failure the committed page stays, with a warning. Without a
token the committed pages are used, which is all a writer needs.
`

// fetchRegistry is the step docsd build and docsd watch run once, before their first build reads
// content/: with a token in the environment it replaces the plugin registry pages by the plugins'
// own documentation (DESIGN.md §7). It never fails the command; the committed pages are the
// fallback and every problem is a warning. Rebuilds do not run it again, so an edit never waits on
// the network.
func fetchRegistry(root string, lookupEnv func(string) (string, bool), stdout, stderr io.Writer) {
	cfg, err := config.Load(filepath.Join(root, "docsd.toml"))
	if err != nil {
		return // the build reports the configuration error with its line and column
	}
	// No signal handler here: Ctrl-C during the fetch ends docsd at once, which is safe because
	// every page is replaced by a rename, and the overall time-out bounds the wait anyway.
	ctx := context.Background()
	// Root is the project, not content/: a registry folder linked elsewhere in the project is fine,
	// one linked outside it is refused.
	f := &registry.Fetcher{Client: registry.NewClient(), LookupEnv: lookupEnv, Now: time.Now, Root: root}
	start := time.Now()
	rep := f.Run(ctx, cfg.Registry, cfg.Content(root))
	reportRegistry(rep, cfg.Registry.Ref, time.Since(start), stdout, stderr)
}

// reportRegistry prints what the fetch did. Its text is already redacted by pkg/registry.
func reportRegistry(rep registry.Report, ref string, took time.Duration, stdout, stderr io.Writer) {
	for _, w := range rep.Warnings {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
	if rep.Info != "" {
		fmt.Fprintf(stdout, "docsd: %s\n", rep.Info)
	}
	if rep.Skipped {
		return
	}
	fmt.Fprintf(stdout, "docsd: registry: %d plugin pages fetched from %s at %s (%d written, %d unchanged, %d kept after a warning) in %s\n",
		len(rep.Written)+len(rep.Unchanged), rep.API, ref, len(rep.Written), len(rep.Unchanged), len(rep.Warnings),
		took.Round(time.Millisecond))
}
