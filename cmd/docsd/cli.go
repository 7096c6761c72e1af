// The command line's manners, shared by every command: --help on stdout with flags spelt --flag,
// docsd --version, a project check that suggests --root, an address in use that suggests --addr,
// and counts in the singular when there is one.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
)

// version is what docsd --version prints: the module version when docsd was installed with go
// install at a version, else the commit it was built from, and the Go version.
func version() string {
	v := "(devel)"
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Version != "" && info.Main.Version != "(devel)" {
			v = info.Main.Version
		} else {
			var rev, dirty string
			for _, s := range info.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.modified":
					if s.Value == "true" {
						dirty = "+dirty"
					}
				}
			}
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if rev != "" {
				v = "(devel) " + rev + dirty
			}
		}
	}
	return fmt.Sprintf("docsd %s %s", v, runtime.Version())
}

// parseFlags parses args into fs. --help prints help (the text, then the flags) on stdout and
// returns exit status 0; a wrong flag prints the error and a hint on stderr and returns 2; ok is
// true when the command should run.
func parseFlags(fs *flag.FlagSet, args []string, help string, stdout, stderr io.Writer) (ok bool, code int) {
	fs.SetOutput(stderr) // where the flag package writes a parse error
	fs.Usage = func() {}
	err := fs.Parse(args)
	switch {
	case err == nil:
		return true, 0
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, help)
		printFlags(stdout, fs)
		return false, 0
	}
	fmt.Fprintf(stderr, "Run \"%s --help\" for its flags.\n", fs.Name())
	return false, 2
}

// printFlags lists fs's flags as the user types them, --flag (flag.PrintDefaults writes -flag).
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, "\nFlags:\n")
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		usage = strings.ReplaceAll(usage, "\n", "\n    \t")
		fmt.Fprintf(w, "%s\n    \t%s", line, usage)
		if f.DefValue != "" && f.DefValue != "false" {
			fmt.Fprintf(w, " (default %q)", f.DefValue)
		}
		fmt.Fprintln(w)
	})
}

// checkProject says what to do when root holds no docsd.toml: docsd was run outside a project.
func checkProject(root string) error {
	st, err := os.Stat(filepath.Join(root, "docsd.toml"))
	if err == nil && !st.IsDir() {
		return nil
	}
	abs, aerr := filepath.Abs(root)
	if aerr != nil {
		abs = root
	}
	return fmt.Errorf("no docsd.toml in %s; run docsd in a project folder or pass --root", abs)
}

// listen listens on addr; an address in use gets a message saying what to do.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return nil, fmt.Errorf("%s is already in use (another docsd?); stop it or pass another address, e.g. --addr %s", addr, nextAddr(addr))
	}
	return ln, err
}

// nextAddr suggests the port after addr's.
func nextAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	n, perr := strconv.Atoi(port)
	if err != nil || perr != nil || n <= 0 || n >= 65535 {
		return "127.0.0.1:3001"
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, fmt.Sprint(n+1))
}

// plural writes n and the noun, in the plural unless n is 1 ("1 page", "2 pages").
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
