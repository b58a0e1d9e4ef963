package microlife

import (
	"kartenwerk/engine"
)

const (
	startLife   = 10 // ML-2.7, ML-3.1
	marketSize  = 6  // ML-2.10, ML-3.5
	handTarget  = 3  // ML-4.6 step 4
	firstHand   = 3  // ML-3.7
	secondHand  = 5  // ML-3.7
	opportunist = 5  // ML-6.8: at most half of the starting life
)

// New starts a game (ML-3). Without decks both players use the fixed
// starter deck (ML-8.1); given decks are validated.
func (g Game) New(setup engine.Setup) (engine.State, error) {
	s, err := newState(g.catalog(), setup)
	if err != nil {
		return nil, err
	}
	if _, err := s.decks(setup); err != nil {
		return nil, err
	}
	s.deal(setup)
	return s, nil
}

// newState checks the setup and builds an empty table.
func newState(c *catalog, setup engine.Setup) (*state, error) {
	if setup.Seats != 0 && setup.Seats != 2 {
		return nil, words.Errorf("setup.seats", "n", setup.Seats)
	}
	opt := defaultOptions
	if len(setup.Variant) > 0 {
		vs, err := engine.ResolveVariants(variants, setup.Variant)
		if err != nil {
			return nil, err
		}
		opt = parseOptions(vs)
	}
	if setup.First < 0 || setup.First > 2 {
		return nil, words.Errorf("setup.first", "n", setup.First)
	}
	s := &state{cat: c, defs: c.defs, opt: opt, rng: engine.NewRNG(setup.Seed), cards: make([]inst, 1, 128)}
	s.cards[0].def = -1
	s.allocZones(len(c.market), len(c.mutations))
	return s, nil
}

// allocZones gives every zone room to grow, cut from one allocation, so a
// new game allocates little.
func (s *state) allocZones(market, mutations int) {
	seat := [seatZones]int{32, 16, 24, 48, mutations, mutations, 8}
	shared := [5]int{marketSize + 2, market, market, mutations, mutations}
	n := mutations
	for _, k := range seat {
		n += 2 * k
	}
	for _, k := range shared {
		n += k
	}
	buf := make([]int16, n)
	cut := func(k int) []int16 {
		out := buf[:0:k]
		buf = buf[k:]
		return out
	}
	for p := range s.seats {
		for z, k := range seat {
			s.seats[p].zones[z] = cut(k)
		}
	}
	for z, k := range shared {
		s.shared[z] = cut(k)
	}
	s.muts = cut(mutations)
	s.legal, s.trigs, s.works = s.legalBuf[:0], s.trigBuf[:0], s.workBuf[:0]
}

func (s *state) decks(setup engine.Setup) ([2]engine.DeckList, error) {
	var out [2]engine.DeckList
	switch len(setup.Decks) {
	case 0: // every ordered pairing of presets comes up over a batch's seeds
		for p := range out {
			out[p] = s.cat.presets[engine.DefaultPreset(setup.Seed, p, len(s.cat.presets))]
		}
		return out, nil
	case 2:
	default:
		return out, words.Errorf("setup.decks", "n", len(setup.Decks))
	}
	var probs engine.Problems
	for i, d := range setup.Decks {
		probs = append(probs, validateDeck(s.cat, d)...)
		out[i] = d
	}
	return out, probs.Err()
}

// deal sets the table up (ML-3.1 to ML-3.7) and begins the first turn.
func (s *state) deal(setup engine.Setup) {
	decks, _ := s.decks(setup)
	if s.cat.table != nil && len(setup.Decks) == 0 && decks[0].Name == s.cat.presets[0].Name && decks[1].Name == s.cat.presets[0].Name {
		s.copyTable(s.cat.table) // the table of the shipped starter decks
	} else {
		s.lay(decks)
	}
	// Making instances draws nothing from the RNG, so shuffling after all
	// of them are laid out gives the order of shuffling them one by one.
	for p := int8(0); p < 2; p++ {
		s.seats[p].life = startLife
		engine.Shuffle(&s.rng, s.seats[p].zones[zDeck-1])
	}
	engine.Shuffle(&s.rng, s.shared[zMainDeck-zMarket])
	engine.Shuffle(&s.rng, s.shared[zMutDeck-zMarket])
	s.refillMarket()
	first := int8(setup.First - 1)
	if setup.First == 0 {
		first = int8(s.rng.IntN(2)) // ML-3.6, ML-10.U1
	}
	for k := 0; k < firstHand; k++ {
		s.draw(first)
	}
	for k := 0; k < secondHand; k++ {
		s.draw(1 - first)
	}
	s.active = 1 - first
	s.startTurn()
	s.run()
}

// lay makes every card instance and puts it in its starting pile, not yet
// shuffled: each player's starter deck and the cards in play from the
// start (ML-3.2, ML-3.3), then the global draw pile and the mutation deck
// (ML-3.4).
func (s *state) lay(decks [2]engine.DeckList) {
	for p := int8(0); p < 2; p++ {
		for _, e := range decks[p].Entries {
			d, _ := s.cat.lookup(e.Card)
			for k := 0; k < e.Count; k++ {
				c := s.newCard(d, p)
				if e.Section == "play" {
					s.put(c, zPlay, p, false)
				} else {
					s.put(c, zDeck, p, true)
					s.cards[c].starter = p + 1
				}
			}
		}
	}
	for _, d := range s.cat.market {
		s.put(s.newCard(d, -1), zMainDeck, 0, true)
	}
	for _, d := range s.cat.mutations {
		s.put(s.newCard(d, -1), zMutDeck, 0, true)
	}
}

// newTable lays the shipped starter decks out once per catalog; games
// without decks of their own copy it (copyTable) instead of making every
// instance again.
func newTable(c *catalog) *state {
	t := &state{cat: c, defs: c.defs, cards: make([]inst, 1, 128)}
	t.cards[0].def = -1
	t.allocZones(len(c.market), len(c.mutations))
	t.lay([2]engine.DeckList{c.presets[0], c.presets[0]})
	return t
}

func (s *state) copyTable(t *state) {
	s.cards = append(s.cards[:0], t.cards...)
	for p := range s.seats {
		for z, pile := range t.seats[p].zones {
			s.seats[p].zones[z] = append(s.seats[p].zones[z][:0], pile...)
		}
	}
	for z, pile := range t.shared {
		s.shared[z] = append(s.shared[z][:0], pile...)
	}
}
