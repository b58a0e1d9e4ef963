package athernum

import (
	"kartenwerk/engine"
)

// New starts a game (AT-3): decks are validated (AT-3.1, AT-8) or picked
// from the presets by the seed; then every player chooses a start card.
func (g *Game) New(setup engine.Setup) (engine.State, error) {
	if setup.Seats < 2 || setup.Seats > 4 {
		return nil, words.Errorf("setup.seats", "n", setup.Seats)
	}
	r, err := resolveRules(setup.Variant)
	if err != nil {
		return nil, err
	}
	if setup.First < 0 || setup.First > setup.Seats {
		return nil, words.Errorf("setup.first", "n", setup.First, "seats", setup.Seats)
	}
	decks := setup.Decks
	mains := make([][]int16, setup.Seats)
	extras := make([][]int16, setup.Seats)
	if len(decks) == 0 && len(g.pool.presets) == 0 {
		return nil, words.Errorf("setup.no_presets")
	}
	if len(decks) == 0 { // presets, chosen by the seed; they are legal
		for i := range mains {
			k := g.pool.presetIndex(setup.Seed, i)
			mains[i], extras[i] = g.pool.presetMain[k], g.pool.presetExtra[k]
		}
		return g.start(setup, r, mains, extras), nil
	}
	if len(decks) != setup.Seats {
		return nil, words.Errorf("setup.decks", "n", len(decks), "seats", setup.Seats)
	}
	var probs engine.Problems
	for _, d := range decks {
		probs = append(probs, g.pool.validateDeck(d)...)
	}
	if len(probs) > 0 {
		return nil, probs
	}
	for i, d := range decks {
		mains[i], extras[i] = g.pool.deckDefs(d)
	}
	return g.start(setup, r, mains, extras), nil
}

// start makes the state in which the players choose start cards.
func (g *Game) start(setup engine.Setup, r rules, mains, extras [][]int16) *State {
	s := g.alloc(setup.Seats, r, setup.Seed, mains, extras)
	s.atk = int16(setup.First) // remembered until the order is fixed
	s.phase, s.dec, s.toMove = phSetup, decStart, 0
	return s
}

// alloc makes a state with the given cards: main decks (in order, the
// last card on top) and Extra decks.
func (g *Game) alloc(n int, r rules, seed uint64, mains, extras [][]int16) *State {
	s := &State{g: g, r: r, rng: engine.NewRNG(seed), n: int8(n), order: [4]int8{0, 1, 2, 3}}
	total := 1
	for i := 0; i < n; i++ {
		total += len(mains[i]) + len(extras[i]) + tokensPer
	}
	s.cards = make([]card, total)
	size := 0
	for i := 0; i < n; i++ {
		size += 7 * (len(mains[i]) + len(extras[i]) + tokensPer)
	}
	s.buf = make([]int16, size)
	off := int16(0)
	id := int16(1)
	for i := 0; i < n; i++ {
		own := int16(len(mains[i]) + len(extras[i]) + tokensPer)
		p := &s.pl[i]
		for _, z := range []*zone{&p.deck, &p.hand, &p.chars, &p.items, &p.discard, &p.void, &p.extra} {
			*z = zone{off: off, cap: own}
			off += own
		}
		p.chars.cap = min(own, 5)
		for _, d := range mains[i] {
			s.cards[id] = card{def: d, owner: int8(i), zone: zDeck}
			s.push(&p.deck, id)
			id++
		}
		for _, d := range extras[i] {
			s.cards[id] = card{def: d, owner: int8(i), zone: zExtra}
			s.push(&p.extra, id)
			id++
		}
		for k := 0; k < tokensPer; k++ { // dormant token ids
			s.cards[id] = card{owner: int8(i), zone: zNone, flags: fToken}
			id++
		}
	}
	return s
}

// startChoices lists, for the seat choosing, one card of each VP-field
// character or location in its deck (AT-3.2, AT-10.9).
func (s *State) startChoices(dst []engine.Action, p int8) []engine.Action {
	var seen defSet
	for _, id := range s.zs(s.pl[p].deck) {
		d := s.def(id)
		if d.vp == 0 || d.typ == tItem {
			continue
		}
		if seen.add(s.cards[id].def) {
			dst = append(dst, engine.Act(vStart, int(id)))
		}
	}
	return dst
}

// defSet marks card definitions already offered, so that a list of
// actions names each definition once (by its first card in the zone).
type defSet [8]uint64

// add marks def and reports whether it was new.
func (d *defSet) add(def int16) bool {
	w, b := def>>6, uint64(1)<<uint(def&63)
	if d[w]&b != 0 {
		return false
	}
	d[w] |= b
	return true
}

// chooseStart places the start card face down (AT-3.2).
func (s *State) chooseStart(id int16) {
	if s.def(id).typ == tCharacter {
		s.move(id, zMain)
	} else {
		s.move(id, zLoc)
	}
	s.cards[id].flags |= fFaceDown
	s.setupAt++
	if int(s.setupAt) < int(s.n) {
		s.toMove = s.setupAt
		return
	}
	s.finishSetup()
}

// finishSetup reveals the start cards at once (AT-3.3), fixes the turn
// order by initiative (AT-3.4), shuffles and deals 6 cards (AT-3.5).
func (s *State) finishSetup() {
	first := int(s.atk)
	s.atk = 0
	var key [4]int
	for i := int8(0); i < s.n; i++ {
		p := &s.pl[i]
		start := p.main
		if start == 0 {
			start = p.loc
		}
		s.cards[start].flags &^= fFaceDown
		p.startDef = s.cards[start].def
		if d := s.def(start); d.hasCost {
			p.initiative = d.cost
		}
		init := int(p.initiative)
		if s.r.highFirst {
			init = -init
		}
		key[i] = init*1000 + s.rng.IntN(1000) // ties broken by the RNG (AT-10.21)
	}
	for i := int8(0); i < s.n; i++ {
		s.order[i] = i
	}
	for i := 1; i < int(s.n); i++ {
		for j := i; j > 0 && key[s.order[j]] < key[s.order[j-1]]; j-- {
			s.order[j], s.order[j-1] = s.order[j-1], s.order[j]
		}
	}
	if first > 0 {
		f := int8(first - 1)
		for i := 0; i < int(s.n); i++ {
			if s.order[i] == f {
				copy(s.order[1:i+1], s.order[0:i])
				s.order[0] = f
			}
		}
	}
	for i := int8(0); i < s.n; i++ {
		engine.Shuffle(&s.rng, s.zs(s.pl[i].deck))
		for k := 0; k < 6; k++ {
			s.drawCard(i)
		}
	}
	s.active = s.order[0]
	s.turn = 1
	s.firstOf = 1 << uint(s.active)
	s.inFirst = true
	s.phase, s.step = phMorning, 0
	for k := 0; k < int(s.n); k++ {
		p := s.order[k]
		start := s.pl[p].main
		if start == 0 {
			start = s.pl[p].loc
		}
		s.noteObjective(start)
		if s.def(start).statics {
			s.queue(start, -1, p)
		}
	}
}

// drawCard moves the top card of p's deck to the hand; false if empty.
func (s *State) drawCard(p int8) bool {
	pl := &s.pl[p]
	if pl.deck.n == 0 {
		return false
	}
	id := s.buf[pl.deck.off+pl.deck.n-1]
	s.move(id, zHand)
	return true
}
