package mystimons

import (
	"testing"

	"kartenwerk/ai"
)

// MM-5.1, MM-4.4, MM-5.8: a Summon is free and leaves the turn's one
// attack open, while the attack ends the turn, so with a Stufe-1
// MystiMon in hand and room on the Bench the one-step agent summons
// before it attacks, whether or not the attack would knock out the
// opposing Active (MM-7.1 makes a lone Active a liability).
func TestGreedySummonsBeforeItAttacks_MM_5_1(t *testing.T) {
	cases := []struct{ name, mine, theirs string }{
		{"attack would knock out the Active", "active: [Embrix]\n      hand: [Cindrik]",
			"active: [{card: Terrix, counters: {hp: 5}}]\n      bench: [Mossel]"},
		{"attack would knock out a strong Active", "active: [Embrix]\n      hand: [Cindrik]",
			"active: [{card: Titanor, counters: {hp: 1}}]\n      bench: [Mossel]"},
		{"attack would only wound", "active: [Embrix]\n      hand: [Cindrik]",
			"active: [Terrix]\n      bench: [Mossel]"},
		{"one MystiMon already benched", "active: [Embrix]\n      bench: [Flaru]\n      hand: [Cindrik]",
			"active: [{card: Terrix, counters: {hp: 5}}]\n      bench: [Mossel]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 5; seed++ {
				s := pos(t, "", duel(c.mine, c.theirs))
				a, err := ai.NewGreedy(seed).Act(s)
				if err != nil {
					t.Fatal(err)
				}
				if a.Verb != vSummon {
					t.Fatalf("seed %d: greedy chose %s, want the Summon of Cindrik", seed, s.Describe(a, 0))
				}
			}
		})
	}
}

// MM-5.2: evolving into a Champion only opens the confirmation, and a
// cancel restores the table, so agents count it as a rearrangement and
// stop offering it to themselves after a few in one turn; a greedy agent
// that rated cancelling above confirming once evolved and cancelled
// without end.
func TestChampionEvolutionIsARearrangement_MM_5_2(t *testing.T) {
	s := pos(t, "", duel("active: [Geodrax]\n      bench: [Terrix]\n      hand: [Terragon, Granok, Mossel]", "active: [Embrix]"))
	cases := []struct {
		action string
		want   bool
	}{
		{"evolve {Terragon} {Geodrax}", true},
		{"evolve {Granok} {Terrix}", false},
		{"summon {Mossel}", false},
		{"cancel", false},
	}
	for _, c := range cases {
		a, err := codec.Parse(text(t, s, c.action))
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Rearranges(a); got != c.want {
			t.Errorf("Rearranges(%s) = %v, want %v", c.action, got, c.want)
		}
	}
}
