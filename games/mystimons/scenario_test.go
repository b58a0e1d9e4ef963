package mystimons

import (
	"testing"

	"kartenwerk/engine/scenario"
)

func TestScenarios(t *testing.T) {
	scenario.RunFiles(t, "testdata/scenarios/*.yaml")
}
