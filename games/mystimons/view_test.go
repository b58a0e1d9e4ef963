package mystimons

import (
	"fmt"
	"testing"
)

// TestCountersThatOnlyMatterWhenSomeAreShownOnlyThen: pending Double
// Energy (MM-9.4), mulligans taken (MM-3.4) and the once-a-turn marks
// (energy placed MM-4.2, Stage 1 summoned MM-5.1, free switch used
// MM-5.7) are a seat's counters when it has some, with their number, and
// not there at 0, where the table would show a chip of nothing.
func TestCountersThatOnlyMatterWhenSomeAreShownOnlyThen(t *testing.T) {
	for _, c := range []struct {
		name string
		most int
	}{{"double-energy", 2}, {"mulligans", 2}, {"energy-placed", 1}, {"summoned", 1}, {"switched", 1}} {
		name := c.name
		for n := range c.most + 1 {
			s := pos(t, "", fmt.Sprintf("active: p1\nseats:\n"+
				"  - zones: {active: [Embrix], deck: [Fire Energy, Fire Energy]}\n    counters: {%s: %d}\n"+
				"  - zones: {active: [Aquor], deck: [Water Energy, Water Energy]}\n", name, n))
			v := s.View(0)
			for seat := range v.Players {
				want := n
				if seat == 1 {
					want = 0 // the position gives p2 none
				}
				got, shown := v.Players[seat].Counter(name)
				if shown != (want > 0) || got != want {
					t.Errorf("%s %d: p%d's counters show %s %d (shown %v), want it shown only when it is some, as %d", name, n, seat+1, name, got, shown, want)
				}
			}
		}
	}
}

// TestOnceATurnMarksAreTheTurnsUnderWay: a seat's marks of energy placed
// (MM-4.2), a Stage 1 summoned (MM-5.1) and its free switch used (MM-5.7)
// are of its own turn; while another seat moves they are of its last
// turn, cleared when its next begins, and the table does not show them.
func TestOnceATurnMarksAreTheTurnsUnderWay(t *testing.T) {
	for _, name := range []string{"energy-placed", "summoned", "switched"} {
		s := pos(t, "", fmt.Sprintf("active: p1\nseats:\n"+
			"  - zones: {active: [Embrix], deck: [Fire Energy, Fire Energy]}\n"+
			"  - zones: {active: [Aquor], deck: [Water Energy, Water Energy]}\n    counters: {%s: 1}\n", name))
		if n, shown := s.View(0).Players[1].Counter(name); shown {
			t.Errorf("on p1's turn p2's counters show %s %d, a mark of p2's last turn", name, n)
		}
	}
}
