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
