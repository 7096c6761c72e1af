// Package registry is the build-time fetch of the plugin registry pages (DESIGN.md §7). With a token
// in the environment it asks the source-hosting API (GitHub's contents API) for each plugin's
// documentation file, fits it to the site and writes it over content/<dir>/<slug>.md before the
// build reads content. The committed pages are the fallback: without a token, offline or on any
// failure they stay untouched and the caller gets one warning per plugin that names the cause.
//
// The token is a credential: it is sent only in the Authorization header, only to the configured
// API's scheme, host and port (redirect.go), and is redacted from every message this package
// produces; a page whose text contains it, in any spelling a reader could undo, is never written
// (leak.go). Nothing outside the project is read or written, whatever links it holds (place.go).
package registry

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"docsd/pkg/config"
)

// Environment variables the fetch reads.
const (
	EnvToken         = "DOCSD_GITHUB_TOKEN"
	EnvTokenFallback = "GITHUB_TOKEN"
	// EnvAPI overrides [registry] api, e.g. to point a CI job at a GitHub Enterprise server.
	EnvAPI = "DOCSD_GITHUB_API"
)

// Defaults keep a build from hanging on a slow or unreachable API: a few requests at a time, each
// bounded, and the whole fetch bounded too.
const (
	DefaultConcurrency    = 4
	DefaultRequestTimeout = 10 * time.Second
	DefaultTimeout        = 30 * time.Second
	// maxResponse bounds what we read: the contents API inlines files up to 1 MB, which base64 and
	// JSON escaping make about 1.4 MB.
	maxResponse = 8 << 20
)

// Fetcher fetches the registry pages. Everything it depends on is passed in so tests can use a
// fake API server, a fake environment and a fixed clock.
type Fetcher struct {
	// Client's CheckRedirect is not used: the token's safety cannot depend on the caller's client,
	// so each request goes through a copy with the fetch's redirect policy.
	Client    *http.Client
	LookupEnv func(string) (string, bool)
	Now       func() time.Time
	// Root is the project folder: the fetch reads and writes nothing whose real path lies outside
	// it. Empty means the content folder given to Run.
	Root string
	// Concurrency, RequestTimeout and Timeout fall back to the defaults above when zero.
	Concurrency    int
	RequestTimeout time.Duration
	Timeout        time.Duration

	// rename is os.Rename; tests replace it to check that a failed write leaves the page alone.
	rename func(oldpath, newpath string) error
}

// Warning is one problem of the fetch. Plugin is empty for a problem of the whole registry (no
// token), which is reported once rather than once per plugin.
type Warning struct {
	Plugin string
	Cause  string
}

func (w Warning) String() string {
	if w.Plugin == "" {
		return "registry: " + w.Cause
	}
	return fmt.Sprintf("registry: plugin %s: %s; the committed page is kept", w.Plugin, w.Cause)
}

// Report says what the fetch did. Every configured plugin is in exactly one of Written, Unchanged
// or a Warning (unless the whole registry was skipped, with one Warning or, without a token, Info).
type Report struct {
	// API is the base URL used, without any user information it might carry.
	API       string
	Written   []string // slugs whose page was replaced by the fetched file
	Unchanged []string // slugs whose fetched page was identical to the file on disk
	Warnings  []Warning
	// Skipped is true when nothing was requested (no token, no plugins, unusable API URL).
	Skipped bool
	// Info is a note for the normal case that needs no action: no token, so the committed pages
	// are used. It is not a warning: most builds (a writer's laptop, a pull request) have no token.
	Info string
}

// NewClient returns the HTTP client for the fetch: Go's default transport. The fetch sets its own
// redirect policy on a copy of whatever client it is given (redirect.go).
func NewClient() *http.Client {
	return &http.Client{}
}

// Token returns the API token from the environment and the variable it came from; DOCSD_GITHUB_TOKEN
// wins so that a CI job can give docsd a narrower token than its own GITHUB_TOKEN.
func Token(lookup func(string) (string, bool)) (token, from string) {
	for _, name := range []string{EnvToken, EnvTokenFallback} {
		if v, ok := lookup(name); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v), name
		}
	}
	return "", ""
}

// Run fetches every plugin of reg into contentDir/reg.Dir. It never fails: what went wrong is in
// the report's warnings, already redacted.
func (f *Fetcher) Run(ctx context.Context, reg config.Registry, contentDir string) Report {
	var rep Report
	if len(reg.Plugins) == 0 {
		rep.Skipped = true
		return rep
	}
	token, _ := Token(f.lookupEnv)
	if token == "" {
		rep.Skipped = true
		rep.Info = fmt.Sprintf("registry: the %d committed plugin pages are used (set %s or %s to fetch them from the plugins' repositories)",
			len(reg.Plugins), EnvToken, EnvTokenFallback)
		return rep
	}
	red := redactor(token)
	api := reg.API
	if v, ok := f.lookupEnv(EnvAPI); ok && strings.TrimSpace(v) != "" {
		api = strings.TrimSpace(v)
	}
	base, err := url.Parse(strings.TrimRight(api, "/"))
	if err != nil || (base.Scheme != "https" && base.Scheme != "http") || base.Host == "" {
		// The value itself is not printed: it came from the environment and might hold anything.
		rep.Skipped = true
		rep.Warnings = append(rep.Warnings, Warning{Cause: "the API base URL (" + EnvAPI + " or [registry] api) is not an http(s) URL; no plugin page is fetched"})
		return rep
	}
	rep.API = red(base.Redacted())
	web := strings.TrimRight(reg.Web, "/")
	if web == "" {
		web = config.WebFor(base.String())
	}
	ref := reg.Ref
	if ref == "" {
		ref = "main"
	}

	root := f.Root
	if root == "" {
		root = contentDir
	}
	folder, err := registryFolder(root, filepath.Join(contentDir, filepath.FromSlash(reg.Dir)))
	if err != nil {
		rep.Skipped = true
		rep.Warnings = append(rep.Warnings, Warning{Cause: red(err.Error()) + "; no plugin page is fetched"})
		return rep
	}

	ctx, cancel := context.WithTimeout(ctx, f.timeout())
	defer cancel()
	type outcome struct {
		written bool
		err     error
	}
	out := make([]outcome, len(reg.Plugins))
	sem := make(chan struct{}, f.concurrency())
	var wg sync.WaitGroup
	for i, p := range reg.Plugins {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				out[i].err = f.overallErr(ctx)
				return
			}
			defer func() { <-sem }()
			j := job{plugin: p, base: base, web: web, ref: ref, token: token,
				page: filepath.Join(folder, p.Slug+".md")}
			out[i].written, out[i].err = f.fetchOne(ctx, j)
		}()
	}
	wg.Wait()
	// Reported in configuration order, so two builds print the same lines.
	for i, p := range reg.Plugins {
		switch o := out[i]; {
		case o.err != nil:
			rep.Warnings = append(rep.Warnings, Warning{Plugin: p.Slug, Cause: red(o.err.Error())})
		case o.written:
			rep.Written = append(rep.Written, p.Slug)
		default:
			rep.Unchanged = append(rep.Unchanged, p.Slug)
		}
	}
	return rep
}

// job is one plugin to fetch.
type job struct {
	plugin config.Plugin
	base   *url.URL // API base URL
	web    string   // web base URL, for links into the plugin's repository
	ref    string
	token  string
	page   string // the committed page on disk, in the registry folder's real path
}

// fetchOne fetches one plugin's file and replaces its page; written is false when the page on disk
// already had the same bytes.
func (f *Fetcher) fetchOne(ctx context.Context, j job) (written bool, err error) {
	if !safeSlug(j.plugin.Slug) {
		return false, fmt.Errorf("slug %q cannot be a file name", j.plugin.Slug)
	}
	// A temporary file of a fetch that was killed before its rename is ours to remove.
	if stale, err := filepath.Glob(tmpPattern(j.page)); err == nil {
		for _, name := range stale {
			os.Remove(name)
		}
	}
	// The committed page is read first: without it there is no title and description to keep, and
	// no reason to spend a request.
	committed, perm, err := readCommitted(j.page)
	if err != nil {
		return false, err
	}
	body, err := f.get(ctx, j)
	if err != nil {
		return false, err
	}
	if form := tokenForm(string(body), j.token); form != "" {
		return false, fmt.Errorf("the fetched file contains the API token (%s); it is not written", form)
	}
	page, err := compose(committed, body, source{Repo: j.plugin.Repo, File: j.plugin.File, Ref: j.ref, Web: j.web})
	if err != nil {
		return false, err
	}
	// The rewrite of links could, in principle, decode what the check above saw encoded.
	if form := tokenForm(string(page), j.token); form != "" {
		return false, fmt.Errorf("the rewritten page contains the API token (%s); it is not written", form)
	}
	if bytes.Equal(page, committed) {
		return false, nil
	}
	if err := f.writeAtomic(j.page, page, perm); err != nil {
		return false, fmt.Errorf("writing %s: %w", filepath.Base(j.page), err)
	}
	return true, nil
}

// get asks the contents API for the file and returns its decoded bytes.
func (f *Fetcher) get(ctx context.Context, j job) ([]byte, error) {
	owner, name, _ := strings.Cut(j.plugin.Repo, "/")
	u := *j.base
	u.Path = u.Path + "/repos/" + owner + "/" + name + "/contents/" + j.plugin.File
	u.RawPath = ""
	u.RawQuery = url.Values{"ref": {j.ref}}.Encode()
	what := fmt.Sprintf("%s in %s at %s", j.plugin.File, j.plugin.Repo, j.ref)

	rctx, cancel := context.WithTimeout(ctx, f.requestTimeout())
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("building the request for %s: %w", what, err)
	}
	req.Header.Set("Authorization", "Bearer "+j.token)
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
	req.Header.Set("User-Agent", "docsd")
	client := *f.client()
	client.CheckRedirect = redirectPolicy(j.base)
	resp, err := client.Do(req)
	if err != nil {
		return nil, f.transportErr(ctx, rctx, j.base.Host, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse+1))
	if err != nil {
		return nil, f.transportErr(ctx, rctx, j.base.Host, err)
	}
	if len(raw) > maxResponse {
		return nil, fmt.Errorf("the API response for %s is larger than %d MiB", what, maxResponse>>20)
	}
	switch code := resp.StatusCode; {
	case code == http.StatusOK:
		return decodeContents(raw, what)
	case code == http.StatusUnauthorized:
		return nil, fmt.Errorf("the API refused the token (401 Unauthorized%s): check that it is valid and not expired", apiMessage(raw, j.token))
	case code == http.StatusForbidden || code == http.StatusTooManyRequests:
		if msg := f.rateLimit(resp.Header); msg != "" {
			return nil, fmt.Errorf("%s (HTTP %d)", msg, code)
		}
		return nil, fmt.Errorf("the API forbids reading %s (HTTP %d%s): the token may lack the contents:read permission", what, code, apiMessage(raw, j.token))
	case code == http.StatusNotFound:
		return nil, fmt.Errorf("not found (404): %s does not exist, or the token cannot see the repository", what)
	default:
		return nil, fmt.Errorf("unexpected answer HTTP %d %s for %s%s", code, http.StatusText(code), what, apiMessage(raw, j.token))
	}
}

// rateLimit describes an exhausted rate limit from GitHub's headers, or returns "".
func (f *Fetcher) rateLimit(h http.Header) string {
	if h.Get("X-RateLimit-Remaining") == "0" {
		msg := "API rate limit exhausted"
		if limit, err := strconv.Atoi(h.Get("X-RateLimit-Limit")); err == nil {
			msg += fmt.Sprintf(" (%d requests per hour)", limit)
		}
		if sec, err := strconv.ParseInt(h.Get("X-RateLimit-Reset"), 10, 64); err == nil {
			reset := time.Unix(sec, 0).UTC()
			wait := reset.Sub(f.now()).Round(time.Second)
			if wait < 0 {
				wait = 0
			}
			msg += fmt.Sprintf("; it resets at %s (in %s)", reset.Format("15:04:05 UTC"), wait)
		}
		return msg
	}
	if ra := h.Get("Retry-After"); ra != "" {
		// GitHub's secondary rate limits answer 403 with Retry-After and no remaining count.
		// Header values are only printed as numbers: a server's free text has no place in our output.
		if sec, err := strconv.Atoi(ra); err == nil {
			return fmt.Sprintf("API secondary rate limit hit; retry after %d seconds", sec)
		}
		return "API secondary rate limit hit; retry later"
	}
	return ""
}

// transportErr names why a request got no answer: the request's own time-out, the overall one, or
// a network problem (offline, DNS, TLS).
func (f *Fetcher) transportErr(overall, req context.Context, host string, err error) error {
	if overall.Err() != nil {
		return f.overallErr(overall)
	}
	var ne net.Error
	if req.Err() != nil || errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Errorf("the request timed out after %s", f.requestTimeout())
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		// url.Error repeats the URL; the cause alone is what the reader can act on.
		err = ue.Err
	}
	var op *net.OpError
	var dns *net.DNSError
	if errors.As(err, &op) || errors.As(err, &dns) {
		return fmt.Errorf("cannot reach %s (offline?): %w", host, err)
	}
	return fmt.Errorf("the request to %s failed: %w", host, err)
}

func (f *Fetcher) overallErr(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("not fetched within the registry fetch's overall time-out of %s", f.timeout())
	}
	return fmt.Errorf("the registry fetch was cancelled: %w", ctx.Err())
}

// decodeContents reads the contents API's JSON for a file: base64 in "content", wrapped in lines.
func decodeContents(raw []byte, what string) ([]byte, error) {
	if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '[' {
		return nil, fmt.Errorf("%s is a directory, not a file", what)
	}
	var c struct {
		Type     string  `json:"type"`
		Encoding string  `json:"encoding"`
		Size     int64   `json:"size"`
		Content  *string `json:"content"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, fmt.Errorf("malformed JSON in the API response for %s: %w", what, err)
	}
	if c.Type != "" && c.Type != "file" {
		return nil, fmt.Errorf("%s is a %s, not a file", what, c.Type)
	}
	if c.Content == nil {
		return nil, fmt.Errorf("the API response for %s has no content field", what)
	}
	switch c.Encoding {
	case "base64":
	case "none", "":
		if *c.Content == "" && c.Size > 0 {
			return nil, fmt.Errorf("%s (%d bytes) is too large for the contents API", what, c.Size)
		}
		return nil, fmt.Errorf("the API response for %s has no base64 encoding (encoding %q)", what, c.Encoding)
	default:
		return nil, fmt.Errorf("the API response for %s has an unsupported encoding %q", what, c.Encoding)
	}
	// GitHub wraps the base64 text every 60 characters.
	b64 := strings.NewReplacer("\n", "", "\r", "").Replace(*c.Content)
	body, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return nil, fmt.Errorf("malformed base64 content in the API response for %s: %w", what, err)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, fmt.Errorf("%s is empty", what)
	}
	if !utf8.Valid(body) {
		return nil, fmt.Errorf("%s is not UTF-8 text", what)
	}
	return body, nil
}

// apiMessage returns ": <message>" from an error body, short and on one line, or "". The token is
// redacted before the message is cut short, so no part of it survives the cut.
func apiMessage(raw []byte, token string) string {
	var e struct {
		Message string `json:"message"`
	}
	msg := ""
	if json.Unmarshal(raw, &e) == nil {
		msg = e.Message
	} else {
		msg = string(raw)
	}
	msg = strings.Join(strings.FieldsFunc(msg, func(r rune) bool { return r < ' ' || r == 0x7f }), " ")
	msg = redactor(token)(strings.TrimSpace(msg))
	if msg == "" {
		return ""
	}
	if r := []rune(msg); len(r) > 160 {
		msg = string(r[:160]) + "…"
	}
	return ": " + msg
}

// writeAtomic replaces path with data through a temporary file in the same folder, so the build
// (or an editor) never reads half a page. The temporary name starts with a dot: content scanning
// and watchers skip it. Nothing is written through a link: CreateTemp makes a new file (O_EXCL)
// and a rename replaces whatever has the page's name instead of following it.
func (f *Fetcher) writeAtomic(path string, data []byte, perm fs.FileMode) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(tmpPattern(path)))
	if err != nil {
		return fmt.Errorf("creating a temporary file: %w", err)
	}
	name := tmp.Name()
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(name)
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("writing the temporary file: %w", err)
	}
	if err := tmp.Chmod(perm); err != nil {
		return fmt.Errorf("setting the temporary file's mode: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("syncing the temporary file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("closing the temporary file: %w", err)
	}
	rename := f.rename
	if rename == nil {
		rename = os.Rename
	}
	if err := rename(name, path); err != nil {
		return fmt.Errorf("replacing the page: %w", err)
	}
	return nil
}

// tmpPattern is the name pattern of a page's temporary files, beside it; the leading dot makes
// content scanning and watchers skip them.
func tmpPattern(page string) string {
	return filepath.Join(filepath.Dir(page), "."+filepath.Base(page)+".*.tmp")
}

// redactor returns a function that removes the token, in the forms it could take in a URL or a
// message, from a text. A text that still holds it in another form (a server can echo it
// entity-escaped or base64-encoded, and Go's errors quote what a server sent) is withheld whole:
// where an encoded token starts and ends is not known.
func redactor(token string) func(string) string {
	forms := []string{token, url.QueryEscape(token), url.PathEscape(token)}
	return func(s string) string {
		for _, t := range forms {
			if t != "" {
				s = strings.ReplaceAll(s, t, "[redacted]")
			}
		}
		if form := tokenForm(s, token); form != "" {
			return "the message about this failure held the API token (" + form + ") and is withheld"
		}
		return s
	}
}

func safeSlug(s string) bool {
	return s != "" && s != "." && s != ".." && !strings.ContainsAny(s, `/\`) && !strings.HasPrefix(s, ".")
}

func (f *Fetcher) client() *http.Client {
	if f.Client != nil {
		return f.Client
	}
	return NewClient()
}

// lookupEnv treats a missing LookupEnv as an empty environment: nothing is fetched.
func (f *Fetcher) lookupEnv(name string) (string, bool) {
	if f.LookupEnv == nil {
		return "", false
	}
	return f.LookupEnv(name)
}

func (f *Fetcher) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}

func (f *Fetcher) concurrency() int {
	if f.Concurrency > 0 {
		return f.Concurrency
	}
	return DefaultConcurrency
}

func (f *Fetcher) requestTimeout() time.Duration {
	if f.RequestTimeout > 0 {
		return f.RequestTimeout
	}
	return DefaultRequestTimeout
}

func (f *Fetcher) timeout() time.Duration {
	if f.Timeout > 0 {
		return f.Timeout
	}
	return DefaultTimeout
}
