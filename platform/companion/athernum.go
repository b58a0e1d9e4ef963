package companion

// Athernum's counters: the shared VP pool (AT-7.1), each player's VP,
// command tokens (2, never more, AT-2.13) and initiative (AT-3.4).
type athernum struct{}

var atCounters = counterGame{
	start:  map[string]int{"vp": 0, "command": 2, "initiative": 0},
	global: map[string]int{"pool": 0, "turn": 1},
	limits: []limit{{counter: "command", min: 0, max: 2, rule: "AT-2.13"}, {counter: "vp", min: 0, max: 1 << 20, rule: "AT-7.1"}},
}

func (athernum) Catalog() any           { return nil }
func (athernum) Join(e *edit, seat int) { atCounters.join(e, seat) }

func (athernum) Do(e *edit, by int, cmd Command) ([]Note, error) {
	switch cmd.Verb {
	case "claim":
		seat, err := seatTarget(e, cmd)
		if err != nil {
			return nil, err
		}
		return atClaim(e, seat), nil
	case "end-turn":
		passTurn(e)
		next := seatKey(e.int("active")) + ".command"
		e.setInt(next, min(2, e.int(next)+2)) // Morning: gain 2, capped at 2 (AT-4.1)
		return atSuperiority(e), nil
	}
	return nil, unknownVerb("athernum", cmd, "claim, end-turn")
}

// atClaim spends 2 command tokens to move 1 VP from the pool to the
// player (AT-5.3), warning when either is short.
func atClaim(e *edit, seat int) []Note {
	p := seatKey(seat)
	var notes []Note
	if e.int(p+".command") < 2 {
		notes = append(notes, Note{Code: "at.claim_tokens", Level: Warning, Rule: "AT-5.3", Target: p + ".command"})
	}
	if e.int("pool") < 1 {
		notes = append(notes, Note{Code: "at.pool_empty", Level: Warning, Rule: "AT-5.3", Target: "pool"})
	}
	e.setInt(p+".command", max(0, e.int(p+".command")-2))
	e.setInt("pool", max(0, e.int("pool")-1))
	e.add(p+".vp", 1)
	return append(notes, atSuperiority(e)...)
}

// atSuperiority: a player wins at once when their VP exceed every
// opponent's VP plus the pool (AT-7.2).
func atSuperiority(e *edit) []Note {
	n := e.int("players")
	if n < 2 {
		return nil
	}
	pool := e.int("pool")
	for s := range n {
		mine, ahead := e.int(seatKey(s)+".vp"), true
		for o := range n {
			if o != s && mine <= e.int(seatKey(o)+".vp")+pool {
				ahead = false
			}
		}
		if ahead {
			return winner(e, s, "AT-7.2")
		}
	}
	return nil
}

func (athernum) After(e *edit, by int, cmd Command) []Note {
	return append(atCounters.limitNotes(e, cmd.Target), atSuperiority(e)...)
}

// Hints: how many VP each player still needs for superiority (AT-7.2).
func (athernum) Hints(st State) []Note {
	var notes []Note
	pool := st.Int("pool")
	for s := range st.Players() {
		best := 0
		for o := range st.Players() {
			if o != s {
				best = max(best, st.Int(seatKey(o)+".vp"))
			}
		}
		need := best + pool + 1 - st.Int(seatKey(s)+".vp")
		if need <= 0 {
			continue // superiority holds: the win is recorded
		}
		notes = append(notes, Note{Code: "at.superiority", Level: Hint, Rule: "AT-7.2", Target: seatKey(s), Vars: map[string]string{"need": itoa(need)}})
	}
	return notes
}
