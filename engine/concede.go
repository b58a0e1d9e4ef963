package engine

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
