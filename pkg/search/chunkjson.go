package search

// Why this file: a new, deleted or renamed page rewrites every term chunk (1,200 at 30,000 pages),
// and encoding them with encoding/json (a TermChunk built first, every list turned into []int) was
// 190 ms of such an edit's CPU. appendTermChunk writes the same bytes directly from the lists;
// TestAppendTermChunkIsMarshal holds it to encoding/json's output.

import "strconv"

// appendTermChunk writes the term chunk of keys (sorted) from their terms' lists as marshal writes
// the TermChunk of them, with an empty stamp; pos is scratch space (emptied here).
func (x *Index) appendTermChunk(b []byte, keys []key, lists []termLists, slot []int32, pos map[int32]int) ([]byte, error) {
	clear(pos)
	var terms []int32 // the chunk's terms in order of first key
	b = append(b, `{"version":`...)
	b = strconv.AppendInt(b, PublishedVersion, 10)
	b = append(b, `,"stamp":"","keys":[`...)
	var err error
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = appendJSONString(b, k.word); err != nil {
			return nil, err
		}
		if isTypoKey(k) {
			continue
		}
		if _, ok := pos[k.term]; !ok {
			pos[k.term] = len(terms)
			terms = append(terms, k.term)
		}
	}
	b = append(b, `],"keyTerms":[`...)
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		if isTypoKey(k) {
			b = append(b, "-1"...) // no term (typokeys.go)
			continue
		}
		b = strconv.AppendInt(b, int64(pos[k.term]), 10)
	}
	b = append(b, `],"terms":[`...)
	for i, t := range terms {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = appendJSONString(b, x.dict.terms[t]); err != nil {
			return nil, err
		}
	}
	for _, field := range []string{"titles", "crumbs", "names"} {
		b = append(b, `],"`...)
		b = append(b, field...)
		b = append(b, `":[`...)
		for i, t := range terms {
			if i > 0 {
				b = append(b, ',')
			}
			l := &lists[slot[t]]
			list := l.titles
			switch field {
			case "crumbs":
				list = l.crumbs
			case "names":
				list = l.names
			}
			b = appendDeltas(b, list)
		}
	}
	b = append(b, `],"postings":[`...)
	for i, t := range terms {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"') // posting strings hold only characters of digits: nothing to escape
		var prev pagePosting
		for _, pp := range lists[slot[t]].posts {
			b = appendPagePosting(b, prev, pp)
			prev = pp
		}
		b = append(b, '"')
	}
	return append(b, "]}"...), nil
}

// appendPagePosting writes one posting after prev (the term's posting before it; zero for the
// first): x = 8 × (page − prev's page) + s, where s is the section's number within its page when
// the page differs and the difference from prev's section when it is the same; an s of 7 or more
// is written as 7 with s − 7 after x. Both numbers in base 32 as in encodePosting, then the code
// digit. A common term is on most pages' first sections, so most postings are two digits. It
// writes onto a byte slice: the postings are most of a chunk.
func appendPagePosting(b []byte, prev, p pagePosting) []byte {
	dp := int(p.page - prev.page)
	s := int(p.section())
	if dp == 0 {
		s -= int(prev.section())
	}
	b = appendNumber(b, dp*8+min(s, 7))
	if s >= 7 {
		b = appendNumber(b, s-7)
	}
	return append(b, digits[p.code()])
}

// appendNumber writes n in base 32, most significant group first, every group but the last from
// the upper half of digits.
func appendNumber(b []byte, n int) []byte {
	var groups [13]byte
	k := len(groups)
	k--
	groups[k] = digits[n&31]
	for n >>= 5; n != 0; n >>= 5 {
		k--
		groups[k] = digits[32+n&31]
	}
	return append(b, groups[k:]...)
}

// appendDeltas writes a list of page numbers as the JSON list of its deltas (deltas).
func appendDeltas(b []byte, xs []int32) []byte {
	b = append(b, '[')
	prev := int32(0)
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x-prev), 10)
		prev = x
	}
	return append(b, ']')
}

// appendJSONString writes s as a JSON string as marshal does: a word of printable ASCII without
// quotes or backslashes as it is, any other through encoding/json (rare: words are mostly ASCII).
func appendJSONString(b []byte, s string) ([]byte, error) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			q, err := marshal(s)
			if err != nil {
				return nil, err
			}
			return append(b, q...), nil
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"'), nil
}
