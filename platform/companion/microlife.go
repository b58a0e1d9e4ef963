package companion

// Micro-Life's counters: life from 10 (ML-2.7) and sugar from 0 that
// carries over (ML-2.8); a turn starts with 1 sugar (ML-4.2) and ends with
// the draw up to 3 cards (ML-4.6).
type microLife struct{}

var mlCounters = counterGame{
	start:  map[string]int{"life": 10, "sugar": 0},
	global: map[string]int{"turn": 1},
	limits: []limit{{counter: "sugar", min: 0, max: 1 << 20, rule: "ML-2.8"}},
}

func (microLife) Catalog() any           { return nil }
func (microLife) Join(e *edit, seat int) { mlCounters.join(e, seat) }

func (microLife) Do(e *edit, by int, cmd Command) ([]Note, error) {
	switch cmd.Verb {
	case "end-turn":
		passTurn(e)
		next := seatKey(e.int("active"))
		e.add(next+".sugar", 1)
		return []Note{
			{Code: "ml.draw_up", Level: Hint, Rule: "ML-4.6", Target: seatKey(by)},
			{Code: "ml.upkeep", Level: Hint, Rule: "ML-4.2", Target: next},
		}, nil
	}
	return nil, unknownVerb("microlife", cmd, "end-turn")
}

// After: a player at 0 life or less loses (ML-7.1); sugar cannot go below 0.
func (microLife) After(e *edit, by int, cmd Command) []Note {
	return append(mlCounters.limitNotes(e, cmd.Target), atMostZero(e, cmd.Target, "life", "ML-7.1")...)
}

// Hints: the Opportunistic threshold of half the starting life (ML-6.8).
func (microLife) Hints(st State) []Note {
	var notes []Note
	for s := range st.Players() {
		if l := st.Int(seatKey(s) + ".life"); l <= 5 && l > 0 {
			notes = append(notes, Note{Code: "ml.half_life", Level: Hint, Rule: "ML-6.8", Target: seatKey(s) + ".life"})
		}
	}
	return notes
}
