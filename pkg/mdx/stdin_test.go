package mdx

import (
	"bufio"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// The compiler reads its requests in whatever pieces the pipe gives: a request split inside a
// multi-byte character and across reads, two requests in one read, and a last request without
// its newline (readline answered it) are all answered, each under its own id.
func TestCompilerReadsRequestsInPieces(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	stdin, stdout := startNodeCompiler(t)
	req := func(id int, src string) string {
		b, _ := json.Marshal(map[string]any{"id": id, "file": "/x/a.mdx", "source": src})
		return string(b) + "\n"
	}
	all := req(1, "Café → über\n") + req(2, "Ünïcödé\n") + req(3, "Déjà vu\n")
	all = strings.TrimSuffix(all, "\n")
	cut := strings.Index(all, "é") + 1         // inside é's two bytes
	second := strings.Index(all, `"id":2`) + 3 // inside the second request
	for _, piece := range []string{all[:cut], all[cut:second], all[second:]} {
		if _, err := stdin.Write([]byte(piece)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond) // separate reads, most likely; the answers do not depend on it
	}
	stdin.Close()
	got := map[int]string{}
	in := bufio.NewScanner(stdout)
	in.Buffer(nil, 1<<24)
	for in.Scan() {
		var a struct {
			ID    int
			JS    string
			Error *struct{ Message string }
		}
		if err := json.Unmarshal(in.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		if a.Error != nil {
			t.Errorf("request %d: %s", a.ID, a.Error.Message)
		}
		got[a.ID] = a.JS
	}
	for id, want := range map[int]string{1: "Café → über", 2: "Ünïcödé", 3: "Déjà vu"} {
		if !strings.Contains(got[id], want) {
			t.Errorf("request %d answered %q, want its text %q", id, got[id], want)
		}
	}
}
