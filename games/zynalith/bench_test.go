package zynalith

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

func benchSetup(seats int) func(i int) engine.Setup {
	return func(i int) engine.Setup {
		return engine.Setup{Game: "zynalith", Seats: seats, Seed: uint64(i) + 1}
	}
}

func BenchmarkRandomGames2(b *testing.B) { enginetest.BenchRandomGames(b, Game{}, benchSetup(2)) }
func BenchmarkRandomGames4(b *testing.B) { enginetest.BenchRandomGames(b, Game{}, benchSetup(4)) }
func BenchmarkRandomGames6(b *testing.B) { enginetest.BenchRandomGames(b, Game{}, benchSetup(6)) }

func BenchmarkClone(b *testing.B) { enginetest.BenchClone(b, Game{}, benchSetup(4)(1)) }

func BenchmarkLegalApply(b *testing.B) { enginetest.BenchLegalApply(b, Game{}, benchSetup(4)(1)) }
