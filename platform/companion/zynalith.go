package companion

import (
	"strconv"
)

// Zynalith's counters: each player's HP (30, never more, ZY-2.1), Silver
// (20) and Zynalith (3) (ZY-2.2), the printed VP in their front, and the
// round (1 to 5, ZY-1.2). Each round begins with 10 Silver income
// (ZY-4.2); after round 5 the score is VP + Zynalith + ⌊Silver/10⌋
// (ZY-7.3), ties broken by HP, then Silver (ZY-7.4).
type zynalith struct{}

// zyRounds is the game's length (ZY-1.2).
const zyRounds = 5

var zyCounters = counterGame{
	start:  map[string]int{"hp": 30, "silver": 20, "zynalith": 3, "vp": 0},
	global: map[string]int{"round": 1},
	limits: []limit{{counter: "hp", min: -1 << 20, max: 30, rule: "ZY-2.1"}, {counter: "silver", min: 0, max: 1 << 20, rule: "ZY-2.2"}},
}

func (zynalith) Catalog() any           { return nil }
func (zynalith) Join(e *edit, seat int) { zyCounters.join(e, seat) }

// ZynalithScore is a player's final score (ZY-7.3).
func ZynalithScore(vp, zynalith, silver int) int { return vp + zynalith + silver/10 }

func (zynalith) Do(e *edit, by int, cmd Command) ([]Note, error) {
	switch cmd.Verb {
	case "next-round":
		if e.int("round") >= zyRounds {
			return nil, refusal("last_round", []any{"n", zyRounds}, "next-round: the game has %d rounds and this is round %d: score it instead", zyRounds, e.int("round"))
		}
		e.add("round", 1)
		for s := range e.int("players") {
			e.add(seatKey(s)+".silver", 10)
		}
		return []Note{{Code: "zy.income", Level: Hint, Rule: "ZY-4.2"}}, nil
	case "score":
		return zyScore(e), nil
	}
	return nil, unknownVerb("zynalith", cmd, "next-round, score")
}

// zyScore scores every living player at the end of round 5 and names the
// winner (ZY-7.3, ZY-7.4).
func zyScore(e *edit) []Note {
	var notes []Note
	if e.int("round") < zyRounds {
		notes = append(notes, Note{Code: "zy.early", Level: Warning, Rule: "ZY-7.3", Vars: map[string]string{"round": itoa(e.int("round"))}})
	}
	best, bestKey := -1, [3]int{}
	for s := range e.int("players") {
		p := seatKey(s)
		if e.int(p+".hp") <= 0 {
			continue
		}
		score := ZynalithScore(e.int(p+".vp"), e.int(p+".zynalith"), e.int(p+".silver"))
		e.setInt(p+".score", score)
		key := [3]int{score, e.int(p + ".hp"), e.int(p + ".silver")}
		if best < 0 || greater(key, bestKey) {
			best, bestKey = s, key
		}
	}
	if best >= 0 {
		notes = append(notes, winner(e, best, "ZY-7.3")...)
	}
	return notes
}

// greater compares score, then HP, then Silver (ZY-7.4).
func greater(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return false
}

func (zynalith) After(e *edit, by int, cmd Command) []Note {
	notes := zyCounters.limitNotes(e, cmd.Target)
	if s := seatOf(cmd.Target); s >= 0 && cmd.Target == seatKey(s)+".hp" && e.int(cmd.Target) <= 0 {
		notes = append(notes, zyLastStanding(e)...)
	}
	return notes
}

// zyLastStanding: the moment one player alone has HP left, they win (ZY-7.1).
func zyLastStanding(e *edit) []Note {
	alive := -1
	for s := range e.int("players") {
		if e.int(seatKey(s)+".hp") > 0 {
			if alive >= 0 {
				return nil
			}
			alive = s
		}
	}
	if alive < 0 {
		return nil
	}
	return winner(e, alive, "ZY-7.1")
}

// Hints: each player's score as it stands (ZY-7.3).
func (zynalith) Hints(st State) []Note {
	var notes []Note
	for s := range st.Players() {
		p := seatKey(s)
		score := ZynalithScore(st.Int(p+".vp"), st.Int(p+".zynalith"), st.Int(p+".silver"))
		notes = append(notes, Note{Code: "zy.score", Level: Hint, Rule: "ZY-7.3", Target: p, Vars: map[string]string{"score": strconv.Itoa(score)}})
	}
	return notes
}
