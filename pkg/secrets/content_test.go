package secrets

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// No file of the Vela site or of the test sites holds a credential: their example tokens, keys and
// JWTs are placeholders, and the detector must let every one pass.
func TestNoFindingInOurContent(t *testing.T) {
	files := 0
	for _, dir := range []string{"../../content", "../../testdata/sites", "../../site/src"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !d.Type().IsRegular() {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files++
			if f, ok := Find(data); ok {
				t.Errorf("%s: %s at byte %d", path, f.Kind, f.Offset)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 100 {
		t.Fatalf("only %d files read: the folders moved?", files)
	}
}
