package mystimons

import (
	"fmt"
	"slices"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// FromPosition builds a state from an explicit table (scenarios, rule
// tests). Zones per seat: deck and discard (top first), hand, active,
// bench, pool (energy cards; counter units), relics (field relics); shared:
// terrain. A MystiMon's attached list holds energy cards, its relic and the
// lower stages under it; counters hp, damage, poison and energy (N basic
// energy of its element); status burn, frozen, paralyzed, used, entered,
// face-down. Seat counters: double-energy, energy-placed, summoned,
// switched, mulligans. Cards are numbered in the order of the position.
func (g *Game) FromPosition(setup engine.Setup, pos engine.Position) (engine.State, error) {
	s, err := g.newState(setup)
	if err != nil {
		return nil, err
	}
	r, err := engine.ReadPosition(setup, pos, 2, 2)
	if err != nil {
		return nil, err
	}
	s.active, s.first = uint8(r.Active()), uint8(r.Active())
	s.turn = int16(max(1, pos.Turn))
	s.phase = []uint8{phMain, phEnergy, phDiscard, phSetup}[r.Phase("main", "energy", "discard", "setup")]
	for seat, sp := range pos.Seats {
		s.readSeat(r, uint8(seat), sp)
	}
	r.Zones("shared", pos.Shared, []string{znTerrain}, s.readTerrain(r))
	s.checkPosition(r)
	if err := r.Err(); err != nil {
		return nil, err
	}
	if s.phase == phSetup {
		s.setupAt = s.active
	}
	s.markPosition()
	if s.phase == phEnergy && !s.hasEnergyCard(int(s.active)) {
		s.phase = phMain
	}
	s.settle()
	return s, nil
}

// positionZones are a seat's zones, in the order their cards are numbered.
var positionZones = []string{znActive, znBench, znDeck, znDiscard, znHand, znPool, znRelics}

// readSeat places one seat's cards and reads its counters.
func (s *state) readSeat(r *engine.PositionReader, seat uint8, sp engine.SeatPosition) {
	who := engine.Seat(seat).String()
	p := &s.p[seat]
	r.Zones(who, sp.Zones, positionZones, func(z string, specs []engine.CardSpec) {
		s.readZone(r, seat, who+"."+z, z, specs)
	})
	r.Counters(who, sp.Counters, map[string]func(int){
		"double-energy": engine.SetInt(&p.double),
		"energy-placed": engine.SetBool(&p.energyDone),
		"summoned":      engine.SetBool(&p.summoned),
		"switched":      engine.SetBool(&p.switched),
		"mulligans":     engine.SetInt(&p.mulligans),
	})
}

// readZone places the cards of one of seat's zones.
func (s *state) readZone(r *engine.PositionReader, seat uint8, subject, z string, specs []engine.CardSpec) {
	switch z {
	case znDeck, znDiscard:
		zone := map[string]uint8{znDeck: zDeck, znDiscard: zDiscard}[z]
		for _, cs := range slices.Backward(specs) { // top first
			s.addSpec(r, subject, cs, seat, zone)
		}
	case znHand:
		for _, cs := range specs {
			s.addSpec(r, subject, cs, seat, zHand)
		}
	case znPool:
		for _, cs := range specs {
			s.addPoolCard(r, subject, cs, seat)
		}
	case znRelics:
		for _, cs := range specs {
			s.addRelic(r, subject, cs, seat)
		}
	case znActive, znBench:
		slot := 0
		if z == znBench {
			slot = 1
		}
		if len(specs) > 1+slot {
			r.Bad(subject, fmt.Sprintf("%d cards; the Active slot holds 1 and the Bench 2 (MM-2.3, 2.4)", len(specs)), "remove cards")
			return
		}
		for k, cs := range specs {
			s.placeMon(r, seat, slot+k, cs, subject)
		}
	}
}

// lookup finds a card by name, recording a problem when there is none.
func (s *state) lookup(r *engine.PositionReader, subject, name string) (int, bool) {
	i, ok := s.pool.byName[strings.ToLower(name)]
	if !ok {
		r.Bad(subject, fmt.Sprintf("no card named %q", name), "check the spelling against kartenwerk cards mystimons")
	}
	return i, ok
}

// addSpec adds the card cs names to a zone of seat and returns its id, 0
// when there is no such card.
func (s *state) addSpec(r *engine.PositionReader, subject string, cs engine.CardSpec, seat, zone uint8) int16 {
	i, ok := s.lookup(r, subject, cs.Card)
	if !ok {
		return 0
	}
	c := s.addCard(i, seat, zone)
	r.CheckID(subject+"."+cs.Card, cs, int(c))
	return c
}

// addPoolCard adds an energy card to seat's pool.
func (s *state) addPoolCard(r *engine.PositionReader, subject string, cs engine.CardSpec, seat uint8) {
	if i, ok := s.pool.byName[strings.ToLower(cs.Card)]; ok && s.pool.defs[i].kind != kEnergy {
		r.Bad(subject, cs.Card+" is not an energy card", "the pool holds energy cards")
		return
	}
	if c := s.addSpec(r, subject, cs, seat, zPool); c != 0 && cs.Counters["units"] > 0 {
		s.cards[c].units = int8(cs.Counters["units"])
	}
}

// addRelic adds a relic to seat's field.
func (s *state) addRelic(r *engine.PositionReader, subject string, cs engine.CardSpec, seat uint8) {
	p := &s.p[seat]
	if i, ok := s.pool.byName[strings.ToLower(cs.Card)]; ok && (s.pool.defs[i].kind != kRelic || p.nRelics == 3) {
		r.Bad(subject, cs.Card+": the field holds up to 3 relics", "list relic cards")
		return
	}
	if c := s.addSpec(r, subject, cs, seat, zFieldRel); c != 0 {
		p.relics[p.nRelics] = c
		p.nRelics++
	}
}

// readTerrain returns the reader of the shared zones: the terrain, one
// card.
func (s *state) readTerrain(r *engine.PositionReader) func(string, []engine.CardSpec) {
	return func(_ string, specs []engine.CardSpec) {
		if len(specs) > 1 {
			r.Bad("shared.terrain", "the only shared zone is terrain, with one card", "write shared: {terrain: [Volcanic Caldera]}")
			return
		}
		for _, cs := range specs {
			owner := uint8(r.Owner("shared.terrain", cs, 0))
			s.terrain = s.addSpec(r, "shared.terrain", cs, owner, zTerrain)
		}
	}
}

// checkPosition records what is wrong with the table as a whole.
func (s *state) checkPosition(r *engine.PositionReader) {
	if s.nCards > maxCards-1 {
		r.Bad("", "too many cards", "use at most 128")
	}
	for seat := range s.p {
		if s.phase != phSetup && s.p[seat].field[0] == 0 {
			r.Bad(engine.Seat(seat).String()+".active", "no Active MystiMon: the game would be over (MM-7.1)", "give each seat an Active")
		}
	}
}

// placeMon puts a MystiMon in a field slot of seat with its statuses,
// counters and attached cards.
func (s *state) placeMon(r *engine.PositionReader, seat uint8, slot int, cs engine.CardSpec, subject string) {
	i, ok := s.lookup(r, subject, cs.Card)
	if !ok {
		return
	}
	if s.pool.defs[i].kind != kMon {
		r.Bad(subject, cs.Card+" is not a MystiMon", "put MystiMons in active and bench")
		return
	}
	m := s.addSpec(r, subject, cs, seat, zField)
	s.p[seat].field[slot] = m
	c := &s.cards[m]
	d := &s.pool.defs[i]
	where := subject + "." + cs.Card
	statuses := map[string]func(){}
	for _, sn := range statusNames {
		statuses[sn.name] = func() { c.flags |= sn.flag }
	}
	r.Statuses(where, cs, statuses)
	r.Counters(where, cs.Counters, map[string]func(int){
		"hp":     engine.SetInt(&c.hp),
		"damage": func(v int) { c.hp = d.hp - int16(v) },
		"poison": engine.SetInt(&c.poison),
		"energy": func(v int) { s.addBasicEnergy(r, subject, m, v) },
	})
	for _, as := range cs.Attached {
		s.attachToMon(r, subject, cs.Card, as, m)
	}
	c.start = c.energy
}

// addBasicEnergy attaches n basic energy cards of MystiMon m's element.
func (s *state) addBasicEnergy(r *engine.PositionReader, subject string, m int16, n int) {
	c := &s.cards[m]
	name := i18n.Capital(s.pool.elems[s.pool.defs[c.def].elem]) + " Energy"
	if j, ok := s.lookup(r, subject, name); ok {
		for ; n > 0; n-- {
			e := s.addCard(j, c.owner, zEnergy)
			s.cards[e].host = m
			c.energy++
		}
	}
}

// attachToMon attaches the card as to MystiMon m (named mon): energy, its
// relic or a lower stage under it.
func (s *state) attachToMon(r *engine.PositionReader, subject, mon string, as engine.CardSpec, m int16) {
	a := s.addSpec(r, subject, as, s.cards[m].owner, zEnergy)
	if a == 0 {
		return
	}
	s.cards[a].host = m
	c := &s.cards[m]
	switch s.def(a).kind {
	case kEnergy:
		if u := as.Counters["units"]; u > 0 {
			s.cards[a].units = int8(u)
		}
		if !s.canAttach(a, m) {
			r.Bad(subject+"."+mon, as.Card+" cannot be attached to "+mon+" (MM-4.2A)", "attach energy of its element or a wildcard")
		}
		c.energy += s.cards[a].units
	case kRelic:
		s.cards[a].zone = zRelic
		c.relic = a
	case kMon:
		s.cards[a].zone = zUnder
	default:
		r.Bad(subject+"."+mon, as.Card+" cannot be attached", "attach energy, a relic or lower stages")
	}
}
