package registry

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"
	"unicode"

	"docsd/pkg/content"
)

// source is where a fetched file comes from, for the links that point into its repository.
type source struct {
	Repo string // owner/name
	File string // path of the file in the repository
	Ref  string
	Web  string // web base URL, https://github.com or an Enterprise host
}

// marker is the comment compose puts in the front matter of a fetched page: it tells a writer who
// opens the file where it came from, and lets the next fetch find the committed front matter again.
const marker = "# docsd-registry:"

var (
	frontMatter = regexp.MustCompile(`(?s)\A---[ \t]*\n(.*?)\n---[ \t]*(?:\n|\z)`)
	// tomlFrontMatter is Hugo's; a few plugin repositories once published their docs with it.
	tomlFrontMatter = regexp.MustCompile(`(?s)\A\+\+\+[ \t]*\n.*?\n\+\+\+[ \t]*(?:\n|\z)`)
)

// compose makes the page to write: the committed page's front matter (so the title, description,
// sidebar label and position the site was written with stay), then the fetched body with its own
// front matter removed, a leading title heading that would repeat the title dropped (another one
// becomes a second-level heading), and links into
// the plugin's repository made absolute.
func compose(committed, fetched []byte, src source) ([]byte, error) {
	fm, title, err := committedFrontMatter(committed)
	if err != nil {
		return nil, err
	}
	body := normalize(fetched)
	if m := frontMatter.FindIndex(body); m != nil {
		body = body[m[1]:]
	} else if m := tomlFrontMatter.FindIndex(body); m != nil {
		body = body[m[1]:]
	}
	body = fitTitleHeading(body, title)
	body = rewriteLinks(body, src)
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return nil, errors.New("the fetched file holds nothing but its title")
	}
	var b bytes.Buffer
	b.WriteString("---\n")
	fmt.Fprintf(&b, "%s fetched from %s/%s at %s by docsd build; never commit it (git restore brings back our page)\n",
		marker, src.Repo, src.File, src.Ref)
	b.Write(fm)
	b.WriteString("\n---\n\n")
	b.Write(body)
	b.WriteString("\n")
	return b.Bytes(), nil
}

// committedFrontMatter returns the YAML of the committed page's front matter, without the marker
// line of an earlier fetch, and its title.
func committedFrontMatter(committed []byte) (yaml []byte, title string, err error) {
	text := normalize(committed)
	m := frontMatter.FindSubmatchIndex(text)
	if m == nil {
		return nil, "", errors.New("the committed page has no front matter to take the title and description from")
	}
	var keep []string
	for _, line := range strings.Split(string(text[m[2]:m[3]]), "\n") {
		if !strings.HasPrefix(line, marker) {
			keep = append(keep, line)
		}
	}
	yaml = []byte(strings.Join(keep, "\n"))
	fm, _, _, err := content.SplitFrontMatter("committed page", append(append([]byte("---\n"), yaml...), "\n---\n"...))
	if err != nil {
		return nil, "", fmt.Errorf("reading the committed page's front matter: %w", err)
	}
	return yaml, fm.Title, nil
}

// normalize drops a byte-order mark and Windows line ends, so the patterns below see plain lines.
func normalize(b []byte) []byte {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	return bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
}

var (
	atxH1    = regexp.MustCompile(`^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$`)
	setextH1 = regexp.MustCompile(`^ {0,3}=+[ \t]*$`)
	customID = regexp.MustCompile(`\s*\{#[^}]*\}\s*$`)
)

// fitTitleHeading handles a first-level heading at the top of the body: the page shows its title
// already, so a heading that says the same is dropped. Any other leading one becomes a second-level
// heading, because the site takes a leading first-level heading for the title and would hide it.
func fitTitleHeading(body []byte, title string) []byte {
	lines := strings.Split(string(body), "\n")
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i >= len(lines) {
		return body
	}
	var text string
	end := -1
	if m := atxH1.FindStringSubmatch(lines[i]); m != nil {
		text, end = m[1], i+1
	} else if i+1 < len(lines) && setextH1.MatchString(lines[i+1]) && strings.TrimSpace(lines[i]) != "" {
		text, end = strings.TrimSpace(lines[i]), i+2
	}
	if end < 0 {
		return body
	}
	if sameTitle(text, title) {
		return []byte(strings.Join(lines[end:], "\n"))
	}
	rest := append([]string{"## " + text}, lines[end:]...)
	return []byte(strings.Join(append(lines[:i:i], rest...), "\n"))
}

// sameTitle compares two titles by their letters and digits, so "Captain's Log" matches
// "captains-log" and "**Kaniko**" matches "Kaniko".
func sameTitle(heading, title string) bool {
	key := func(s string) string {
		s = customID.ReplaceAllString(s, "")
		return strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return unicode.ToLower(r)
			}
			return -1
		}, s)
	}
	k := key(heading)
	return k != "" && k == key(title)
}

var (
	fenceOpen = regexp.MustCompile("^[ \t]*(`{3,}|~{3,})")
	refDef    = regexp.MustCompile(`^( {0,3}\[[^\]]+\]:[ \t]*)(<[^>\n]*>|\S+)(.*)$`)
	htmlAttr  = regexp.MustCompile(`(?i)\b(href|src)(\s*=\s*)(?:"([^"]*)"|'([^']*)')`)
	scheme    = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
	imageExt  = regexp.MustCompile(`(?i)\.(png|jpe?g|gif|svg|webp|avif|ico)$`)
)

// rewriteLinks makes every relative link and image of a fetched file point at the plugin's
// repository, where the file it names lives: on our site that name would be a broken link. Code
// (fenced blocks, also inside list items, and inline code spans) is left exactly as written.
func rewriteLinks(body []byte, src source) []byte {
	lines := strings.Split(string(body), "\n")
	var fence string // the opening fence of the code block we are in, or ""
	for i, line := range lines {
		if fence != "" {
			t := strings.TrimSpace(line)
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
			}
			continue
		}
		if m := fenceOpen.FindStringSubmatch(line); m != nil {
			fence = m[1]
			continue
		}
		if m := refDef.FindStringSubmatch(line); m != nil {
			dest := m[2]
			angle := strings.HasPrefix(dest, "<")
			dest = strings.Trim(dest, "<>")
			pathPart, _, _ := strings.Cut(dest, "#")
			pathPart, _, _ = strings.Cut(pathPart, "?")
			dest = resolve(dest, imageExt.MatchString(pathPart), src)
			if angle {
				dest = "<" + dest + ">"
			}
			lines[i] = m[1] + dest + m[3]
			continue
		}
		lines[i] = outsideCode(line, func(text string) string { return rewriteText(text, src) })
	}
	return []byte(strings.Join(lines, "\n"))
}

// outsideCode applies fn to the parts of a line that are not inline code spans.
func outsideCode(line string, fn func(string) string) string {
	var b strings.Builder
	content.SplitCodeSpans(line, func(part string, code bool) {
		if !code {
			part = fn(part)
		}
		b.WriteString(part)
	})
	return b.String()
}

// rewriteText rewrites the inline links and images, `[text](dest)` and `![alt](dest)`, and the
// href and src attributes of raw HTML in a piece of text.
func rewriteText(text string, src source) string {
	var b strings.Builder
	i := 0
	for {
		k := strings.Index(text[i:], "](")
		if k < 0 {
			break
		}
		k += i
		open := k + 2
		j := open
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		dest, end, angle := scanDest(text, j)
		b.WriteString(text[i:j])
		if dest != "" {
			d := resolve(dest, isImage(text, k), src)
			if angle {
				d = "<" + d + ">"
			}
			b.WriteString(d)
		}
		i = end
	}
	b.WriteString(text[i:])
	return rewriteHTML(b.String(), src)
}

// rewriteHTML rewrites the href and src attributes of raw HTML; a src is an image or another
// embedded file.
func rewriteHTML(text string, src source) string {
	var b strings.Builder
	last := 0
	for _, m := range htmlAttr.FindAllStringSubmatchIndex(text, -1) {
		lo, hi := m[6], m[7] // double-quoted value
		if lo < 0 {
			lo, hi = m[8], m[9] // single-quoted value
		}
		b.WriteString(text[last:lo])
		b.WriteString(resolve(text[lo:hi], strings.EqualFold(text[m[2]:m[3]], "src"), src))
		last = hi
	}
	b.WriteString(text[last:])
	return b.String()
}

// scanDest reads a link destination starting at i: `<...>`, or text up to a space or the `)` that
// closes the link, with balanced parentheses inside. It returns the destination (without angle
// brackets), where it ends, and whether it had angle brackets.
func scanDest(text string, i int) (dest string, end int, angle bool) {
	if i < len(text) && text[i] == '<' {
		if c := strings.IndexByte(text[i+1:], '>'); c >= 0 {
			return text[i+1 : i+1+c], i + 2 + c, true
		}
		return "", i, false
	}
	depth := 0
	j := i
	for ; j < len(text); j++ {
		c := text[j]
		if c == '\\' && j+1 < len(text) {
			j++
			continue
		}
		if c == ' ' || c == '\t' {
			break
		}
		if c == '(' {
			depth++
		}
		if c == ')' {
			if depth == 0 {
				break
			}
			depth--
		}
	}
	return text[i:j], j, false
}

// isImage says whether the `]` at k closes an image's alt text: its matching `[` follows a `!`.
func isImage(text string, k int) bool {
	depth := 0
	for j := k; j >= 0; j-- {
		switch text[j] {
		case ']':
			depth++
		case '[':
			depth--
			if depth == 0 {
				return j > 0 && text[j-1] == '!'
			}
		}
	}
	return false
}

// resolve turns a destination relative to the fetched file into an absolute URL in its
// repository; anything else (absolute URLs, mailto:, in-page anchors) stays. Images get ?raw=true
// so that the URL serves the image itself rather than GitHub's page about it.
func resolve(dest string, image bool, src source) string {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "//") || scheme.MatchString(dest) {
		return dest
	}
	p, suffix := dest, ""
	if i := strings.IndexAny(dest, "?#"); i >= 0 {
		p, suffix = dest[:i], dest[i:]
	}
	var target string
	if strings.HasPrefix(p, "/") {
		target = p // GitHub reads a leading slash as the repository's root
	} else if p == "" {
		target = src.File // "?query" alone names the file itself
	} else {
		target = path.Join(path.Dir(src.File), p)
	}
	// Cleaning under "/" stops `..` at the repository's root, as GitHub does.
	target = strings.TrimPrefix(path.Clean("/"+target), "/")
	repo := strings.TrimRight(src.Web, "/") + "/" + src.Repo
	if target == "" {
		return repo + "/tree/" + src.Ref + suffix
	}
	if image {
		if strings.HasPrefix(suffix, "?") {
			suffix = "?raw=true&" + suffix[1:]
		} else {
			suffix = "?raw=true" + suffix
		}
	}
	return repo + "/blob/" + src.Ref + "/" + target + suffix
}
