package mysticelements

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
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

// BenchmarkDeterminize measures one determinization of a midgame state for
// the seat to move, as every ISMCTS iteration makes one.
func BenchmarkDeterminize(b *testing.B) {
	s := midgame(b)
	seat := s.ToMove()
	r := engine.NewRNG(9)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Determinize(seat, &r)
	}
}

// BenchmarkLocalizedView measures a seat's view of a midgame state in
// English, as the server builds it for each client kind on every move:
// in memory of its own, and in the room the view before it used, as a
// server builds it.
func BenchmarkLocalizedView(b *testing.B) {
	s := midgame(b)
	w := engine.Words{Lang: i18n.EN, Names: []string{"Anna", ""}}
	for _, bench := range []struct {
		name string
		room *engine.ViewRoom
	}{{"alone", nil}, {"room", &engine.ViewRoom{}}} {
		b.Run(bench.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = engine.LocalizedIn(s, 0, w, bench.room)
			}
		})
	}
}

// midgame is a game 60 random actions in.
func midgame(b *testing.B) engine.State {
	s, err := Game{}.New(engine.Setup{Game: "mysticelements", Seed: 3, Decks: twoDecks(b)})
	if err != nil {
		b.Fatal(err)
	}
	rng := engine.NewRNG(7)
	for legal, n := s.Legal(nil), 60; n > 0 && len(legal) > 0; n-- {
		if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
		legal = s.Legal(legal[:0])
	}
	return s
}
