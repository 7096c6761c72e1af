package testhtml

import "testing"

func TestText(t *testing.T) {
	in := `<pre><code><span class="nb">npm</span> install &#34;made-up&#34; &amp;&amp; <b>done</b></code></pre>`
	if got, want := Text(in), `npm install "made-up" && done`; got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
}
