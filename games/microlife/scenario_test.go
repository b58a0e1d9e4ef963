package microlife

import (
	"testing"

	"kartenwerk/engine/scenario"
)

// TestScenarios runs the rule scenarios of testdata/scenarios; each cites
// the rule ids it checks.
func TestScenarios(t *testing.T) {
	scenario.RunFiles(t, "testdata/scenarios/*.yaml")
}
