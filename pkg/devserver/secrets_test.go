package devserver

import (
	"bytes"
	"hash/crc32"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"docsd/internal/testfs"
	"docsd/pkg/build"
	"docsd/pkg/secrets"
)

// A save that pastes a token into a page shows the overlay at the token's line, naming its kind
// without echoing it (nor does the log); the last good page stays, and no page, data or search file
// served holds the token.
func TestSecretWhileWatchingKeepsTheLastGoodPage(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	site, _ := filepath.Abs("../../site")
	var log lockedLog
	s, err := New(build.Options{Root: root, SiteDir: site, Production: true}, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	c := openPage(t, srv.URL, "/docs/guide/setup")
	hello := readHello(t, c)
	_, before := fetch(t, srv.URL+"/docs/guide/setup")
	const body = "Hq3Zr8TnW2cVx7LpK4mYd9BsJ6gFe1"
	token := "gho_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
	f := filepath.Join(root, "content/docs/guide/setup.md")
	good, _ := os.ReadFile(f)
	os.WriteFile(f, append(good, "\nCall the API with `"+token+"`.\n"...), 0o644)
	s.Rebuild([]string{f})
	var m message
	c.SetReadDeadline(time.Now().Add(failAfter))
	for m.Errors == nil {
		if err := c.ReadJSON(&m); err != nil {
			t.Fatal(err)
		}
	}
	e := m.Errors[0]
	line := bytes.Count(good, []byte("\n")) + 2
	if e.File != "content/docs/guide/setup.md" || e.Line != line || e.Column != 20 || !strings.Contains(e.Message, "a GitHub token (gho_…)") {
		t.Errorf("overlay error %+v, want content/docs/guide/setup.md:%d:20 naming a GitHub token", e, line)
	}
	if strings.Contains(e.Message, body[:4]) {
		t.Errorf("the overlay echoes the token: %q", e.Message)
	}
	if status, page := fetch(t, srv.URL+"/docs/guide/setup"); status != 200 || !bytes.Equal(page, before) {
		t.Errorf("status %d; the page served after the failed rebuild is not the last good one", status)
	}
	if status, docs := fetch(t, srv.URL+hello.SearchDocs); status != 200 || strings.Contains(string(docs), body) {
		t.Errorf("search documents %s: status %d, holding the token %v", hello.SearchDocs, status, strings.Contains(string(docs), body))
	}
	if strings.Contains(log.String(), body) || strings.Contains(log.String(), token[:5]) {
		t.Errorf("the log echoes the token: %s", log.String())
	}
}

// A static file to which a token was just written is not served, though no rebuild has taken the
// save yet: each request searches the file it serves. The site's allow-list applies.
func TestStaticFileWithANewTokenIsNotServed(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	f := filepath.Join(root, "content/static/notes.txt")
	os.MkdirAll(filepath.Dir(f), 0o755)
	os.WriteFile(f, []byte("GH_TOKEN=ghp_<your token>\n"), 0o644)
	const body = "Hq3Zr8TnW2cVx7LpK4mYd9BsJ6gFe1"
	token := "gho_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
	allowed, _ := secrets.Find([]byte(token))
	cfg, _ := os.ReadFile(filepath.Join(root, "docsd.toml"))
	site, _ := filepath.Abs("../../site")
	var log lockedLog
	s, err := New(build.Options{Root: root, SiteDir: site, Production: true}, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	if status, got := fetch(t, srv.URL+"/docs/notes.txt"); status != 200 || !strings.Contains(string(got), "<your token>") {
		t.Fatalf("notes.txt before the save: status %d, %q", status, got)
	}
	os.WriteFile(f, []byte("GH_TOKEN="+token+"\n"), 0o644)
	if status, got := fetch(t, srv.URL+"/docs/notes.txt"); status != 404 || strings.Contains(string(got), body) {
		t.Errorf("notes.txt holding a token, before its rebuild: status %d, holding the token %v", status, strings.Contains(string(got), body))
	}
	// Allowed by the site (and rebuilt with that list), the token is served.
	cfgPath := filepath.Join(root, "docsd.toml")
	os.WriteFile(cfgPath, append(cfg, "\n[secrets]\nallow = [\""+allowed.Fingerprint+"\"]\n"...), 0o644)
	s.Rebuild([]string{cfgPath})
	if status, got := fetch(t, srv.URL+"/docs/notes.txt"); status != 200 || !strings.Contains(string(got), token) {
		t.Errorf("notes.txt holding an allowed token: status %d, %q", status, got)
	}
}
