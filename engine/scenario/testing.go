package scenario

import (
	"path/filepath"
	"testing"
)

// RunFiles runs every scenario matching the glob as a subtest named after
// the file, failing on every unmet expectation. It fails if none match, so
// a moved directory is noticed.
func RunFiles(t *testing.T, glob string) {
	t.Helper()
	paths, err := filepath.Glob(glob)
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scenario files match %s (%v)", glob, err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Run(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range res.Failures {
				t.Error(p)
			}
		})
	}
}
