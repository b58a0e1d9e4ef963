package tournament

import (
	"fmt"
	"testing"
)

// BenchmarkSwissEvent512 pairs and plays a whole event of 512 players over
// the recommended 9 rounds, the higher seat winning each match 2-1.
func BenchmarkSwissEvent512(b *testing.B) {
	players := make([]string, 512)
	for i := range players {
		players[i] = fmt.Sprintf("player-%03d", i)
	}
	for b.Loop() {
		event, err := NewSwiss(players, RecommendedRounds(len(players)))
		if err != nil {
			b.Fatal(err)
		}
		for round := 1; round <= event.Rounds(); round++ {
			matches, err := event.PairRound()
			if err != nil {
				b.Fatal(err)
			}
			for _, m := range matches {
				if !m.IsBye() {
					if err := event.Report(round, m.Table, GameScore{WinsA: 2, WinsB: 1}); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		_ = event.Standings()
	}
}
