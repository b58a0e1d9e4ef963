package athernum

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

func benchSetup(seats int) func(i int) engine.Setup {
	return func(i int) engine.Setup {
		return engine.Setup{Game: "athernum", Seats: seats, Seed: uint64(i) + 1, Variant: map[string]string{varTurnLimit: "120"}}
	}
}

func BenchmarkRandomGames2(b *testing.B) { enginetest.BenchRandomGames(b, theGame, benchSetup(2)) }
func BenchmarkRandomGames3(b *testing.B) { enginetest.BenchRandomGames(b, theGame, benchSetup(3)) }
func BenchmarkRandomGames4(b *testing.B) { enginetest.BenchRandomGames(b, theGame, benchSetup(4)) }

func BenchmarkClone(b *testing.B) { enginetest.BenchClone(b, theGame, benchSetup(2)(1)) }

func BenchmarkLegalApply(b *testing.B) { enginetest.BenchLegalApply(b, theGame, benchSetup(2)(1)) }
