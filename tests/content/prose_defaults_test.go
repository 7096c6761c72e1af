package content

// This file makes the prose agree with the settings reference: where a paragraph of any page gives
// the default of a server or worker setting next to its name ("`id-token-duration` (default 5
// minutes)", "(`VELA_DEFAULT_BUILD_LIMIT`, 10)", "`VELA_SCHEDULE_INTERVAL` (five minutes by
// default)"), the value must be the flag's default in the v0.26 flag tables
// (testdata/vela-facts/data/{server,worker}_flags_*.json), which the settings tables are also
// checked against.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// the value forms a sentence gives: a code span, or a number (in digits or words) with an optional unit
// (the bare "(10)" and ", 10)" forms take a number only: "(`X`)" after a name is usually another name)
const (
	proseNum = "(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty)" +
		"(?:\\s+(?:seconds?|minutes?|hours?|days?))?"
	proseNumber = "(" + proseNum + ")"
	proseValue  = "(`[^`]+`|" + proseNum + ")"
)

var (
	// what may follow a setting's name to give its default
	proseDefaultAfter = []*regexp.Regexp{
		regexp.MustCompile("^\\s*\\((?:`[^`]+`,\\s*)?default:?\\s+" + proseValue),                // `x` (default 5 minutes; `x` (`X`, default `3`
		regexp.MustCompile("^`?\\s*,\\s*default:?\\s+" + proseValue),                             // (`x`, default `3`
		regexp.MustCompile("^\\s*[(,]\\s*" + proseValue + "\\s+by default\\b"),                   // `x` (five minutes by default); `x`, one hour by default
		regexp.MustCompile("^\\s*,\\s*" + proseNumber + "\\)"),                                   // (`x`, 10)
		regexp.MustCompile("^\\s*\\(" + proseNumber + "\\)"),                                     // `x` (10)
		regexp.MustCompile("^\\s+(?:is|defaults to)\\s+" + proseValue + "\\s+\\(the default\\)"), // `x` is `true` (the default)
	}
	proseNumberWords = map[string]string{"one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
		"six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10", "fifteen": "15", "twenty": "20", "thirty": "30"}
	proseUnits = map[string]time.Duration{"second": time.Second, "minute": time.Minute, "hour": time.Hour, "day": 24 * time.Hour}
	anyFence   = regexp.MustCompile("(?ms)^\\s*```.*?^\\s*```[^\\n]*$")
)

// settingDefault is a flag of the server or worker that a name in prose may stand for.
type settingDefault struct {
	Comp string
	Flag cliFlagFact
}

// proseSettings maps each flag name (with and without --) and each variable of a server or worker
// flag to the flags it names.
func proseSettings(t *testing.T) map[string][]settingDefault {
	t.Helper()
	out := map[string][]settingDefault{}
	for comp, flags := range componentFlags(t) {
		for _, f := range flags {
			d := settingDefault{Comp: comp, Flag: f}
			out[f.Names[0]] = append(out[f.Names[0]], d)
			out["--"+f.Names[0]] = append(out["--"+f.Names[0]], d)
			for _, e := range f.Env {
				out[e] = append(out[e], d)
			}
		}
	}
	return out
}

// proseMatches reports whether the value a sentence gives is the flag's default: a duration is
// compared as a duration, a number with a unit by its number for integer flags (days, minutes).
func proseMatches(value string, f cliFlagFact) bool {
	value = strings.TrimSpace(value)
	if v, ok := strings.CutPrefix(value, "`"); ok {
		v = strings.TrimSuffix(v, "`")
		if f.Type == "DurationFlag" {
			d, err := time.ParseDuration(v)
			return err == nil && d.String() == f.Default
		}
		if list, ok := strings.CutPrefix(f.Default, "["); ok {
			return v == strings.TrimSuffix(list, "]") // a list of one value, as Go prints it: [push]
		}
		return v == f.Default
	}
	num, unit, _ := strings.Cut(value, " ")
	if w, ok := proseNumberWords[num]; ok {
		num = w
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return false
	}
	if f.Type == "DurationFlag" {
		u, ok := proseUnits[strings.TrimSuffix(strings.TrimSpace(unit), "s")]
		return ok && (time.Duration(n)*u).String() == f.Default
	}
	return strconv.Itoa(n) == f.Default
}

// checkProseDefaults returns the defaults a page's paragraphs give that no flag of that name has,
// and how many it read.
func checkProseDefaults(settings map[string][]settingDefault, file, body string, offset int) (read int, errs []string) {
	// blank out code blocks, keeping their lines, so that line numbers stay right
	body = anyFence.ReplaceAllStringFunc(body, func(s string) string { return strings.Repeat("\n", strings.Count(s, "\n")) })
	lines := strings.Split(body, "\n")
	for i := 0; i < len(lines); i++ {
		if strings.HasPrefix(strings.TrimSpace(lines[i]), "|") {
			continue // tables are checked by the settings table tests
		}
		// a paragraph's text from this line on, joined, so that a value on the next line is read
		para := lines[i]
		for j := i + 1; j < len(lines) && j < i+3 && strings.TrimSpace(lines[j]) != "" && !strings.HasPrefix(strings.TrimSpace(lines[j]), "|"); j++ {
			para += " " + strings.TrimSpace(lines[j])
		}
		for _, m := range codeSpan.FindAllStringSubmatchIndex(lines[i], -1) {
			name := lines[i][m[2]:m[3]]
			defs := settings[name]
			if len(defs) == 0 {
				continue
			}
			rest := para[m[1]:]
			for _, re := range proseDefaultAfter {
				v := re.FindStringSubmatch(rest)
				if v == nil {
					continue
				}
				read++
				ok := false
				var want []string
				for _, d := range defs {
					ok = ok || proseMatches(v[1], d.Flag)
					want = append(want, fmt.Sprintf("%s --%s: %q", d.Comp, d.Flag.Names[0], d.Flag.Default))
				}
				if !ok {
					errs = append(errs, fmt.Sprintf("%s:%d: `%s` defaults to %s here; the flag table says %s", file, i+1+offset, name, v[1], strings.Join(want, ", ")))
				}
				break
			}
		}
	}
	return read, errs
}

// TestProseDefaultsMatchSettings checks every Markdown file under content/.
func TestProseDefaultsMatchSettings(t *testing.T) {
	settings := proseSettings(t)
	total := 0
	for _, f := range contentFiles(t) {
		body, off := readBody(t, f)
		n, errs := checkProseDefaults(settings, f, body, off)
		total += n
		for _, e := range errs {
			t.Error(e)
		}
	}
	if total < 15 {
		t.Fatalf("only %d defaults read from prose", total)
	}
	t.Logf("checked %d defaults given in prose", total)
}

// TestProseDefaultsCatchPlantedErrors: each sentence form with a wrong value fails, with the right one
// passes; a value in a table or a code block is not read here.
func TestProseDefaultsCatchPlantedErrors(t *testing.T) {
	settings := proseSettings(t)
	good := "The token lives for `id-token-duration` (default 5 minutes).\n" +
		"It fills in the build limit (`VELA_DEFAULT_BUILD_LIMIT`, 10), timeout\n(`VELA_DEFAULT_BUILD_TIMEOUT`, 30).\n" +
		"The server flag `max-template-depth` (`VELA_MAX_TEMPLATE_DEPTH`, default `3`, at least `1`).\n" +
		"Every `VELA_SCHEDULE_INTERVAL` (five minutes by default) and `VELA_SCHEDULE_MINIMUM_FREQUENCY`, one hour by default.\n" +
		"Capped at `VELA_MAX_BUILD_LIMIT` (30); `VELA_EXECUTOR_ENFORCE_TRUSTED_REPOS` is `true` (the default).\n" +
		"`settings-refresh-interval` (default `5s`).\n"
	bad := "The token lives for `id-token-duration` (default 10 minutes).\n" +
		"It fills in the build limit (`VELA_DEFAULT_BUILD_LIMIT`, 5), timeout\n(`VELA_DEFAULT_BUILD_TIMEOUT`, 60).\n" +
		"The server flag `max-template-depth` (`VELA_MAX_TEMPLATE_DEPTH`, default `5`, at least `1`).\n" +
		"Every `VELA_SCHEDULE_INTERVAL` (ten minutes by default) and `VELA_SCHEDULE_MINIMUM_FREQUENCY`, one day by default.\n" +
		"Capped at `VELA_MAX_BUILD_LIMIT` (25); `VELA_EXECUTOR_ENFORCE_TRUSTED_REPOS` is `false` (the default).\n" +
		"`settings-refresh-interval` (default `5m`).\n" +
		"| `id-token-duration` (default 1 minute) |\n```sh\n# `VELA_DEFAULT_BUILD_LIMIT` (99)\n```\n"
	if n, errs := checkProseDefaults(settings, "good", good, 0); n != 10 || len(errs) != 0 {
		t.Errorf("good: want 10 defaults read and no errors, got %d, %v", n, errs)
	}
	if n, errs := checkProseDefaults(settings, "bad", bad, 0); n != 10 || len(errs) != 10 {
		t.Errorf("bad: want 10 defaults read and 10 errors, got %d, %d: %v", n, len(errs), errs)
	}
}
