package engine

// Hints that a game may give agents about actions the rules allow but that
// a player choosing among legal actions without judgement would misuse.

// Conceder is a State some of whose legal actions only give the game up,
// such as a surrender that the rules allow at any time. A player who picks
// uniformly among legal actions would otherwise throw most games away in
// the first turns, so random agents, search playouts and the property
// suite pass such actions over while any other action is legal.
type Conceder interface {
	// Concedes reports whether a does nothing but end the game in the
	// mover's loss.
	Concedes(a Action) bool
}

// RandomAction picks one of legal (which must not be empty) uniformly
// from r, passing over the actions with which s concedes while another
// action is legal. For a state that is no Conceder it draws exactly one
// number from r, so random play of such games is unchanged by it.
func RandomAction(s State, legal []Action, r *RNG) Action {
	a := legal[r.IntN(len(legal))]
	c, ok := s.(Conceder)
	if !ok || !c.Concedes(a) {
		return a
	}
	others := 0
	for _, b := range legal {
		if !c.Concedes(b) {
			others++
		}
	}
	if others == 0 {
		return a
	}
	k := r.IntN(others)
	for _, b := range legal {
		if c.Concedes(b) {
			continue
		}
		if k == 0 {
			return b
		}
		k--
	}
	return a
}

// Rearranger is a State some of whose actions only rearrange the mover's
// own table (a position change, a swap of places) and may be taken any
// number of times in a turn. A search that finds one arrangement as good
// as the next would wander among them without end, so agents take only a
// few of them in one turn (see package ai).
type Rearranger interface {
	// Rearranges reports whether a only rearranges the mover's table.
	Rearranges(a Action) bool
}
