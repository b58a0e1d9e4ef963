package athernum

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

func FuzzActions(f *testing.F) {
	enginetest.FuzzActions(f, theGame, func(seed uint64) engine.Setup {
		return mixedSetup(int(seed % 1000))
	})
}
