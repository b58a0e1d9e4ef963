package mystimons

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

func BenchmarkRandomGames(b *testing.B) {
	enginetest.BenchRandomGames(b, New(), func(i int) engine.Setup {
		return engine.Setup{Game: "mystimons", Seats: 2, Seed: uint64(i) + 1}
	})
}

func BenchmarkClone(b *testing.B) {
	enginetest.BenchClone(b, New(), engine.Setup{Game: "mystimons", Seats: 2, Seed: 5})
}

func BenchmarkLegalApply(b *testing.B) {
	enginetest.BenchLegalApply(b, New(), engine.Setup{Game: "mystimons", Seats: 2, Seed: 5})
}
