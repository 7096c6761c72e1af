package search

// The posting encoder as it was before appendPagePosting (chunkjson.go) wrote onto byte slices:
// kept here, out of the package, as the reference the tests hold the encoder and the decoder to.

import "strings"

// encodePagePosting writes one posting after prev (the term's posting before it; zero for the
// first): x = 8 × (page − prev's page) + s, where s is the section's number within its page when
// the page differs and the difference from prev's section when it is the same; an s of 7 or more
// is written as 7 with s − 7 after x. Both numbers in base 32 as in encodePosting, then the code
// digit. A common term is on most pages' first sections, so most postings are two digits.
func encodePagePosting(b *strings.Builder, prev, p pagePosting) {
	dp := int(p.page - prev.page)
	s := int(p.section())
	if dp == 0 {
		s -= int(prev.section())
	}
	writeNumber(b, dp*8+min(s, 7))
	if s >= 7 {
		writeNumber(b, s-7)
	}
	b.WriteByte(digits[p.code()])
}

// writeNumber writes n in base 32, most significant group first, every group but the last from
// the upper half of digits.
func writeNumber(b *strings.Builder, n int) {
	var groups [8]int
	k := 0
	for {
		groups[k] = n & 31
		k++
		n >>= 5
		if n == 0 {
			break
		}
	}
	for i := k - 1; i > 0; i-- {
		b.WriteByte(digits[32+groups[i]])
	}
	b.WriteByte(digits[groups[0]])
}
