package all_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kartenwerk/engine/scenario"
)

// FuzzScenario: any text read as a scenario file, position and actions
// included, is run or refused with a reason; no designer's file panics a
// game: go test ./games/all -run x -fuzz FuzzScenario -fuzzminimizetime 1s.
// The games' own scenarios are the seeds, so mutations reach positions
// every game reads.
func FuzzScenario(f *testing.F) {
	files, err := filepath.Glob("../*/testdata/scenarios/*.yaml")
	if err != nil || len(files) == 0 {
		f.Fatalf("no scenario files to start from (%v)", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := scenario.Parse("fuzz.yaml", data)
		if err != nil {
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatalf("%q: refused without a reason", data)
			}
			return
		}
		if _, err := scenario.Run(file); err != nil && strings.TrimSpace(err.Error()) == "" {
			t.Fatalf("%q: could not run, without a reason", data)
		}
	})
}
