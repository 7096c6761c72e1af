package bundle

import "testing"

// BenchmarkSecretsInShell is what searching the shell's files for credentials adds to a full
// build of the repository's shell (both bundles' inputs, each file read and searched once).
func BenchmarkSecretsInShell(b *testing.B) {
	bu, err := New("../../site", "/docs/", "", true)
	if err != nil {
		b.Fatal(err)
	}
	defer bu.Close()
	if _, err := bu.Build(); err != nil {
		b.Fatal(err)
	}
	cr, sr := bu.client.Rebuild(), bu.server.Rebuild()
	meta, err := parseMeta(cr.Metafile)
	if err != nil {
		b.Fatal(err)
	}
	smeta, err := parseMeta(sr.Metafile)
	if err != nil {
		b.Fatal(err)
	}
	files := 0
	for in := range meta.Inputs {
		if abs := bu.inputFile(in); abs != "" && !isNodeModules(abs) {
			files++
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bu.startBuild()
		if err := bu.secretsIn(meta, smeta); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(files), "files")
	b.ReportMetric(float64(len(cr.Metafile)+len(sr.Metafile)), "metafile-bytes")
}

// inputFile names the files of esbuild's inputs, those of docsd's file namespaces too, and no
// module docsd makes.
func TestInputFile(t *testing.T) {
	b := &Bundler{siteDir: "/p/site"}
	for in, want := range map[string]string{
		"src/App.jsx":                 "/p/site/src/App.jsx",
		"../content/docs/_a.mdx":      "/p/content/docs/_a.mdx",
		rawNS + ":/p/src/deploy.sh":   "/p/src/deploy.sh",
		svgNamespace + ":/p/logo.svg": "/p/logo.svg",
		"docsd-mdx:custom-fields":     "",
		"docsd-shared:site:src/a.js":  "",
	} {
		if got := b.inputFile(in); got != want {
			t.Errorf("inputFile(%q) = %q, want %q", in, got, want)
		}
	}
}
