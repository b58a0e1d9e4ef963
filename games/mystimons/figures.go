package mystimons

import "kartenwerk/engine"

// Milestones a game reaches once: the first time either player has a
// MystiMon of a stage in play, by evolution (MM-5.2) or, for a Champion,
// also by Ritual Summon (MM-5.3).
const (
	msStage2 uint8 = iota
	msStage3
	msStage4
	msStage4Drain // a ★★★★ stage 4, the first that loses HP every End Phase (MM-4.5A)
	msChampion
	nMilestones
)

// milestoneNames are the figures' names. The simulator sorts figures by
// name, so they start alike and list in the order the game reaches them,
// before the totals; and they fit the report's column.
var milestoneNames = [nMilestones]string{
	"stage 2 first reached (turn)",
	"stage 3 first reached (turn)",
	"stage 4 first reached (turn)",
	"stage 4 ★★★★ first reached (turn)",
	"stage 5 champion first seen (turn)",
}

// Values of figures.first besides a turn (turns count from 1).
const (
	notYet int16 = 0
	before int16 = -1 // in play when the record began (a position): the turn is unknown
)

// figures is what the simulator reports of a game besides its result
// (engine.Measurer). It is history, not position: the rules never read
// it, so Hash and the views leave it out. Two states that differ only
// here are the same position, and search may treat them as one.
type figures struct {
	first     [nMilestones]int16 // the turn each milestone was first reached
	knockouts int32              // MystiMons knocked out, both sides (MM-5.8 step 5)
	rituals   int32              // Ritual Summons (MM-5.3)
	statuses  int32              // Burn, Poison, Freeze or Paralyze put on a target by an attack (MM-5.8)
}

// mark records milestone m as reached on turn t unless it already was.
func (f *figures) mark(m uint8, t int16) {
	if f.first[m] == notYet {
		f.first[m] = t
	}
}

// reached records that MystiMon c, just evolved or summoned, is in play
// on turn t.
func (s *state) reached(c int16, t int16) {
	d := s.def(c)
	switch d.stage {
	case 2, 3, 4:
		s.fig.mark(msStage2+uint8(d.stage-2), t)
	case 5:
		s.fig.mark(msChampion, t)
	}
	if d.stage == 4 && d.grade == 4 {
		s.fig.mark(msStage4Drain, t)
	}
}

// markPosition records the stages in play in a position as reached at an
// unknown turn, so that a later evolution into one of them is not
// reported as its first. A stage k in play was evolved into from every
// stage below it (MM-5.2); a Champion may have come by ritual instead.
func (s *state) markPosition() {
	for seat := range s.p {
		for _, m := range s.p[seat].field {
			if m == 0 {
				continue
			}
			s.reached(m, before)
			if st := s.def(m).stage; st <= 4 {
				for below := int8(2); below < st; below++ {
					s.fig.mark(msStage2+uint8(below-2), before)
				}
			}
		}
	}
}

// Measures reports the turn each milestone was first reached, leaving out
// those never reached (or reached before a position began), and the
// game's totals over both players. The totals are reported even when
// zero, so that their mean is per game (engine.Measurer).
func (s *state) Measures(dst []engine.Measure) []engine.Measure {
	for m, t := range s.fig.first {
		if t > 0 {
			dst = append(dst, engine.Measure{Name: milestoneNames[m], Value: int(t)})
		}
	}
	return append(dst,
		engine.Measure{Name: "total knockouts", Value: int(s.fig.knockouts)},
		engine.Measure{Name: "total mulligans", Value: int(s.p[0].mulligans) + int(s.p[1].mulligans)},
		engine.Measure{Name: "total ritual summons", Value: int(s.fig.rituals)},
		engine.Measure{Name: "total status effects applied", Value: int(s.fig.statuses)},
	)
}

var _ engine.Measurer = (*state)(nil)
