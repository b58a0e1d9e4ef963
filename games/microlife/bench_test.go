package microlife

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

func benchSetup(i int) engine.Setup {
	return engine.Setup{Game: "microlife", Seats: 2, Seed: uint64(i) + 1}
}

func BenchmarkRandomGames(b *testing.B) { enginetest.BenchRandomGames(b, Game{}, benchSetup) }

func BenchmarkClone(b *testing.B) { enginetest.BenchClone(b, Game{}, benchSetup(1)) }

func BenchmarkLegalApply(b *testing.B) { enginetest.BenchLegalApply(b, Game{}, benchSetup(1)) }
