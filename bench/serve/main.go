// Command serve measures docsd serve against nginx, as a benchmark (not a test): the same build,
// the same pages, both on loopback, with a bounded load generator in this process (a fixed number
// of keep-alive requests from a fixed number of connections, gzip accepted). Runs alternate
// between the two servers, round after round, and the table gives medians, the ratio of docsd's
// requests per second to nginx's, and docsd's memory; a last case sends ten concurrent requests of
// a 120 MB page to docsd and reports its peak memory. With -record it writes the table into
// BENCHMARKS.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"docsd/bench/internal/benchenv"
)

func main() {
	bin := flag.String("docsd", "bin/docsd", "the docsd binary")
	nginx := flag.String("nginx", "/usr/sbin/nginx", "the nginx binary")
	from := flag.String("dir", "", "an existing build to serve (hard-linked into .bench/); default: build the site")
	conns := flag.Int("conns", 32, "concurrent keep-alive connections")
	requests := flag.Int("requests", 50000, "most requests per run")
	dur := flag.Duration("duration", 5*time.Second, "longest run (a run ends at -requests or -duration)")
	rounds := flag.Int("rounds", 5, "runs per server and page; the table gives medians")
	bigMB := flag.Int("big", 120, "size of the big page in MB (0: skip that case)")
	record := flag.Bool("record", false, "write the table into BENCHMARKS.md")
	flag.Parse()
	if err := run(*bin, *nginx, *from, *conns, *requests, *dur, *rounds, *bigMB, *record); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// run is the benchmark; it returns its errors so that the servers it started are stopped.
func run(bin, nginxBin, from string, conns, requests int, dur time.Duration, rounds, bigMB int, record bool) error {
	// Everything goes inside the repository's .bench/ (ignored by git).
	if err := os.MkdirAll(".bench", 0o755); err != nil {
		return err
	}
	work, err := os.MkdirTemp(".bench", "serve-")
	if err != nil {
		return err
	}
	work, _ = filepath.Abs(work)
	defer os.RemoveAll(work)
	// nginx's workers run as nobody: they must be able to enter the folder.
	if err := os.Chmod(work, 0o755); err != nil {
		return err
	}
	www := filepath.Join(work, "www")
	docs := filepath.Join(www, "docs") // nginx's root holds the build under docs/
	if from == "" {
		if out, err := exec.Command(bin, "build", "--once", "--out", docs).CombinedOutput(); err != nil {
			return fmt.Errorf("building the site: %v\n%s", err, out)
		}
	} else if err := linkTree(from, docs); err != nil {
		return err
	}

	docsdAddr, nginxAddr := freePort(), freePort()
	docsd := exec.Command(bin, "serve", "--dir", docs, "--addr", docsdAddr)
	docsd.Stderr = os.Stderr
	if err := docsd.Start(); err != nil {
		return err
	}
	defer stop(docsd)
	ng, err := startNginx(nginxBin, work, www, nginxAddr)
	if err != nil {
		return err
	}
	defer stop(ng)
	for _, addr := range []string{docsdAddr, nginxAddr} {
		if err := waitListen(addr); err != nil {
			return err
		}
	}

	pages := []string{"/docs/", "/docs/usage/quickstart", "/docs/reference/sdk/go", "/docs/assets/" + largest(filepath.Join(docs, "assets"), ".js")}
	type runs struct {
		docsd, nginx []result
		ratios       []float64 // docsd / nginx, per round
	}
	all := map[string]*runs{}
	for _, p := range pages {
		all[p] = &runs{}
	}
	loadBefore := benchenv.LoadAverage()
	rssBefore := benchenv.ProcStatus(docsd.Process.Pid, "VmRSS")
	for round := range rounds {
		for _, p := range pages {
			// Each round changes which server goes first, so neither always runs on a warmer machine.
			order := []string{docsdAddr, nginxAddr}
			if round%2 == 1 {
				order[0], order[1] = order[1], order[0]
			}
			for _, addr := range order {
				r, err := load("http://"+addr+p, conns, requests, dur, dur+time.Minute)
				if err != nil {
					return fmt.Errorf("%s%s: %w", addr, p, err)
				}
				if addr == docsdAddr {
					all[p].docsd = append(all[p].docsd, r)
				} else {
					all[p].nginx = append(all[p].nginx, r)
				}
			}
			rs := all[p]
			d, n := rs.docsd[len(rs.docsd)-1], rs.nginx[len(rs.nginx)-1]
			rs.ratios = append(rs.ratios, d.rate()/n.rate())
			fmt.Fprintf(os.Stderr, "round %d %s: docsd %.0f req/s, nginx %.0f req/s\n", round+1, p, d.rate(), n.rate())
		}
	}
	rssAfter, hwm := benchenv.ProcStatus(docsd.Process.Pid, "VmRSS"), benchenv.ProcStatus(docsd.Process.Pid, "VmHWM")

	var b strings.Builder
	fmt.Fprintf(&b, "| page (gzip accepted) | size sent (docsd / nginx) | docsd req/s | nginx req/s | docsd / nginx (median of the rounds' ratios) | docsd p50 / p99 | nginx p50 / p99 |\n|---|---|---|---|---|---|---|\n")
	for _, p := range pages {
		d, n := median(all[p].docsd), median(all[p].nginx)
		sort.Float64s(all[p].ratios)
		fmt.Fprintf(&b, "| `%s` | %.1f / %.1f KB | %.0f | %.0f | %.2f | %s / %s | %s / %s |\n", shorten(p), float64(d.bodyBytes)/1024, float64(n.bodyBytes)/1024,
			d.rate(), n.rate(), all[p].ratios[len(all[p].ratios)/2], ms(d.p(50)), ms(d.p(99)), ms(n.p(50)), ms(n.p(99)))
	}
	fmt.Fprintf(&b, "\ndocsd's memory: %s resident before the load, %s after, peak %s.\n", mb(rssBefore), mb(rssAfter), mb(hwm))
	if bigMB > 0 {
		line, err := bigPage(docsd.Process.Pid, docsdAddr, docs, bigMB)
		if err != nil {
			return err
		}
		b.WriteString(line)
	}
	table := b.String()
	fmt.Print(table)
	if record {
		section := fmt.Sprintf("Measured %s on this machine (%s) with `make bench-serve` (`go run ./bench/serve -record`): "+
			"the same build served by `docsd serve` and by nginx %s (`deploy/nginx/nginx.conf` with `deploy/nginx/docsd.conf`, `worker_processes auto`, access log off) on loopback. "+
			"The load generator runs in the benchmark's process on the same cores: %d keep-alive connections sending requests with `Accept-Encoding: gzip` for %s or %d requests per run, whichever comes first, "+
			"the two servers alternating, %d runs each; medians. Load average (1 min) %s at the start, %s at the end: whatever else the machine does slows both servers, which is why the ratios are measured in the same run.\n\n%s",
			time.Now().UTC().Format("2006-01-02"), benchenv.Machine(), nginxVersion(nginxBin), conns, dur, requests, rounds, loadBefore, benchenv.LoadAverage(), table)
		if err := benchenv.RecordSection("BENCHMARKS.md", "serve", "Serve", section); err != nil {
			return err
		}
	}
	return nil
}

// result is one run of the load generator.
type result struct {
	requests  int
	elapsed   time.Duration
	latencies []time.Duration // sorted
	bodyBytes int64           // of one answer
}

func (r result) rate() float64 { return float64(r.requests) / r.elapsed.Seconds() }

func (r result) p(q int) time.Duration {
	return r.latencies[min(len(r.latencies)-1, len(r.latencies)*q/100)]
}

func median(rs []result) result {
	sort.Slice(rs, func(i, j int) bool { return rs[i].rate() < rs[j].rate() })
	return rs[len(rs)/2]
}

// load sends GETs of url over conns keep-alive connections and times each, until total are sent
// or for the duration dur, whichever comes first; every answer must be a 200 with the body's full
// length, within limit.
func load(url string, conns, total int, dur, limit time.Duration) (result, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	var bodyBytes atomic.Int64
	get := func() error {
		req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		n, err := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err != nil {
			return err
		}
		if resp.StatusCode != 200 || (resp.ContentLength >= 0 && n != resp.ContentLength) {
			return fmt.Errorf("%s, %d of %d bytes", resp.Status, n, resp.ContentLength)
		}
		bodyBytes.Store(n)
		return nil
	}
	// Warm up: open the connections and let the server fill its caches.
	if _, err := fanOut(conns, conns*4, time.Time{}, func(int) error { return get() }); err != nil {
		return result{}, err
	}
	lat := make([]time.Duration, total)
	start := time.Now()
	n, err := fanOut(conns, total, start.Add(dur), func(i int) error {
		t := time.Now()
		err := get()
		lat[i] = time.Since(t)
		return err
	})
	elapsed := time.Since(start)
	if err != nil {
		return result{}, err
	}
	lat = lat[:n]
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	return result{requests: n, elapsed: elapsed, latencies: lat, bodyBytes: bodyBytes.Load()}, nil
}

// fanOut runs do(0..total-1) on workers goroutines, starting none after stop (unless it is zero),
// and returns how many it ran and the first error.
func fanOut(workers, total int, stop time.Time, do func(i int) error) (int, error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				if !stop.IsZero() && time.Now().After(stop) {
					return
				}
				i := int(next.Add(1)) - 1
				if i >= total {
					return
				}
				if err := do(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	return min(int(next.Load()), total), first
}

// bigPage writes a page of size MB made of the quickstart page repeated, sends docsd ten
// concurrent requests of it and reports docsd's peak memory while they run.
func bigPage(pid int, addr, docs string, size int) (string, error) {
	unit, err := os.ReadFile(filepath.Join(docs, "usage", "quickstart.html"))
	if err != nil {
		return "", err
	}
	f, err := os.Create(filepath.Join(docs, "big.html"))
	if err != nil {
		return "", err
	}
	for written := 0; written < size<<20; written += len(unit) {
		if _, err := f.Write(unit); err != nil {
			f.Close()
			return "", err
		}
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	before := benchenv.ProcStatus(pid, "VmRSS")
	// Writing 5 to clear_refs resets the peak (VmHWM) of a process to its current resident size.
	if err := os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0o644); err != nil {
		return "", fmt.Errorf("resetting docsd's peak memory: %w", err)
	}
	r, err := load("http://"+addr+"/docs/big", 10, 10, 10*time.Minute, 10*time.Minute)
	if err != nil {
		return "", fmt.Errorf("big page: %w", err)
	}
	peak := benchenv.ProcStatus(pid, "VmHWM")
	return fmt.Sprintf("\nTen concurrent requests of a %d MB page (gzip accepted; docsd streams files over 8 MB as they are): %s in all, docsd resident %s before, peak %s during.\n",
		size, r.elapsed.Round(10*time.Millisecond), mb(before), mb(peak)), nil
}

// startNginx runs the container's nginx.conf with its paths moved into work, as
// pkg/server/nginx_test.go does, with every worker process the machine allows.
func startNginx(bin, work, www, addr string) (*exec.Cmd, error) {
	shipped, err := os.ReadFile("deploy/nginx/nginx.conf")
	if err != nil {
		return nil, err
	}
	include, _ := filepath.Abs("deploy/nginx/docsd.conf")
	conf := strings.NewReplacer(
		"worker_processes auto;", "worker_processes auto;\ndaemon off;",
		"pid /tmp/nginx.pid;", "pid "+work+"/nginx.pid;",
		"error_log /dev/stderr warn;", "error_log "+work+"/error.log warn;",
		"access_log /dev/stdout;", "access_log off;",
		"listen 8080;", "listen "+addr+";",
		"root /usr/share/nginx/html;", "root "+www+";",
		"include /etc/nginx/docsd.conf;", "include "+include+";",
		"/tmp/", work+"/tmp_",
	).Replace(string(shipped))
	path := filepath.Join(work, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "-p", work, "-c", path)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting nginx (make nginx installs it): %w", err)
	}
	return cmd, nil
}

func nginxVersion(bin string) string {
	out, _ := exec.Command(bin, "-v").CombinedOutput()
	if m := regexp.MustCompile(`nginx/(\S+)`).FindSubmatch(out); m != nil {
		return string(m[1])
	}
	return "(unknown version)"
}

// linkTree hard-links the files of an existing build into dst: both servers serve it, and docsd
// serve would refuse symbolic links that leave its folder.
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		return os.Link(p, target)
	})
}

func largest(dir, ext string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		fail(err)
	}
	best, size := "", int64(-1)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && strings.HasSuffix(e.Name(), ext) && info.Size() > size {
			best, size = e.Name(), info.Size()
		}
	}
	return best
}

func freePort() string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fail(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func waitListen(addr string) error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("nothing listens on %s: %w", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func stop(cmd *exec.Cmd) {
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		cmd.Process.Kill()
		<-done
	}
}

func mb(kb int64) string { return fmt.Sprintf("%.0f MB", float64(kb)/1024) }

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

func shorten(p string) string {
	if i := strings.LastIndex(p, "-"); strings.HasPrefix(p, "/docs/assets/") && i > 0 {
		return p[:i] + "-….js"
	}
	return p
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
