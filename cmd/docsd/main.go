// Command docsd builds, serves and (soon) watches the documentation site: see README.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"docsd/internal/oncegc"
	"docsd/pkg/build"
	"docsd/pkg/config"
	"docsd/pkg/devserver"
	"docsd/pkg/emit"
	"docsd/pkg/nodeproc"
	"docsd/pkg/server"
	"docsd/pkg/watch"
)

const usage = `docsd builds the documentation site from content/, docsd.toml and site/.

Usage:
  docsd build --once [--out build]      build the whole site into a folder, then exit
  docsd build [--out build]             build, then keep watching and update the folder incrementally
  docsd watch [--addr 127.0.0.1:3000]   the dev server: rebuilds what an edit affects, updates browsers live
  docsd serve [--dir build] [--addr 127.0.0.1:3000]
                                       serve a finished build with the production URL rules
  docsd links --in links.json --format github [--diff changes.diff]
                                       turn a json link report into another format
  docsd init --from-docusaurus DIR      write docsd.toml for an existing Docusaurus site
  docsd version                        print docsd's version (also docsd --version)

Run "docsd <command> --help" for the flags of a command.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if args[0] == "build" || args[0] == "watch" {
		// A limit that cannot be read is said at once, not replaced by the default in silence.
		if _, err := nodeproc.Limit(os.Getenv); err != nil {
			fmt.Fprintf(stderr, "docsd: %v\n", err)
			return 2
		}
	}
	switch args[0] {
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, version())
		return 0
	case "build":
		return cmdBuild(args[1:], stdout, stderr)
	case "serve":
		return cmdServe(args[1:], stdout, stderr)
	case "watch":
		return cmdWatch(args[1:], stdout, stderr)
	case "links":
		return cmdLinks(args[1:], stdout, stderr)
	case "init":
		return cmdInit(args[1:], stdout, stderr)
	default:
		fmt.Fprintf(stderr, "docsd: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
}

func cmdBuild(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("docsd build", flag.ContinueOnError)
	once := fs.Bool("once", false, "build the whole site once and exit (what CI runs)")
	out := fs.String("out", "build", "folder to write the site to, relative to the current folder (not --root); it is replaced\n"+
		"atomically, and only if it is absent, empty or an earlier build (it holds a "+emit.Marker+" file)")
	root := fs.String("root", ".", "project folder holding docsd.toml, content/ and site/")
	lf := addLinkFlags(fs)
	help := "Usage: docsd build [--once] [--out build] [--root .]\n\nBuilds the static site. With --once it exits; without, it keeps watching and updates the\noutput folder incrementally. Broken links warn on stderr and never fail the build.\n\n" + registryHelp
	if ok, code := parseFlags(fs, args, help, stdout, stderr); !ok {
		return code
	}
	if err := lf.check(); err != nil {
		fmt.Fprintf(stderr, "docsd build: %s\n", err)
		return 2
	}
	if err := checkProject(*root); err != nil {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	// Checked before anything is fetched or built: a build deletes what is at --out.
	siteDir := shellDir(*root)
	target, err := build.OutDir(build.Options{Root: *root, Out: *out, SiteDir: siteDir})
	if err != nil {
		fmt.Fprintf(stderr, "docsd: --out %s\n", err)
		return 2
	}
	fetchRegistry(*root, os.LookupEnv, stdout, stderr)
	if !*once {
		return buildAndWatch(*root, *out, target, siteDir, stdout, stderr)
	}
	start := time.Now()
	oncegc.SetGC()
	res, err := build.Once(build.Options{Root: *root, Out: target, Production: true, SiteDir: siteDir, Sized: oncegc.SetLimit})
	var refused *emit.RefusedError
	if errors.As(err, &refused) {
		fmt.Fprintf(stderr, "docsd: --out %s: %s\n", *out, refused.Reason)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "docsd: build failed, %s is unchanged:\n%s\n", *out, err)
		return 1
	}
	printProblems(res, stderr)
	// The steps in the order they run; any other timing after them, sorted. The parts of site-wide
	// (globals, search, links) stay in res.Timings for benchmarks: the line names steps.
	var names []string
	for name := range res.Timings {
		if name != "globals" && name != "search" && name != "links" {
			names = append(names, name)
		}
	}
	order := []string{"process", "assemble", "bundle", "pages", "site-wide", "emit"}
	rank := func(name string) int {
		if i := slices.Index(order, name); i >= 0 {
			return i
		}
		return len(order)
	}
	sort.Slice(names, func(i, j int) bool {
		if ri, rj := rank(names[i]), rank(names[j]); ri != rj {
			return ri < rj
		}
		return names[i] < names[j]
	})
	var steps []string
	for _, name := range names {
		steps = append(steps, fmt.Sprintf("%s %s", name, res.Timings[name].Round(time.Millisecond)))
	}
	fmt.Fprintf(stdout, "docsd: built %d pages into %s in %s (%s); %d link warnings\n",
		res.Site.Routes.Len(), *out, time.Since(start).Round(time.Millisecond), strings.Join(steps, ", "), len(res.Problems))
	return lf.finish(res, stdout, stderr)
}

func cmdServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("docsd serve", flag.ContinueOnError)
	dir := fs.String("dir", "build", "the built site to serve")
	addr := fs.String("addr", "127.0.0.1:3000", "address to listen on (loopback unless you say otherwise)")
	root := fs.String("root", ".", "project folder holding docsd.toml (for the base path)")
	maxConns := fs.Int("max-conns", 0, "most connections held at once; at the limit the oldest idle one is closed (0: from the open-file limit)")
	help := "Usage: docsd serve [--dir build] [--addr 127.0.0.1:3000] [--max-conns N]\n\nServes a finished build with the production URL rules. Symbolic links that leave the\nfolder are not followed.\n"
	if ok, code := parseFlags(fs, args, help, stdout, stderr); !ok {
		return code
	}
	if err := checkProject(*root); err != nil {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	cfg, err := config.Load(filepath.Join(*root, "docsd.toml"))
	if err != nil {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	if st, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil || st.IsDir() {
		fmt.Fprintf(stderr, "docsd: %s holds no built site; run \"docsd build --once --out %s\" first\n", *dir, *dir)
		return 1
	}
	ln, err := listen(*addr)
	if err != nil {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	srv := server.NewHTTPServer(server.New(server.Dir(*dir), cfg.BasePath), *maxConns)
	fmt.Fprintf(stdout, "docsd: serving %s at http://%s%s\n", *dir, ln.Addr(), cfg.BasePath)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	return 0
}

func cmdWatch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("docsd watch", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:3000", "address to listen on (loopback unless you say otherwise)")
	root := fs.String("root", ".", "project folder holding docsd.toml, content/ and site/")
	trace := fs.Bool("trace", false, "log one line per rebuild: its steps' times, when the open pages were updated, and what Go's collector did meanwhile")
	var allowed []string
	fs.Func("allowed-hosts", "more host `names` to answer, comma-separated or repeated; .example.test allows a domain and its subdomains", func(v string) error {
		allowed = append(allowed, strings.Split(v, ",")...)
		return nil
	})
	help := "Usage: docsd watch [--addr 127.0.0.1:3000] [--root .] [--allowed-hosts names] [--trace]\n\nBuilds the site into memory, serves it, and rebuilds what each edit affects; open pages\nupdate themselves. Errors show in the browser and never stop the server.\n\n" + watchHostsHelp + "\n" + registryHelp
	if ok, code := parseFlags(fs, args, help, stdout, stderr); !ok {
		return code
	}
	// A flag's mistake is said before anything about the project.
	hosts, err := devserver.NewHosts(*addr, allowed)
	if err != nil {
		fmt.Fprintf(stderr, "docsd: --allowed-hosts: %s\n", err)
		return 2
	}
	if err := checkProject(*root); err != nil {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	// Listening first: an address in use is said at once, not after the first build.
	ln, err := listen(*addr)
	if err != nil {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	defer ln.Close()
	fetchRegistry(*root, os.LookupEnv, stdout, stderr)
	start := time.Now()
	// Served while the first build renders: a page asked for renders next (pkg/devserver/first.go).
	dev := devserver.Start(build.Options{Root: *root, Production: true, SiteDir: shellDir(*root)}, stderr)
	dev.Hosts = hosts
	dev.Trace = *trace
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Handler: dev.Handler(), ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	// Watching from the start, so edits made during the first build are not missed; they are
	// rebuilt once it has finished (Watch waits for it).
	watching := make(chan struct{})
	dev.OnWatch = func() { close(watching) }
	watchFailed := make(chan struct{})
	go func() {
		if err := dev.Watch(ctx); err != nil {
			fmt.Fprintf(stderr, "docsd: %s\n", err)
			close(watchFailed)
			stop()
		}
	}()
	built := make(chan error, 1)
	go func() { built <- dev.Wait() }()
	select {
	case err := <-built:
		if err != nil {
			stop()
			dev.Close()
			fmt.Fprintf(stderr, "docsd: the first build failed; fix it and start again:\n%s\n", err)
			return 1
		}
	case <-ctx.Done():
		return 0 // stopped during the first build: the renderers end with this process
	}
	defer dev.Close()
	fmt.Fprintf(stdout, "docsd: built %s in %s\n", plural(dev.Pages(), "page"), time.Since(start).Round(time.Millisecond))
	// "watching" once it is true: a script (or test) that saves a file after this line is seen.
	select {
	case <-watching:
	case <-ctx.Done():
		return watchExit(watchFailed)
	}
	fmt.Fprintf(stdout, "docsd: watching %s, serving at http://%s/docs/\n", *root, ln.Addr())
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	return watchExit(watchFailed)
}

// watchExit is docsd watch's exit code once it stops: 1 when watching the files failed (the error
// is printed already), 0 when it was told to stop.
func watchExit(watchFailed <-chan struct{}) int {
	select {
	case <-watchFailed:
		return 1
	default:
		return 0
	}
}

// watchHostsHelp says which hosts docsd watch answers (pkg/devserver/hosts.go).
const watchHostsHelp = `Against DNS rebinding, it answers only requests for localhost, *.localhost, an IP address, the
host of --addr and the names given with --allowed-hosts (others get 403), and its websocket only
pages of those hosts. Listening on every interface (--addr 0.0.0.0:3000) still answers only these:
open it by IP address, or list the names you use, e.g. --allowed-hosts docs.lan,.example.test
`

// buildAndWatch is docsd build without --once: a full build, then incremental updates of the output
// folder, each file replaced atomically. out is the folder as the user named it, target the folder
// build.OutDir resolved it to.
func buildAndWatch(root, out, target, siteDir string, stdout, stderr io.Writer) int {
	b := build.New(build.Options{Root: root, Out: target, Production: true, SiteDir: siteDir})
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		fmt.Fprintf(stderr, "docsd: build failed, %s is unchanged:\n%s\n", out, err)
		return 1
	}
	var refused *emit.RefusedError
	if err := emit.WriteAtomic(target, res.Files); errors.As(err, &refused) {
		fmt.Fprintf(stderr, "docsd: --out %s: %s\n", out, refused.Reason)
		return 2
	} else if err != nil {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	printProblems(res, stderr)
	fmt.Fprintf(stdout, "docsd: built %d pages into %s; watching for changes\n", res.Site.Routes.Len(), out)
	prev := res.Files
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w, err := watch.New(build.WatchPaths(root, siteDir)...)
	if err != nil {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	defer w.Close()
	go w.Run(ctx)
	for {
		select {
		case <-ctx.Done():
			return 0
		case batch := <-w.Batches:
			if more := build.WatchPathsAfter(root, siteDir, batch.Paths); more != nil {
				if err := w.Add(more...); err != nil {
					fmt.Fprintf(stderr, "docsd: %s\n", err)
				}
			}
			res, err := b.Rebuild(batch.Paths)
			if err != nil {
				fmt.Fprintf(stderr, "docsd: build failed, %s keeps the last good site:\n%s\n", out, err)
				continue
			}
			if err := emit.Update(target, prev, res.Files); err != nil {
				fmt.Fprintf(stderr, "docsd: %s\n", err)
				continue
			}
			prev = res.Files
			printProblems(res, stderr)
			fmt.Fprintf(stdout, "docsd: rebuilt %s, %d changed\n", plural(res.Rendered, "page"), len(res.Changed))
		}
	}
}

// shellDir is the React shell a project builds with: its own site/ folder when it has one (the
// Vela site), else the shell docsd was built from, beside the binary (bin/docsd → ../site): a
// Docusaurus project set up by docsd init has no shell of its own. "" means root/site.
func shellDir(root string) string {
	if st, err := os.Stat(filepath.Join(root, "site")); err == nil && st.IsDir() {
		return ""
	}
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	for _, dir := range []string{filepath.Join(filepath.Dir(exe), "..", "site"), filepath.Join(filepath.Dir(exe), "site")} {
		if st, err := os.Stat(filepath.Join(dir, "src", "entry-server.jsx")); err == nil && !st.IsDir() {
			return filepath.Clean(dir)
		}
	}
	return ""
}

// printProblems prints the files skipped or repaired on reading, then the link problems.
func printProblems(res *build.Result, stderr io.Writer) {
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
	for _, p := range res.Problems {
		fmt.Fprintf(stderr, "warning: %s\n", p)
	}
}
