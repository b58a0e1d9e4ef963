package ai_test

import (
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// peeking lets a search see every hidden card and every future roll: the
// worlds it samples are the true one. It exists only here, to measure how
// much of a game's outcome play can change at all.
type peeking struct{ engine.State }

func (p peeking) Determinize(engine.Seat, *engine.RNG) engine.State { return p.State.Clone() }

// BenchmarkSkillCeiling plays ISMCTS (1000 iterations) against greedy and
// against random in every game, one mirrored deal per iteration (each
// agent once in each seat), twice: seeing only its own view ("fair-%")
// and seeing everything ("peek-%"), the win rates reported as metrics.
// When even the peeking search barely beats its opponent, the deal, not
// the play, decides most games. Run it with e.g. -benchtime 100x for 200
// games per figure.
func BenchmarkSkillCeiling(b *testing.B) {
	for _, g := range engine.Games() {
		for _, opponent := range []string{"greedy", "random"} {
			b.Run(g.Info().ID+"/vs-"+opponent, func(b *testing.B) {
				var fair, peek float64
				deal := uint64(0)
				for b.Loop() {
					deal++
					for seat := engine.Seat(0); seat < 2; seat++ {
						fair += searchVs(b, g, opponent, deal, seat, false)
						peek += searchVs(b, g, opponent, deal, seat, true)
					}
				}
				games := 2 * float64(deal)
				b.ReportMetric(100*fair/games, "fair-%")
				b.ReportMetric(100*peek/games, "peek-%")
			})
		}
	}
}

// searchVs plays one game of deal with ISMCTS in seat against the
// opponent's spec and returns its reward.
func searchVs(b *testing.B, g engine.Game, opponent string, deal uint64, seat engine.Seat, peek bool) float64 {
	s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: 2, Seed: deal})
	if err != nil {
		b.Fatal(err)
	}
	search := ai.NewISMCTS(ai.DefaultISMCTS, deal)
	other, err := ai.New(opponent, deal)
	if err != nil {
		b.Fatal(err)
	}
	for {
		done, out := s.Terminal()
		if done {
			return out.Reward(seat)
		}
		var a engine.Action
		switch {
		case s.ToMove() != seat:
			a, err = other.Act(s)
		case peek:
			a, err = search.Act(peeking{s})
		default:
			a, err = search.Act(s)
		}
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}
