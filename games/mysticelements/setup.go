package mysticelements

import (
	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// New starts a game. With decks given, each must be legal (ME-8) and,
// unless colours=shared, the two decks share no colour (ME-8.2). With no
// decks, the players choose colours one at a time, alternately, starting
// with the second player (ME-3.1, ME-10.2).
func (g Game) New(setup engine.Setup) (engine.State, error) {
	s, err := newState(g.pool(), setup)
	if err != nil {
		return nil, err
	}
	if len(setup.Decks) == 0 {
		s.phase = phPick
		return s, nil
	}
	if len(setup.Decks) != 2 {
		return nil, words.Errorf("setup.decks", "n", len(setup.Decks))
	}
	var probs engine.Problems
	for i, d := range setup.Decks {
		cols, ps := deckColours(s.pool, d)
		// Each problem names its deck list's file, as every game's do:
		// never a seat id, which no reader knows.
		probs = append(probs, ps...)
		if len(ps) == 0 {
			copy(s.p[i].colours[:], cols)
			s.p[i].ncol = 3
		}
	}
	if len(probs) > 0 {
		return nil, probs
	}
	if !s.v.shared {
		for _, c := range s.p[0].colours {
			if s.p[1].hasColour(c) {
				return nil, words.Errorf("setup.colour_taken", "colour", i18n.Phrase(func(l i18n.Lang) string { return colourWord(l, c) }),
					engine.VariantArg, "colours=shared")
			}
		}
	}
	s.deal()
	return s, nil
}

func newState(p *pool, setup engine.Setup) (*state, error) {
	if setup.Seats != 0 && setup.Seats != 2 {
		return nil, words.Errorf("setup.seats", "n", setup.Seats)
	}
	s := &state{pool: p, rng: engine.NewRNG(setup.Seed), ncards: 1, winner: -1}
	s.legal = s.legalBuf[:0]
	if len(setup.Variant) > 0 {
		vs, err := engine.ResolveVariants(variantSpecs, setup.Variant)
		if err != nil {
			return nil, err
		}
		s.v = variants{wondersOnly: vs["redraw"] == "wonders", antiracist: vs["antiracist"] == "on",
			recycling: vs["recycling"] == "on", shared: vs["colours"] == "shared", everyTurn: vs["round"] == "all-turns",
			voidAttack: vs["exhausted-defender"] == "unharmed", skipDraw: vs["empty-draw"] == "skip",
			printedCharmTarget: vs["charm-targets"] == "as-printed"}
	}
	switch {
	case setup.First == 0:
		s.first = int8(s.rng.IntN(2)) // ME-3.3 [Rec]: random in a first game
	case setup.First == 1 || setup.First == 2:
		s.first = int8(setup.First - 1)
	default:
		return nil, words.Errorf("setup.first", "n", setup.First)
	}
	s.active = s.first
	return s, nil
}

// pickSeat is who makes colour pick number k: the second player first,
// then alternately (ME-10.2).
func (s *state) pickSeat() int8 {
	if s.picks%2 == 0 {
		return 1 - s.first
	}
	return s.first
}

// deal builds and shuffles both decks (ME-3.2), draws the opening hands
// (ME-3.4) and begins the first turn.
func (s *state) deal() {
	for seat := int8(0); seat < 2; seat++ {
		p := &s.p[seat]
		for i := int8(0); i < p.ncol; i++ {
			for _, d := range s.pool.byColour[p.colours[i]] {
				id := s.ncards
				s.ncards++
				s.cards[id] = s.newCard(d, seat, seat, zDeck)
				p.deck.push(id)
			}
		}
		engine.Shuffle(&s.rng, p.deck.slice())
	}
	for seat := int8(0); seat < 2; seat++ {
		s.drawN(seat, 5)
	}
	s.beginTurn(s.first)
	s.run()
}
