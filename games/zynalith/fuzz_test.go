package zynalith

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

func FuzzZynalith(f *testing.F) {
	enginetest.FuzzActions(f, Game{}, func(seed uint64) engine.Setup {
		return mixedSetup(int(seed % 1000))
	})
}
