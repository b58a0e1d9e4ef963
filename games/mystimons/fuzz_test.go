package mystimons

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

func FuzzApply(f *testing.F) {
	enginetest.FuzzActions(f, New(), func(seed uint64) engine.Setup {
		return engine.Setup{Game: "mystimons", Seats: 2, Seed: seed, Variant: variantMix(int(seed % 64))}
	})
}
