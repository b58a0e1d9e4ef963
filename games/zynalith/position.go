package zynalith

import (
	"fmt"
	"slices"

	"kartenwerk/engine"
)

// FromPosition builds a state from an explicit table. Only the cards named
// in the position exist, numbered in its order (hands before fronts).
// Seat zones: hand (status known), front (status defense, counters
// damage, atk, def, init, hp, attached extras); counters hp, silver,
// zynalith, vp; props passed, lifesteal, out. Shared zones:
// market.creatures, market.extras, stack.creatures, stack.extras (top
// first), discard, banished. Phase draft or turn; props first (the start
// player P_i, e.g. p2) and step (before, after).
func (g Game) FromPosition(setup engine.Setup, pos engine.Position) (engine.State, error) {
	r, err := engine.ReadPosition(setup, pos, 2, maxSeats)
	if err != nil {
		return nil, err
	}
	setup.Seats, setup.Decks = r.Seats, nil
	s, _, err := g.prepare(setup)
	if err != nil {
		return nil, err
	}
	s.readTable(r)
	for i, sp := range pos.Seats {
		s.readSeat(r, int8(i), sp)
	}
	r.Zones("shared", pos.Shared, sharedZones, func(name string, cards []engine.CardSpec) {
		s.readShared(r, name, cards)
	})
	if err := r.Err(); err != nil {
		return nil, err
	}
	s.changed()
	return s, nil
}

// sharedZones are the shared zones, in the order their cards are
// numbered.
var sharedZones = []string{zoneMarketC, zoneMarketE, zoneStackC, zoneStackE, zoneDiscard, zoneBanished}

// readTable reads the round, turn, phase, start player and step.
func (s *State) readTable(r *engine.PositionReader) {
	pos := r.Pos
	for st := range s.market {
		for i := range s.market[st] {
			s.market[st][i] = -1
		}
	}
	s.round, s.active, s.turn = int8(pos.Round), int8(r.Active()), int32(max(pos.Turn, 1))
	s.phase = []phase{phTurn, phDraft}[r.Phase("turn", "draft")]
	if s.phase == phDraft {
		s.round = 0
	} else if pos.Round < 1 || pos.Round > lastRound {
		r.Bad("round", fmt.Sprintf("round %d is not a round of play", pos.Round), "write 1 to 5, or phase: draft")
	}
	s.first = (s.active - s.round%s.seats + s.seats) % s.seats
	r.Props("", pos.Props, map[string]func(string){
		"first": func(v string) {
			p, err := engine.ParseSeat(v)
			if err != nil || p < 0 || int(p) >= r.Seats {
				r.Bad("props.first", fmt.Sprintf("%q is not a seat", v), "write p1, p2, ...")
				return
			}
			s.first = int8(p)
		},
		"step": func(v string) {
			switch v {
			case "before":
			case "after":
				s.step = stAfter
			default:
				r.Bad("props.step", fmt.Sprintf("unknown step %q", v), "write before or after")
			}
		},
	})
}

// newSpec makes the card spec names and returns its id, or -1 when there
// is no such card, the table is full, or (when kinds are given) it is of
// another kind.
func (s *State) newSpec(r *engine.PositionReader, spec engine.CardSpec, where string, kinds ...kind) int16 {
	def, ok := s.pool.lookup(spec.Card)
	if !ok {
		r.Bad(where, fmt.Sprintf("no card %q", spec.Card), "check the name with `kartenwerk cards zynalith`")
		return -1
	}
	if s.n >= maxCards {
		r.Bad(where, "too many cards", fmt.Sprintf("use at most %d", maxCards))
		return -1
	}
	if k := s.pool.defs[def].Kind; len(kinds) > 0 && !slices.Contains(kinds, k) {
		r.Bad(where, fmt.Sprintf("%s is a %s, which cannot be here", spec.Card, kindNames[k]), "move the card to a zone that holds it")
		return -1
	}
	id := s.newCard(def)
	r.CheckID(where, spec, int(id))
	return id
}

// readSeat reads seat p's counters and properties and places its cards.
func (s *State) readSeat(r *engine.PositionReader, p int8, sp engine.SeatPosition) {
	s.hp[p], s.silver[p], s.zyn[p], s.alive[p] = startHP, startSilv, startZyn, true
	who := seat(p).String()
	r.Counters(who, sp.Counters, map[string]func(int){
		counterHP:     engine.SetInt(&s.hp[p]),
		counterSilver: engine.SetInt(&s.silver[p]),
		counterZyn:    engine.SetInt(&s.zyn[p]),
		counterVP:     engine.SetInt(&s.vp[p]),
	})
	r.Props(who, sp.Props, map[string]func(string){
		"passed":    engine.SetFlag(&s.passed[p]),
		"lifesteal": engine.SetFlag(&s.lsteal[p]),
		"out":       func(v string) { out := engine.IsTrue(v); s.alive[p], s.passed[p] = !out, out },
	})
	r.Zones(who, sp.Zones, []string{zoneHand, zoneFront}, func(zn string, cards []engine.CardSpec) {
		where := who + "." + zn
		for _, cs := range cards {
			if zn == zoneFront {
				s.readFront(r, p, cs, where)
			} else {
				s.readHand(r, p, cs, where)
			}
		}
	})
}

// readHand puts a card in p's hand, known to all with status known.
func (s *State) readHand(r *engine.PositionReader, p int8, cs engine.CardSpec, where string) {
	id := s.newSpec(r, cs, where)
	if id < 0 {
		return
	}
	flags := uint8(0)
	if cs.HasStatus("known") {
		flags = fKnown
	}
	s.toHand(id, p, flags)
}

// readFront places a creature on p's front with its counters and extras.
func (s *State) readFront(r *engine.PositionReader, p int8, cs engine.CardSpec, where string) {
	if s.rowN[p] >= maxSlots {
		r.Bad(where, "more than 5 creatures", "a front has 5 slots (ZY-2.4)")
		return
	}
	id := s.newSpec(r, cs, where, kCreature)
	if id < 0 {
		return
	}
	s.place(p, id)
	if cs.HasStatus(statusDefend) {
		s.cards[id].flags |= fDefend
	}
	c := &s.cards[id]
	r.Counters(where+"."+cs.Card, cs.Counters, map[string]func(int){
		counterDamage: engine.SetInt(&c.dmg),
		"atk":         func(v int) { c.atk += int8(v) },
		"def":         func(v int) { c.def += int8(v) },
		"init":        func(v int) { c.init += int8(v); s.sortRow(p) },
		"hp":          func(v int) { c.hp += int8(v) },
	})
	for _, as := range cs.Attached {
		if e := s.newSpec(r, as, where+"."+cs.Card, kProperty, kSpell, kEquipment); e >= 0 {
			s.attach(e, id)
		}
	}
}

// readShared places the cards of a shared zone: a market row, a stack (top
// first), the discard pile or the banished cards.
func (s *State) readShared(r *engine.PositionReader, name string, cards []engine.CardSpec) {
	where := "shared." + name
	for st := stackID(0); st < 2; st++ {
		switch name {
		case marketZones[st]:
			s.readMarket(r, st, where, cards)
			return
		case stackZones[st]:
			for i := len(cards) - 1; i >= 0; i-- {
				if id := s.newSpec(r, cards[i], where); id >= 0 {
					if s.d(id).Stack != st {
						r.Bad(where, cards[i].Card+" belongs in the other stack", "move it (ZY-8.1)")
						continue
					}
					s.pushStack(st, id)
				}
			}
			return
		}
	}
	z := map[string]zone{zoneDiscard: zDiscard, zoneBanished: zBanished}[name]
	for _, cs := range cards {
		if id := s.newSpec(r, cs, where); id >= 0 {
			s.toDiscard(id)
			s.cards[id].zone = z
		}
	}
}

// readMarket lays out market row st.
func (s *State) readMarket(r *engine.PositionReader, st stackID, where string, cards []engine.CardSpec) {
	if len(cards) > marketSize {
		r.Bad(where, "more than 5 cards", "a market row holds 5 (ZY-2.6)")
		return
	}
	for i, cs := range cards {
		if id := s.newSpec(r, cs, where); id >= 0 {
			if s.d(id).Stack != st || s.d(id).Kind == kEvent {
				r.Bad(where, cs.Card+" does not belong in this row", "put it in the other row")
				continue
			}
			s.market[st][i] = id
			s.cards[id].zone = zMarket
		}
	}
}
