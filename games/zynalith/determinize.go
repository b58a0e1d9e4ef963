package zynalith

import "kartenwerk/engine"

// Determinize resamples every card viewer may not see (seenBy): the order
// of both shared stacks and the other players' hidden hand cards. There
// are no personal decks (ZY-8.1): the stack list is public, so every
// player knows which cards the game holds, and nothing else needs a prior.
//
// A hidden hand card is known to come from a particular stack (everyone
// saw it drawn blind from that stack), so it is swapped only with the
// unseen cards of that stack; and since a drawn event is executed at once
// (ZY-5.1), a hand never receives an event. The result depends only on
// what viewer knows: each stack's unseen cards are taken in card-id order,
// shuffled, and dealt to the hands (seat by seat, the first non-events)
// and then to the stack from the bottom.
func (s *State) Determinize(viewer engine.Seat, r *engine.RNG) engine.State {
	c := s.Clone().(*State)
	for st := stackID(0); st < 2; st++ {
		c.resampleStack(st, viewer, r)
	}
	c.rng = engine.NewRNG(r.Uint64())
	c.changed()
	return c
}

// DeterminizeKnowingDecks is Determinize (engine.DeckKnower): the only
// list, that of the shared stacks, is public.
func (s *State) DeterminizeKnowingDecks(viewer engine.Seat, r *engine.RNG) engine.State {
	return s.Determinize(viewer, r)
}

// resampleStack deals stack st's unseen cards again over the places they
// may be: the stack and the hidden hand cards that came from it.
func (s *State) resampleStack(st stackID, viewer engine.Seat, r *engine.RNG) {
	var ids [maxCards]int16
	var hidden [maxSeats]int8
	n, inHands := 0, 0
	for id := int16(0); id < s.n; id++ {
		k := &s.cards[id]
		if s.pool.defs[k.ref].Stack != st || s.seenBy(id, viewer) {
			continue
		}
		if k.zone == zHand {
			hidden[k.owner]++
			inHands++
		}
		ids[n] = id
		n++
	}
	if n == 0 {
		return
	}
	pool := ids[:n]
	engine.Shuffle(r, pool)
	// The hands take the first non-events; moving them to the front keeps
	// the others in their shuffled order for the stack.
	front := 0
	for i := 0; i < n && front < inHands; i++ {
		if x := pool[i]; s.cards[x].kind != kEvent {
			copy(pool[front+1:i+1], pool[front:i])
			pool[front] = x
			front++
		}
	}
	i := 0
	for p := int8(0); p < s.seats; p++ {
		for ; hidden[p] > 0; hidden[p]-- {
			k := &s.cards[pool[i]]
			k.zone, k.owner, k.flags = zHand, p, 0
			i++
		}
	}
	for j := 0; i < n; i, j = i+1, j+1 {
		k := &s.cards[pool[i]]
		s.stack[st][j] = pool[i]
		k.zone, k.owner, k.flags = zStack, -1, 0
	}
}

// PlayedCard names the card an action pays for and plays, as an index of
// Cards(), for per-card statistics; -1 for other actions.
func (s *State) PlayedCard(a engine.Action) int {
	switch a.Verb {
	case vPlay, vAttach, vCounter:
		if id := a.Args[0]; id >= 0 && id < s.n {
			return int(s.cards[id].ref)
		}
	}
	return -1
}

// HandCards appends the Cards() index of each card in seat's hand (see
// engine.CardHolder). Hands are not kept as lists, only as card zones.
func (s *State) HandCards(seat engine.Seat, dst []int) []int {
	for id := range s.n {
		if c := &s.cards[id]; c.zone == zHand && int(c.owner) == int(seat) {
			dst = append(dst, int(c.ref))
		}
	}
	return dst
}
