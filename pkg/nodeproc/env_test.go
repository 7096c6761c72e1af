package nodeproc

import (
	"reflect"
	"testing"
)

// Node gets what it and docsd's scripts read; the extra certificates (slow to parse at each start)
// and everything else of docsd's environment, tokens above all, stay out: the project's code runs
// in these processes and what it renders is published.
func TestEnvPassesOnlyWhatNodeReads(t *testing.T) {
	in := []string{"PATH=/usr/bin", "NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt", "NODE_OPTIONS=--x", "HOME=/root",
		"GITHUB_TOKEN=ghp_x", "DOCSD_GITHUB_TOKEN=ghp_y", "AWS_SECRET_ACCESS_KEY=z", "NPM_CONFIG_USERCONFIG=/root/.npmrc",
		"TZ=Europe/Paris", "LANG=fr_FR.UTF-8", "LC_ALL=C.UTF-8", "DOCSD_SSR_PARTS=off", "DOCSD_API_KEY=k", "PATHX=/p"}
	want := []string{"PATH=/usr/bin", "NODE_OPTIONS=--x", "HOME=/root", "TZ=Europe/Paris", "LANG=fr_FR.UTF-8", "LC_ALL=C.UTF-8",
		"DOCSD_SSR_PARTS=off"}
	if got := Env(in); !reflect.DeepEqual(got, want) {
		t.Errorf("Env = %q, want %q", got, want)
	}
}
