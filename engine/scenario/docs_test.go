package scenario_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kartenwerk/engine/scenario"
)

// Every example of docs/scenarios.md is a scenario file, shown as it is and
// passing: a block opens with the file's path as a comment.
func TestTheDocumentedExamplesAreRealFilesThatPass(t *testing.T) {
	const root = "../.."
	doc, err := os.ReadFile(filepath.Join(root, "docs/scenarios.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(doc), "```yaml\n# ")
	if len(blocks) < 8 {
		t.Fatalf("docs/scenarios.md has %d examples, want one per feature", len(blocks)-1)
	}
	for _, b := range blocks[1:] {
		path, rest, _ := strings.Cut(b, "\n")
		body, _, ok := strings.Cut(rest, "```")
		if !ok {
			t.Fatalf("the example %s is not closed", path)
		}
		file, err := os.ReadFile(filepath.Join(root, path))
		if err != nil {
			t.Errorf("the example %s is no file: %v", path, err)
			continue
		}
		if string(file) != body {
			t.Errorf("the example %s differs from the file", path)
		}
		if strings.HasPrefix(path, "engine/scenario/") {
			scenario.RunFiles(t, filepath.Join(root, path))
		}
	}
}
