package enginetest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"kartenwerk/engine/enginetest"
)

// recorder is a testing.TB that keeps the errors it is given.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func TestCheckRulesCitedCountsOnlyTests(t *testing.T) {
	dir := t.TempDir()
	src := `package x

// XX-1.1 is cited by a helper's comment only, which does not count.
func helper() {}

// TestXX_1_2 cites XX-1.2 by its name and XX-1.3 in its doc comment.
func TestXX_1_2(t *testing.T) {
	t.Log("XX-1.4 in a message")
}
`
	if err := os.WriteFile(filepath.Join(dir, "x_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "testdata", "scenarios"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "testdata", "scenarios", "s.yaml"), []byte("rules: [XX-2.1]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	r := &recorder{TB: t}
	enginetest.CheckRulesCited(r, []string{"XX-1.1", "XX-1.2", "XX-1.3", "XX-1.4", "XX-2.1", "XX-1.41", "XX-2"})
	want := []string{
		"rule XX-1.1 is not cited by any test or scenario",
		"rule XX-1.41 is not cited by any test or scenario",
		"rule XX-2 is not cited by any test or scenario",
	}
	if fmt.Sprint(r.errors) != fmt.Sprint(want) {
		t.Errorf("errors:\n%q\nwant\n%q", r.errors, want)
	}
}
