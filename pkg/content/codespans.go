package content

// SplitCodeSpans walks a line of Markdown as text and inline code spans, in order: a code span is a
// run of backticks up to the next run of the same length; an unclosed run is text. Two readers of
// raw Markdown need it: the registry's link rewriting (only text is rewritten) and MDX detection
// (only text can hold MDX syntax).
func SplitCodeSpans(line string, each func(part string, code bool)) {
	start := 0 // start of the text not yet handed out
	for i := 0; i < len(line); {
		if line[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(line) && line[i+n] == '`' {
			n++
		}
		closeAt := -1
		for j := i + n; j < len(line); {
			if line[j] != '`' {
				j++
				continue
			}
			m := 0
			for j+m < len(line) && line[j+m] == '`' {
				m++
			}
			if m == n {
				closeAt = j
				break
			}
			j += m
		}
		if closeAt < 0 {
			i += n
			continue
		}
		if start < i {
			each(line[start:i], false)
		}
		each(line[i:closeAt+n], true)
		i = closeAt + n
		start = i
	}
	if start < len(line) {
		each(line[start:], false)
	}
}
