package mysticelements

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

func BenchmarkRandomGame(b *testing.B) {
	decks := twoDecks(b)
	enginetest.BenchRandomGames(b, Game{}, func(i int) engine.Setup {
		return engine.Setup{Game: "mysticelements", Seed: uint64(i) + 1, Decks: decks}
	})
}

// BenchmarkRandomGamePicks includes the colour picks at setup.
func BenchmarkRandomGamePicks(b *testing.B) {
	enginetest.BenchRandomGames(b, Game{}, func(i int) engine.Setup {
		return engine.Setup{Game: "mysticelements", Seed: uint64(i) + 1}
	})
}

func BenchmarkClone(b *testing.B) {
	enginetest.BenchClone(b, Game{}, engine.Setup{Game: "mysticelements", Seed: 3, Decks: twoDecks(b)})
}

func BenchmarkLegalApply(b *testing.B) {
	enginetest.BenchLegalApply(b, Game{}, engine.Setup{Game: "mysticelements", Seed: 3, Decks: twoDecks(b)})
}
