package mdx

// The compiler's pool: requests in flight at once go to different processes, one request at a
// time keeps to one process. A fake compiler (a few lines of Node) answers each request with its
// process id, and holds a request whose source is "wait:<file>" until that file exists, so the
// test knows a request is still in flight without timing anything. The pool tests compile with
// Options.Whole: a page compiled in runs is first sent as its runs' placeholders, which the fake
// answers at once without them, so Compile sends the page a second time whole; only with Whole is
// one Compile one request, and the request the pool sees the one the fake holds.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestChoose(t *testing.T) {
	cases := []struct {
		waiting []int
		limit   int
		want    int
	}{
		{nil, 2, 0},            // nothing runs: start one
		{[]int{0}, 2, 0},       // the one running is idle
		{[]int{1}, 2, 1},       // it is busy: start a second
		{[]int{1}, 1, 0},       // it is busy, but one is the limit
		{[]int{3, 1}, 2, 1},    // no room: the least busy
		{[]int{2, 2}, 2, 0},    // a tie: the first
		{[]int{1, 0, 2}, 4, 1}, // an idle one before starting another
		{[]int{1, 1, 1}, 4, 3}, // all busy, room for one more
		{[]int{5, 4, 4}, 2, 1}, // more running than the limit: the least busy
	}
	for _, c := range cases {
		if got := choose(c.waiting, c.limit); got != c.want {
			t.Errorf("choose(%v, %d) = %d, want %d", c.waiting, c.limit, got, c.want)
		}
	}
}

// fakeCompiler writes the fake compiler script into a test folder.
func fakeCompiler(t *testing.T) string {
	dir := t.TempDir()
	script := filepath.Join(dir, "compile.mjs")
	src := `import { createInterface } from 'node:readline';
import { existsSync } from 'node:fs';
const answer = (req) => process.stdout.write(JSON.stringify({ id: req.id, js: String(process.pid) }) + '\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const req = JSON.parse(line);
  if (!req.source.startsWith('wait:')) return answer(req);
  const file = req.source.slice(5).trim();
  const poll = setInterval(() => { if (existsSync(file)) { clearInterval(poll); answer(req); } }, 5);
});
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return script
}

// heldRequest starts a compile that the fake compiler holds until release is called, and returns
// once it has been sent, with the number of the process it went to and its answer to come. The
// caller may set c.onSend again once it returns: the held compile sends nothing more.
func heldRequest(t *testing.T, c *Compiler, script string) (process int, release func(), held <-chan string) {
	t.Helper()
	sent := make(chan int, 4)
	c.onSend = func(i int) { sent <- i }
	file := filepath.Join(filepath.Dir(script), "release")
	answers := make(chan string, 1)
	go func() {
		js, err := c.Compile([]byte("wait:"+file+"\n"), Options{File: "held.mdx", Whole: true})
		if err != nil {
			t.Error(err)
		}
		answers <- js
	}()
	process = <-sent // the held request, its one request, is in flight
	release = func() {
		if err := os.WriteFile(file, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return process, release, answers
}

func TestRequestsInFlightGoToSeparateProcesses(t *testing.T) {
	script := fakeCompiler(t)
	c := NewCompiler(script)
	defer c.Close()
	c.max, c.spare = 2, func() bool { return true }
	first, release, held := heldRequest(t, c, script)
	var second int
	c.onSend = func(i int) { second = i }
	js, err := c.Compile([]byte("now\n"), Options{File: "now.mdx", Whole: true})
	if err != nil {
		t.Fatal(err)
	}
	if second == first {
		t.Errorf("a request sent while another was in flight went to the same process (%d)", first)
	}
	release()
	if heldJS := <-held; heldJS == js {
		t.Errorf("both requests were compiled by process %s", js)
	}
}

func TestOneRequestAtATimeKeepsToOneProcess(t *testing.T) {
	c := NewCompiler(fakeCompiler(t))
	defer c.Close()
	c.max, c.spare = 4, func() bool { return true }
	var pids []string
	for _, f := range []string{"a.mdx", "b.mdx", "c.mdx"} {
		js, err := c.Compile([]byte("text of "+f+"\n"), Options{File: f, Whole: true})
		if err != nil {
			t.Fatal(err)
		}
		pids = append(pids, js)
	}
	if pids[0] != pids[1] || pids[1] != pids[2] || len(c.procs) != 1 {
		t.Errorf("three requests one after another went to processes %v (%d started), want one", pids, len(c.procs))
	}
}

// On a machine with no core to spare, requests in flight at once wait on the one process.
func TestNoSpareCoreKeepsToOneProcess(t *testing.T) {
	script := fakeCompiler(t)
	c := NewCompiler(script)
	defer c.Close()
	c.max, c.spare = 2, func() bool { return false }
	_, release, held := heldRequest(t, c, script)
	js, err := c.Compile([]byte("now\n"), Options{File: "now.mdx", Whole: true})
	if err != nil {
		t.Fatal(err)
	}
	release()
	if heldJS := <-held; heldJS != js || len(c.procs) != 1 {
		t.Errorf("with no core to spare, the requests went to processes %s and %s (%d started), want one", heldJS, js, len(c.procs))
	}
}

// A compiler process that stops without a word on stderr (killed for memory, or exiting on its
// own) fails the pages sent to it with how it stopped, not with an empty reason.
func TestCompilerStoppedSilentlySaysHow(t *testing.T) {
	script := filepath.Join(t.TempDir(), "compile.mjs")
	if err := os.WriteFile(script, []byte("process.exit(3);\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := NewCompiler(script)
	defer c.Close()
	for i := 0; i < 2; i++ { // before and after the process is known to have stopped
		_, err := c.Compile([]byte("# A\n"), Options{File: "a.mdx"})
		if err == nil || !strings.Contains(err.Error(), "the MDX compiler stopped") || !strings.Contains(err.Error(), "exit status 3") {
			t.Fatalf("compile %d: %v, want how the compiler stopped", i, err)
		}
	}
}

// A shell folder whose compiler script has no run.cjs beside it (an older or hand-made one) runs
// the script as it is, even where npm's record of the packages would let docsd bundle it: the
// bundled copy needs run.cjs to start.
func TestCompilerWithoutRunnerRunsTheScript(t *testing.T) {
	script := fakeCompiler(t)
	lock := filepath.Join(filepath.Dir(script), "node_modules", ".package-lock.json")
	if err := os.MkdirAll(filepath.Dir(lock), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lock, []byte(`{"packages": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	c := NewCompiler(script)
	defer c.Close()
	js, err := c.Compile([]byte("now\n"), Options{File: "now.mdx"})
	if err != nil {
		t.Fatalf("compiling with no run.cjs beside the script: %v", err)
	}
	if strings.TrimSpace(js) == "" {
		t.Error("the compiler answered nothing")
	}
}

// A compiler process that closes its input but keeps running would leave the page whose write
// failed waiting forever for it to exit; it is stopped instead, and the page says so. The script
// answers the first request only after closing its input, so the second write fails for certain.
func TestCompilerThatClosesItsInputIsStopped(t *testing.T) {
	script := filepath.Join(t.TempDir(), "compile.mjs")
	src := `import { closeSync } from 'node:fs';
closeSync(0);
process.stdout.write(JSON.stringify({ id: 1, js: 'export default 1' }) + '\n');
setInterval(() => {}, 1e6);
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c := NewCompiler(script)
	defer c.Close()
	_, _ = c.Compile([]byte("# A\n"), Options{File: "a.mdx"}) // answered once the input is closed
	done := make(chan error, 1)
	go func() {
		_, err := c.Compile([]byte("# B\n"), Options{File: "b.mdx"})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "compiling b.mdx: the MDX compiler stopped: it closed its input but kept running") {
			t.Fatalf("got %v, want the page and why its compiler was stopped", err)
		}
	case <-time.After(2 * time.Minute): // bounds a failure only
		t.Fatal("the page still waits for a compiler that no longer reads")
	}
}

// The compiler's processes start without NODE_EXTRA_CA_CERTS, which Node reads and parses at start
// (nodeproc.Env), and with the rest of docsd's environment.
func TestCompilerStartsWithoutExtraCACerts(t *testing.T) {
	t.Setenv("NODE_EXTRA_CA_CERTS", filepath.Join(t.TempDir(), "no-such-bundle.pem"))
	t.Setenv("DOCSD_TEST_KEPT", "kept")
	dir := t.TempDir()
	script := filepath.Join(dir, "compile.mjs")
	src := `import { createInterface } from 'node:readline';
const env = (name) => process.env[name] === undefined ? '(unset)' : process.env[name];
createInterface({ input: process.stdin }).on('line', (line) => {
  const req = JSON.parse(line);
  process.stdout.write(JSON.stringify({ id: req.id, js: env('NODE_EXTRA_CA_CERTS') + ' ' + env('DOCSD_TEST_KEPT') }) + '\n');
});
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c := NewCompiler(script)
	defer c.Close()
	js, err := c.Compile([]byte("text\n"), Options{File: "a.mdx", Whole: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := "(unset) kept"; !strings.HasSuffix(js, want) {
		t.Errorf("the compiler saw NODE_EXTRA_CA_CERTS and DOCSD_TEST_KEPT as %q, want %q", js, want)
	}
}

// The pool's question whether a core is spare is answered from the cores' idle ticks over the
// last window: no until a window has passed since the first reading (or one gone stale), the
// same answer within a window, yes where the times cannot be read.
func TestSpareCoreFromIdleTicks(t *testing.T) {
	start := time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)
	clock, reads := start, 0
	var times cpuTimes
	readable := true
	s := &idleCores{now: func() time.Time { return clock },
		read: func() (cpuTimes, bool) { reads++; return times, readable }}
	for i, step := range []struct {
		after       time.Duration // since start
		idle, total uint64        // ticks so far, over 2 cores
		readable    bool
		want        bool
		reads       int
	}{
		{0, 0, 0, true, false, 1},                                        // no window yet
		{50 * time.Millisecond, 8, 10, true, false, 1},                   // within the window: the first answer
		{100 * time.Millisecond, 12, 20, true, true, 2},                  // 12 of 20 ticks idle: 1.2 cores
		{150 * time.Millisecond, 12, 30, true, true, 2},                  // within the window
		{200 * time.Millisecond, 15, 40, true, false, 3},                 // 3 of 20: 0.3 of a core
		{300 * time.Millisecond, 25, 60, true, true, 4},                  // 10 of 20: one core
		{2 * time.Second, 200, 400, true, false, 5},                      // stale: a new window starts
		{2*time.Second + 100*time.Millisecond, 201, 420, true, false, 6}, // 1 of 20
		{2*time.Second + 200*time.Millisecond, 201, 420, false, true, 7}, // unreadable: yes
	} {
		clock, times, readable = start.Add(step.after), cpuTimes{idle: step.idle, total: step.total, cores: 2}, step.readable
		if got := s.spare(); got != step.want || reads != step.reads {
			t.Errorf("step %d (%v): spare %v after %d reads, want %v after %d", i, step.after, got, reads, step.want, step.reads)
		}
	}
}

// /proc/stat's first line gives the ticks (idle and iowait are idle), the cpuN lines the cores.
func TestParseCPUTimes(t *testing.T) {
	stat := "cpu  1540101 63788 476422 1566193 3870 0 2224 1489 700 9\n" + // guest ticks are in user's and nice's
		"cpu0 767857 32124 233036 791811 750 0 570 701 0 0\n" +
		"cpu1 772243 31664 243385 774382 3119 0 1653 787 0 0\n" +
		"intr 1 2 3\nctxt 99\n"
	got, ok := parseCPUTimes([]byte(stat))
	want := cpuTimes{idle: 1566193 + 3870, total: 1540101 + 63788 + 476422 + 1566193 + 3870 + 2224 + 1489, cores: 2}
	if !ok || got != want {
		t.Errorf("parseCPUTimes = %+v, %v; want %+v, true", got, ok, want)
	}
	for _, bad := range []string{"", "intr 1\n", "cpu  1 2 x 4 5\ncpu0 1\n", "cpu  1 2 3\ncpu0 1\n", "cpu  1 2 3 4 5 6\n"} {
		if got, ok := parseCPUTimes([]byte(bad)); ok {
			t.Errorf("parseCPUTimes(%q) = %+v, true; want false", bad, got)
		}
	}
	if _, ok := readCPUTimes(); !ok {
		if _, err := os.Stat("/proc/stat"); err == nil {
			t.Error("this machine's /proc/stat did not read")
		}
	}
}

// compilerCopy is a folder holding the real compiler and run.cjs with the repository's packages, so
// that a test's code cache is not the repository's; it skips the test where the packages were not
// installed by npm.
func compilerCopy(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	modules, err := filepath.Abs("../../node_modules")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(modules, ".package-lock.json")); err != nil {
		t.Skipf("no record of the installed packages to bundle the compiler with: %v", err)
	}
	if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"compile.mjs", "run.cjs", combineOnce} {
		src, err := os.ReadFile(filepath.Join("../../site/mdx-compiler", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Close lets an idle compiler process end by itself, which is when run.cjs writes V8's code cache
// (not while the process runs: the folder has none after a page is compiled). Killed, as it was,
// a process that had not written the cache before its last answer never wrote one. The real
// compiler and run.cjs, in a folder of their own with the repository's packages.
func TestCloseLetsTheCompilerWriteItsCodeCache(t *testing.T) {
	dir := compilerCopy(t)
	caches := func() []string {
		found, _ := filepath.Glob(filepath.Join(dir, cacheDir, "*.v8cache*"))
		return found
	}
	c := NewCompiler(filepath.Join(dir, "compile.mjs"))
	if _, err := c.Compile([]byte("## A\n\nText.\n"), Options{File: "a.mdx", Page: true, Whole: true}); err != nil {
		c.Close()
		t.Fatal(err)
	}
	if found := caches(); len(found) != 0 {
		c.Close()
		t.Fatalf("the code cache was written while the compiler ran: %v", found)
	}
	c.Close()
	if found := caches(); len(found) != 1 || !strings.HasSuffix(found[0], ".cjs.v8cache") {
		t.Fatalf("after Close the cache folder holds %v, want one code cache", found)
	}
}

// A request is written without the lock the reader needs to hand out answers. The fake holds the
// first request; when the second (2 MB, more than a pipe holds) starts to arrive, it answers the
// first and then writes 1 MB of output before reading on. Written under that lock, the second
// request waited on Node, which waited on the reader, which waited on the lock: the build of
// SuperTokens' 608 pages hung so. Nothing here is timed: the order of events is fixed by the pipes.
func TestRequestWrittenWhileAnAnswerIsRead(t *testing.T) {
	script := filepath.Join(t.TempDir(), "compile.mjs")
	// As the real compiler (compile.mjs), it reads and writes its pipes with blocking calls.
	src := `import { readSync, writeSync } from 'node:fs';
const write = (text) => { const d = Buffer.from(text); for (let at = 0; at < d.length; ) at += writeSync(1, d, at, d.length - at); };
const answer = (id) => write(JSON.stringify({ id, js: 'export default ' + id }) + '\n');
const chunk = Buffer.alloc(1 << 16);
let buf = '', held = null, flushed = false;
for (;;) {
  const n = readSync(0, chunk, 0, chunk.length, null);
  if (n === 0) break;
  if (held !== null && !flushed) {
    flushed = true;
    answer(held);
    write('x'.repeat(1 << 20) + '\n'); // blocks until the reader takes it
  }
  buf += chunk.toString('utf8', 0, n);
  let i;
  while ((i = buf.indexOf('\n')) >= 0) {
    const req = JSON.parse(buf.slice(0, i));
    buf = buf.slice(i + 1);
    if (held === null) held = req.id;
    else answer(req.id);
  }
}
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c := NewCompiler(script)
	defer c.Close()
	c.max, c.spare = 1, func() bool { return false }
	sent := make(chan int, 2)
	c.onSend = func(i int) { sent <- i }
	first := make(chan error, 1)
	go func() {
		_, err := c.Compile([]byte("held\n"), Options{File: "held.mdx", Whole: true})
		first <- err
	}()
	<-sent
	big := strings.Repeat("A long paragraph of the page. ", 1<<16) + "\n" // 2 MB
	if _, err := c.Compile([]byte(big), Options{File: "big.mdx", Whole: true}); err != nil {
		t.Fatal(err)
	}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
}

// In one build (docsd build --once) the compiler keeps no answer once given; else it keeps each
// file's last answer for the next rebuild.
func TestOneBuildKeepsNoAnswer(t *testing.T) {
	for _, one := range []bool{false, true} {
		c := NewCompiler("unused.mjs")
		if one {
			c.OneBuild()
		}
		a, err := c.answer("a.mdx", "key", func() (answer, error) { return answer{JS: "module"}, nil })
		if err != nil || a.JS != "module" {
			t.Fatalf("answer %+v, %v", a, err)
		}
		if got, want := c.cachedAnswers(), map[bool]int{false: 1, true: 0}[one]; got != want {
			t.Errorf("one build %v: %d answers kept, want %d", one, got, want)
		}
	}
}
