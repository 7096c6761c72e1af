// Docusaurus's number prefixes: "01-intro.md" is the doc "intro" at /intro, placed first by its
// number in a generated sidebar; "02-guide/" is the folder "guide". Dates and versions
// ("2021-01-foo", "1.2-notes") are not prefixes. The rules are Docusaurus 3's
// DefaultNumberPrefixParser.

package site

import (
	"regexp"
	"strconv"
	"strings"
)

var (
	notNumberPrefix = regexp.MustCompile(`^\d+[-_.]\d+`)
	numberPrefixed  = regexp.MustCompile(`^(\d+)\s*[-_.]+\s*([^-_.\s].*)$`)
)

// splitNumberPrefix gives a file or folder name without its number prefix, and the number (nil
// when it has none).
func splitNumberPrefix(name string) (string, *float64) {
	if notNumberPrefix.MatchString(name) {
		return name, nil
	}
	m := numberPrefixed.FindStringSubmatch(name)
	if m == nil {
		return name, nil
	}
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return name, nil
	}
	return m[2], &n
}

// stripNumberPrefixes drops the number prefix of every segment of a slash-separated path.
func stripNumberPrefixes(p string) string {
	if p == "" {
		return p
	}
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i], _ = splitNumberPrefix(s)
	}
	return strings.Join(parts, "/")
}
