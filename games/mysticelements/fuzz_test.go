package mysticelements

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

// FuzzActions feeds arbitrary action text to Apply (the seed corpus runs
// in the normal tests).
func FuzzActions(f *testing.F) {
	enginetest.FuzzActions(f, Game{}, func(seed uint64) engine.Setup { return randomSetup(int(seed % 1000)) })
}
