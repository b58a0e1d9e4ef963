package mystimons

import (
	"fmt"
	"strings"

	"kartenwerk/engine"
)

// New starts a game (MM-3): decks are validated (MM-3.1), shuffled, 7 cards
// drawn (MM-3.3), mulligans taken (MM-3.4), then both players place their
// MystiMons in secret (MM-3.5).
func (g *Game) New(setup engine.Setup) (engine.State, error) {
	s, err := g.newState(setup)
	if err != nil {
		return nil, err
	}
	decks := setup.Decks
	if len(decks) == 0 {
		// Presets, chosen from the seed so that consecutive seeds meet
		// every ordered pairing, mirrors included; they are known to be legal.
		for seat := uint8(0); seat < 2; seat++ {
			for _, def := range g.presetDefs[engine.DefaultPreset(setup.Seed, int(seat), len(g.presets))] {
				s.addCard(int(def), seat, zDeck)
			}
		}
		return g.deal(s, setup), nil
	}
	if len(decks) != 2 {
		return nil, words.Errorf("setup.decks", "n", len(decks))
	}
	var probs engine.Problems
	for seat, d := range decks {
		for _, p := range g.ValidateDeck(d) {
			p.Subject = strings.TrimSpace(fmt.Sprintf("p%d %s", seat+1, p.Subject))
			probs = append(probs, p)
		}
	}
	if len(probs) > 0 {
		return nil, probs
	}
	for seat, d := range decks {
		for _, name := range d.Cards("") {
			s.addCard(g.pool.byName[strings.ToLower(name)], uint8(seat), zDeck)
		}
	}
	return g.deal(s, setup), nil
}

// deal picks the first player, shuffles, draws and takes mulligans.
func (g *Game) deal(s *state, setup engine.Setup) *state {
	if setup.First >= 1 && setup.First <= 2 {
		s.first = uint8(setup.First - 1)
	} else {
		s.first = uint8(s.rng.IntN(2)) // MM-3.2, MM-10.U2
	}
	s.active = s.first
	for seat := range s.p {
		engine.Shuffle(&s.rng, s.p[seat].deck.s())
		s.drawN(seat, 7)
	}
	for seat := range s.p {
		s.mulligan(seat)
	}
	// MM-3.4, MM-10.4: the opponent draws +1 per mulligan, after both hands are final.
	for seat := range s.p {
		s.drawN(1-seat, int(s.p[seat].mulligans))
	}
	s.setupAt = 0
	s.autoPlace()
	return s
}

func (g *Game) newState(setup engine.Setup) (*state, error) {
	if setup.Seats != 0 && setup.Seats != 2 {
		return nil, words.Errorf("setup.seats", "n", setup.Seats)
	}
	if setup.First < 0 || setup.First > 2 {
		return nil, words.Errorf("setup.first", "n", setup.First)
	}
	s := &state{pool: g.pool, defs: g.pool.defs, presets: g.priors, rng: engine.NewRNG(setup.Seed), promote: -1, winner: -1}
	if len(setup.Variant) == 0 {
		return s, nil // the defaults
	}
	v, err := engine.ResolveVariants(variants, setup.Variant)
	if err != nil {
		return nil, err
	}
	s.rules = rules{drainEvery: v[varDrain] == "every", nextTurn: v[varEvolve] == "next-turn",
		neutral: v[varChart] == "neutral", lastStand: v[varSurrender] == "last-stand"}
	switch v[varDouble] {
	case "doubling":
		s.rules.double = 1
	case "per-card":
		s.rules.double = 2
	}
	return s, nil
}

// addCard makes a new card instance and puts it in the seat's zone.
func (s *state) addCard(def int, owner uint8, zone uint8) int16 {
	s.nCards++
	id := s.nCards
	d := &s.pool.defs[def]
	s.cards[id] = card{def: uint8(def), owner: owner, zone: zone, hp: d.hp, units: 1}
	p := &s.p[owner]
	switch zone {
	case zDeck:
		p.deck.push(id)
	case zHand:
		p.hand.push(id)
	case zDiscard:
		p.discard.push(id)
	case zPool:
		p.pool.push(id)
	}
	return id
}

// hasStage1 reports whether the seat's hand holds a Stufe-1 MystiMon.
func (s *state) hasStage1(seat int) bool {
	for _, c := range s.p[seat].hand.s() {
		if d := s.def(c); d.kind == kMon && d.stage == 1 {
			return true
		}
	}
	return false
}

// mulligan redraws a hand without a Stufe-1 MystiMon until it has one
// (MM-3.4, MM-10.4). Decks are validated to hold one.
func (s *state) mulligan(seat int) {
	p := &s.p[seat]
	for !s.hasStage1(seat) {
		for p.hand.n > 0 {
			c := p.hand.pop()
			s.cards[c].zone = zDeck
			p.deck.push(c)
		}
		engine.Shuffle(&s.rng, p.deck.s())
		s.drawN(seat, 7)
		p.mulligans++
	}
}

// drawN draws n cards; drawing from an empty deck loses (MM-7.2).
func (s *state) drawN(seat, n int) {
	p := &s.p[seat]
	for ; n > 0; n-- {
		if p.deck.n == 0 {
			s.lose(seat, rDeckOut)
			return
		}
		c := p.deck.pop()
		s.cards[c].zone = zHand
		p.hand.push(c)
	}
}

// autoPlace ends a seat's placement when it has no choice left, and
// reveals both sides once both are done (MM-3.5).
func (s *state) autoPlace() {
	for s.phase == phSetup {
		p := &s.p[s.setupAt]
		if !p.placed && p.field[0] != 0 && (p.benchCount() == 2 || !s.hasStage1(int(s.setupAt))) {
			p.placed = true
		}
		if !p.placed {
			return
		}
		if s.setupAt == 0 {
			s.setupAt = 1
			continue
		}
		// Reveal both sides at once and start the first turn.
		for i := int16(1); i <= s.nCards; i++ {
			s.cards[i].flags &^= fHidden
		}
		s.startTurn(s.first, false)
	}
}

func (s *state) applyPlace(c int16) {
	p := &s.p[s.setupAt]
	p.hand.remove(c)
	cs := &s.cards[c]
	cs.zone = zField
	cs.flags |= fHidden
	cs.hp = s.def(c).hp
	if p.field[0] == 0 {
		p.field[0] = c
	} else if p.field[1] == 0 {
		p.field[1] = c
	} else {
		p.field[2] = c
	}
}
