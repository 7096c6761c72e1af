package mdx

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// TestSectionsReaderMatchesXML holds readTokens to encoding/xml's reading (xmlTokens): on markup as
// React writes it, which it must take, and on markup made at random (fixed seed) from pieces where
// the two could part, where each time it takes the text it must read the same tokens.
func TestSectionsReaderMatchesXML(t *testing.T) {
	react := []string{
		`<div class="markdown" data-mdx-content="true"><p>Intro &amp; more<br/>text &lt;x&gt; &quot;q&quot; &#x27;s</p>` +
			`<h2 id="a-b">A <code>b</code><!-- --> c</h2><ul><li><input type="checkbox" disabled="" checked=""/> done</li></ul>` +
			`<table><thead><tr><th style="text-align:left">H</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>` +
			`<pre class="chroma"><code><span class="k">if</span> a &lt; b &amp;&amp; c &#39;d&#39; &#34;e&#34;</code></pre>` +
			`<img src="/a.png" alt="A &amp; B"/><hr/><!--$--><div role="tabpanel" hidden="">Tab</div><!--/$--></div><footer>after</footer>`,
		`<div data-mdx-content="true"></div>`,
		`<div data-mdx-content="true">text only, with "quotes" and it's ]] > fine</div>`,
	}
	for _, s := range react {
		got, ok := readTokens(s)
		if !ok {
			t.Errorf("readTokens did not take React's markup %q", s)
			continue
		}
		if want := xmlTokens(s); !reflect.DeepEqual(got, want) {
			t.Errorf("readTokens(%q)\n= %+v\nencoding/xml reads\n  %+v", s, got, want)
		}
	}
	pieces := []string{`<p>`, `</p>`, `<h2 id="x">`, `</h2>`, `<span class="copy-button">`, `</span>`, `<br/>`, `<br>`, `<BR>`,
		`<img src="a"/>`, `<img src="a">`, `<wbr>`, `<a href='x'>`, `<a href=x>`, `<a href="x" >`, `<a  href="x">`, `<a href = "x">`,
		`</a>`, `</a >`, `</ a>`, `<svg:g>`, `<x xlink:id="q">`, `<1x>`, `<_x>`, `<-x>`, `<x.y>`, `<script>`, `</script>`, `<style>`,
		`<!-- -->`, `<!--a--b-->`, `<!--`, `<![CDATA[c]]>`, `<!DOCTYPE html>`, `<?x?>`, `text`, ` `, "\n", "\t", "\r\n", `&amp;`,
		`&lt;`, `&nbsp;`, `&copy;`, `&#65;`, `&#x41;`, `&#X41;`, `&#0;`, `&#xD800;`, `&#+65;`, `&#x;`, `&`, `&amp`, `]]>`, `>`, `<`,
		"\x01", "\xff", "\ufffd", "é", `"`, `'`, `<h3 id="a&amp;b" class="c">`, `</h3>`, `<div>`, `</div>`, `<td style="a:b">`, `</td>`,
		`<input disabled>`, `<x y="a<b">`, `<x y="&#34;">`, `<x/>`, `<x />`, `<x/ >`}
	// Pieces it takes, put together balanced, so that many documents are compared.
	leaves := []string{`<br/>`, `<hr />`, `<img alt="&lt;a&gt;"/>`, `<!-- -->`, `<!--$-->`, `text`, ` `, "\n", "\t", `&amp;`, `&lt;`,
		`&gt;`, `&quot;`, `&apos;`, `&#65;`, `&#x41;`, `&#x1F600;`, `>`, `'`, `"`, "é", "\U0001F600"}
	elements := []string{`p`, `h2 id="x&quot;y"`, `h3 id="&#x27;" class="c"`, `span class="copy-button"`, `x.y-z_`, `td style="a:b"`, `code`}
	var balanced func(b *strings.Builder, rng *rand.Rand, depth int)
	balanced = func(b *strings.Builder, rng *rand.Rand, depth int) {
		for n := rng.Intn(5); n >= 0; n-- {
			if depth < 4 && rng.Intn(3) == 0 {
				e := elements[rng.Intn(len(elements))]
				b.WriteString("<" + e + ">")
				balanced(b, rng, depth+1)
				name, _, _ := strings.Cut(e, " ")
				b.WriteString("</" + name + ">")
			} else {
				b.WriteString(leaves[rng.Intn(len(leaves))])
			}
		}
	}
	rng := rand.New(rand.NewSource(14))
	taken := 0
	for i := 0; i < 10000; i++ {
		var b strings.Builder
		b.WriteString(`<div data-mdx-content="true">`)
		for n := rng.Intn(12); n >= 0; n-- {
			if i%2 == 0 {
				b.WriteString(pieces[rng.Intn(len(pieces))])
			} else {
				balanced(&b, rng, 0)
			}
		}
		if rng.Intn(4) > 0 {
			b.WriteString(`</div>`)
		}
		b.WriteString(`<p>after</p>`)
		s := b.String()
		got, ok := readTokens(s)
		if !ok {
			continue
		}
		taken++
		if want := xmlTokens(s); !reflect.DeepEqual(got, want) {
			t.Errorf("readTokens(%q)\n= %+v\nencoding/xml reads\n  %+v", s, got, want)
		}
	}
	if taken < 3000 {
		t.Errorf("readTokens took %d of 10,000 random documents: the comparison tests too little", taken)
	}
}

// readTokens is the tokens scanTokens gives for the element that s starts with, to its end; ok is
// false when s holds anything the reader does not take.
func readTokens(s string) (toks []textToken, ok bool) {
	if !scanTokens(s, func(t textToken) bool { toks = append(toks, t); return false }) {
		return nil, false
	}
	return toks, true
}
