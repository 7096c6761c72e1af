// Command docsd builds, serves and (soon) watches the documentation site: see README.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"docsd/pkg/build"
	"docsd/pkg/config"
	"docsd/pkg/devserver"
	"docsd/pkg/emit"
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
	switch args[0] {
	case "build":
		return cmdBuild(args[1:], stdout, stderr)
	case "serve":
		return cmdServe(args[1:], stdout, stderr)
	case "watch":
		return cmdWatch(args[1:], stdout, stderr)
	case "links":
		return cmdLinks(args[1:], stdout, stderr)
	default:
		fmt.Fprintf(stderr, "docsd: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
}

func cmdBuild(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("docsd build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	once := fs.Bool("once", false, "build the whole site once and exit (what CI runs)")
	out := fs.String("out", "build", "folder to write the site to; it is replaced atomically")
	root := fs.String("root", ".", "project folder holding docsd.toml, content/ and site/")
	lf := addLinkFlags(fs)
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: docsd build [--once] [--out build] [--root .]\n\nBuilds the static site. With --once it exits; without, it keeps watching and updates the\noutput folder incrementally. Broken links warn on stderr and never fail the build.\n\n"+registryHelp+"\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if err := lf.check(); err != nil {
		fmt.Fprintf(stderr, "docsd build: %s\n", err)
		return 2
	}
	fetchRegistry(*root, os.LookupEnv, stdout, stderr)
	if !*once {
		return buildAndWatch(*root, *out, stdout, stderr)
	}
	start := time.Now()
	res, err := build.Once(build.Options{Root: *root, Out: *out, Production: true})
	if err != nil {
		fmt.Fprintf(stderr, "docsd: build failed, %s is unchanged:\n%s\n", *out, err)
		return 1
	}
	printProblems(res, stderr)
	// The steps in the order they run; any other timing after them, sorted.
	var names []string
	for name := range res.Timings {
		names = append(names, name)
	}
	order := []string{"process", "assemble", "bundle", "markdown", "pages", "site-wide", "emit"}
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
		len(res.Site.Routes), *out, time.Since(start).Round(time.Millisecond), strings.Join(steps, ", "), len(res.Problems))
	return lf.finish(res, stdout, stderr)
}

func cmdServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("docsd serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "build", "the built site to serve")
	addr := fs.String("addr", "127.0.0.1:3000", "address to listen on (loopback unless you say otherwise)")
	root := fs.String("root", ".", "project folder holding docsd.toml (for the base path)")
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: docsd serve [--dir build] [--addr 127.0.0.1:3000]\n\nServes a finished build with the production URL rules.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
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
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	srv := &http.Server{Handler: server.New(os.DirFS(*dir), cfg.BasePath), ReadHeaderTimeout: 10 * time.Second}
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
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:3000", "address to listen on (loopback unless you say otherwise)")
	root := fs.String("root", ".", "project folder holding docsd.toml, content/ and site/")
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: docsd watch [--addr 127.0.0.1:3000] [--root .]\n\nBuilds the site into memory, serves it, and rebuilds what each edit affects; open pages\nupdate themselves. Errors show in the browser and never stop the server.\n\n"+registryHelp+"\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	fetchRegistry(*root, os.LookupEnv, stdout, stderr)
	dev, err := devserver.New(build.Options{Root: *root, Production: true}, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "docsd: the first build failed; fix it and start again:\n%s\n", err)
		return 1
	}
	defer dev.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Handler: dev.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	go func() {
		if err := dev.Watch(ctx); err != nil {
			fmt.Fprintf(stderr, "docsd: %s\n", err)
			stop()
		}
	}()
	fmt.Fprintf(stdout, "docsd: watching %s, serving at http://%s/docs/\n", *root, ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	return 0
}

// buildAndWatch is docsd build without --once: a full build, then incremental updates of the output
// folder, each file replaced atomically.
func buildAndWatch(root, out string, stdout, stderr io.Writer) int {
	b := build.New(build.Options{Root: root, Out: out, Production: true})
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		fmt.Fprintf(stderr, "docsd: build failed, %s is unchanged:\n%s\n", out, err)
		return 1
	}
	if err := emit.WriteAtomic(out, res.Files); err != nil {
		fmt.Fprintf(stderr, "docsd: %s\n", err)
		return 1
	}
	printProblems(res, stderr)
	fmt.Fprintf(stdout, "docsd: built %d pages into %s; watching for changes\n", len(res.Site.Routes), out)
	prev := res.Files
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w, err := watch.New(filepath.Join(root, "content"), filepath.Join(root, "docsd.toml"), filepath.Join(root, "site"))
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
			res, err := b.Rebuild(batch)
			if err != nil {
				fmt.Fprintf(stderr, "docsd: build failed, %s keeps the last good site:\n%s\n", out, err)
				continue
			}
			if err := emit.Update(out, prev, res.Files); err != nil {
				fmt.Fprintf(stderr, "docsd: %s\n", err)
				continue
			}
			prev = res.Files
			printProblems(res, stderr)
			fmt.Fprintf(stdout, "docsd: rebuilt %d pages, %d changed\n", res.Rendered, len(res.Changed))
		}
	}
}

func printProblems(res *build.Result, stderr io.Writer) {
	for _, p := range res.Problems {
		fmt.Fprintf(stderr, "warning: %s\n", p)
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
}
