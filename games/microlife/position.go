package microlife

import (
	"fmt"

	"kartenwerk/engine"
)

// FromPosition builds a table from an explicit position (scenarios, rule
// tests). Zones are named as in the view: deck, hand, play, discard,
// genpool, genpool-discard per seat; market, main-deck, main-discard,
// mutation-deck, mutation-discard shared. Counters: life, sugar,
// discarded (1 once a card was discarded for sugar this turn). Card
// status: tapped, attacked, spore, public, action; card counters: damage,
// toxin; attached cards are mutations, or the lysosome (status lysosome).
// Seat prop "discarded: true"; table prop "bought: true". Fixed card ids
// must increase in the order of the zones above.
func (g Game) FromPosition(setup engine.Setup, pos engine.Position) (engine.State, error) {
	s, err := newState(g.catalog(), setup)
	if err != nil {
		return nil, err
	}
	r, err := engine.ReadPosition(setup, pos, 2, 2)
	if err != nil {
		return nil, err
	}
	s.active = int8(r.Active())
	s.turn = max(pos.Turn, 1)
	s.phase = []uint8{pMain1, pCombat, pMain2}[r.Phase("main1", "combat", "main2")]
	for p, sp := range pos.Seats {
		s.readSeat(r, int8(p), sp)
	}
	r.Zones("shared", pos.Shared, zoneNames[zMarket:zMutDiscard+1], func(zn string, cards []engine.CardSpec) {
		for i, cs := range cards {
			s.place(r, fmt.Sprintf("shared.%s[%d]", zn, i), cs, uint8(engine.IndexFold(zoneNames, zn)), 0)
		}
	})
	r.Props("", pos.Props, map[string]func(string){"bought": engine.SetFlag(&s.bought)})
	if err := r.Err(); err != nil {
		return nil, err
	}
	s.settle = true
	s.run()
	s.touch()
	return s, nil
}

// readSeat places one seat's cards and reads its counters and properties.
func (s *state) readSeat(r *engine.PositionReader, p int8, sp engine.SeatPosition) {
	pl := &s.seats[p]
	pl.life = startLife
	who := engine.SeatPath(int(p))
	r.Counters(who, sp.Counters, map[string]func(int){
		"life":      engine.SetInt(&pl.life),
		"sugar":     engine.SetInt(&pl.sugar),
		"discarded": engine.SetBool(&pl.discarded), // as the view shows it: discarded for sugar this turn
	})
	r.Props(who, sp.Props, map[string]func(string){"discarded": engine.SetFlag(&pl.discarded)})
	r.Zones(who+".zones", sp.Zones, zoneNames[zDeck:zGenDiscard+1], func(zn string, cards []engine.CardSpec) {
		for i, cs := range cards {
			s.place(r, fmt.Sprintf("%s.zones.%s[%d]", who, zn, i), cs, uint8(engine.IndexFold(zoneNames, zn)), p)
		}
	})
}

// newID makes the instance for spec cs, at its fixed id if it has one: ids
// are handed out in order, so a fixed id must be above every id given so
// far.
func (s *state) newID(r *engine.PositionReader, where string, cs engine.CardSpec) (int16, bool) {
	d, ok := s.cat.lookup(cs.Card)
	if !ok {
		r.Bad(where, cs.Card+": no such card", "check the name against `kartenwerk cards microlife`")
		return 0, false
	}
	if cs.ID == 0 {
		return s.newCard(d, -1), true
	}
	if cs.ID < len(s.cards) || cs.ID > 4000 {
		r.Bad(where, fmt.Sprintf("id %d is taken or out of range", cs.ID), "give ids in increasing order, or none")
		return 0, false
	}
	for len(s.cards) < cs.ID {
		s.cards = append(s.cards, inst{def: -1, owner: -1})
	}
	return s.newCard(d, -1), true
}

// place puts card cs in zone z of seat p (a stolen card in play on p's
// side, owned by its owner) with its statuses, counters and attachments.
func (s *state) place(r *engine.PositionReader, where string, cs engine.CardSpec, z uint8, p int8) {
	c, ok := s.newID(r, where, cs)
	if !ok {
		return
	}
	if z == zPlay {
		p = int8(r.Owner(where, cs, int(p)))
	}
	s.put(c, z, p, false)
	ci := &s.cards[c]
	r.Statuses(where, cs, map[string]func(){
		"tapped":   func() { ci.flags |= fTapped },
		"attacked": func() { ci.flags |= fAttacked },
		"spore":    func() { ci.flags |= fSpore | fTapped },
		"public":   func() { ci.flags |= fPublic },
		"action":   func() { ci.flags |= fAction },
	})
	if z == zPlay && s.def(c).typ == tAktion {
		ci.flags |= fAction
	}
	r.Counters(where, cs.Counters, map[string]func(int){
		"damage": engine.SetInt(&ci.dmg),
		"toxin":  engine.SetInt(&ci.toxin),
	})
	for i, as := range cs.Attached {
		s.attachSpec(r, fmt.Sprintf("%s.attached[%d]", where, i), as, c, p)
	}
}

// attachSpec puts as on entity c of seat p: a mutation, or a lysosome (owned
// by p's opponent unless it names its owner).
func (s *state) attachSpec(r *engine.PositionReader, where string, as engine.CardSpec, c int16, p int8) {
	m, ok := s.newID(r, where, as)
	if !ok {
		return
	}
	if as.HasStatus("lysosome") {
		owner := int8(r.Owner(where, as, int(1-p)))
		s.cards[m].owner, s.cards[m].zone, s.cards[m].host = owner, zLyso, c
		s.cards[m].show()
		s.cards[c].lyso = m
		return
	}
	if s.def(m).typ != tMutation {
		r.Bad(where, "only mutations attach to an entity (or a lysosome, status lysosome)", "attach a mutation card")
		return
	}
	s.cards[m].owner = p
	s.cards[m].zone, s.cards[m].host = zAttached, c
	s.cards[m].show()
	s.muts = append(s.muts, m)
	s.addMutation(c, m)
}
