package nodeproc

import (
	"reflect"
	"testing"
)

func TestEnvLeavesOutOnlyTheExtraCertificates(t *testing.T) {
	in := []string{"PATH=/usr/bin", "NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt", "NODE_OPTIONS=--x", "HOME=/root"}
	if got, want := Env(in), []string{"PATH=/usr/bin", "NODE_OPTIONS=--x", "HOME=/root"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Env = %q, want %q", got, want)
	}
}
