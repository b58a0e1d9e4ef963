package mystimons

import (
	"slices"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

// digestRules are the rule ids of the MystiMons digest.
var digestRules = []string{
	"MM-1.1", "MM-1.2", "MM-1.3", "MM-2.1", "MM-2.2", "MM-2.3", "MM-2.4",
	"MM-2.5", "MM-2.6", "MM-2.7", "MM-2.8", "MM-2.9", "MM-2.10", "MM-2.11",
	"MM-2.12", "MM-2.13", "MM-2.14", "MM-2.15", "MM-2.16", "MM-3.1", "MM-3.2",
	"MM-3.3", "MM-3.4", "MM-3.5", "MM-3.6", "MM-3.7", "MM-4.1", "MM-4.2",
	"MM-4.3", "MM-4.4", "MM-4.5", "MM-4.6", "MM-5.1", "MM-5.2", "MM-5.3",
	"MM-5.4", "MM-5.5", "MM-5.6", "MM-5.7", "MM-5.8", "MM-5.9", "MM-5.10",
	"MM-6.1", "MM-6.2", "MM-6.3", "MM-6.4", "MM-6.5", "MM-6.6", "MM-6.7",
	"MM-6.8", "MM-6.9", "MM-6.10", "MM-6.11", "MM-6.12", "MM-6.13", "MM-7.1",
	"MM-7.2", "MM-7.3", "MM-7.4", "MM-7.5", "MM-8.1", "MM-8.2", "MM-8.3",
	"MM-8.4", "MM-8.5", "MM-8.6", "MM-8.7", "MM-8.8", "MM-9.1", "MM-9.2",
	"MM-9.3", "MM-9.4", "MM-9.5", "MM-9.6", "MM-9.7", "MM-9.8", "MM-10.1",
	"MM-10.2", "MM-10.3", "MM-10.4", "MM-10.5", "MM-10.6", "MM-10.7",
	"MM-10.8", "MM-10.9", "MM-10.10", "MM-10.11", "MM-10.12", "MM-10.13",
	"MM-10.14", "MM-10.15", "MM-10.16", "MM-10.17", "MM-10.18", "MM-10.19",
	"MM-10.20", "MM-10.21", "MM-10.22", "MM-10.23", "MM-10.U1", "MM-10.U2",
	"MM-10.U3", "MM-10.U4", "MM-10.U5", "MM-10.U6", "MM-10.U7", "MM-10.U8",
	"MM-10.U9", "MM-10.U10",
}

// Every rule id of the digest is cited by a test, in its name or in a
// comment or message inside it, or by a scenario file.
func TestEveryRuleIsCited(t *testing.T) { enginetest.CheckRulesCited(t, digestRules) }

// MM-6.12 defines Active, Bench, Switch, Mulligan, Deck-out and Surrender
// as MM-2 to MM-7 use them (each tested under its own id); the game speaks
// of them in the same words: the zones of the field, the verbs of a switch
// and a surrender, and the reasons a game ends.
func TestMM6_12_TheDefinedTermsAreTheGamesWords(t *testing.T) {
	s, err := New().New(engine.Setup{Game: "mystimons", Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.View(engine.Seat(0)).Players {
		for _, zone := range []string{znActive, znBench} {
			if !slices.ContainsFunc(p.Zones, func(z engine.Zone) bool { return z.Name == zone }) {
				t.Errorf("%v has no %q zone", p.Seat, zone)
			}
		}
	}
	for _, verb := range []string{"switch", "surrender"} {
		if !slices.ContainsFunc(codec.Verbs(), func(v engine.VerbSpec) bool { return v.Name == verb }) {
			t.Errorf("no %q action", verb)
		}
	}
	for _, reason := range []string{"deck-out", "surrender"} {
		if !slices.Contains(reasonNames, reason) {
			t.Errorf("no game ends by %q", reason)
		}
	}
}
