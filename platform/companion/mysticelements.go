package companion

// Mystic Elements' counters: each player's energy (ME-2.6), promote and
// demote tokens (ME-2.8), and the round. Each turn a player gains energy
// equal to the round, 5 from round 5 on (ME-4.3), and keeps at most 5 at
// Cleanup (ME-4.6).
type mysticElements struct{}

// meCap is both the most energy a turn gains and the most kept (ME-4.3, ME-4.6).
const meCap = 5

var meCounters = counterGame{
	start:  map[string]int{"energy": 0, "promote": 0, "demote": 0},
	global: map[string]int{"round": 1, "turn": 1},
}

func (mysticElements) Catalog() any           { return nil }
func (mysticElements) Join(e *edit, seat int) { meCounters.join(e, seat) }

func (mysticElements) Do(e *edit, by int, cmd Command) ([]Note, error) {
	switch cmd.Verb {
	case "gain":
		seat, err := seatTarget(e, cmd)
		if err != nil {
			return nil, err
		}
		n := min(max(1, e.int("round")), meCap)
		e.add(seatKey(seat)+".energy", n)
		return []Note{{Code: "me.gained", Level: Hint, Rule: "ME-4.3", Target: seatKey(seat), Vars: map[string]string{"n": itoa(n)}}}, nil
	case "end-turn":
		return meEndTurn(e), nil
	}
	return nil, unknownVerb("mysticelements", cmd, "gain, end-turn")
}

// meEndTurn is the active player's Cleanup (ME-4.6): energy above 5 is
// lost, the rest carries over; then the next player's turn, and a new
// round when every player has had one.
func meEndTurn(e *edit) []Note {
	seat := e.int("active")
	key := seatKey(seat) + ".energy"
	var notes []Note
	if have := e.int(key); have > meCap {
		e.setInt(key, meCap)
		notes = append(notes, Note{Code: "me.cap", Level: Warning, Rule: "ME-4.6", Target: key, Vars: map[string]string{"lost": itoa(have - meCap)}})
	}
	passTurn(e)
	if e.int("active") == 0 {
		e.add("round", 1)
	}
	return notes
}

func (mysticElements) After(e *edit, by int, cmd Command) []Note { return nil }

// Hints: the energy the round gives, and tokens that cancel (ME-2.8).
func (mysticElements) Hints(st State) []Note {
	n := min(max(1, st.Int("round")), meCap)
	notes := []Note{{Code: "me.round_energy", Level: Hint, Rule: "ME-4.3", Vars: map[string]string{"n": itoa(n)}}}
	for s := range st.Players() {
		p := seatKey(s)
		if st.Int(p+".energy") > meCap {
			notes = append(notes, Note{Code: "me.over_cap", Level: Warning, Rule: "ME-4.6", Target: p + ".energy"})
		}
		if st.Int(p+".promote") > 0 && st.Int(p+".demote") > 0 {
			notes = append(notes, Note{Code: "me.tokens_cancel", Level: Hint, Rule: "ME-2.8", Target: p})
		}
	}
	return notes
}
