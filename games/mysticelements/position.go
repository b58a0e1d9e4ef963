package mysticelements

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"kartenwerk/engine"
)

// FromPosition builds a table explicitly, for scenarios and rule tests.
//
// Phases: start (turn start triggers are queued, then prepare runs), gain,
// play (the default), keep, redraw. Zones: battle, deck, deep, grave, hand,
// each listed top first. A battle card takes status ready or exhausted
// (units and relics; default ready), counters damage and tokens, attached
// charms, and owner (p1/p2) when stolen. Seat counters: energy.<colour>,
// round, limit (sets the card limit before battle cards), quiet, played,
// wonders. Seat props: colours ("red,blue,green"). Cards may fix their id.
func (g Game) FromPosition(setup engine.Setup, pos engine.Position) (engine.State, error) {
	s, err := newState(g.pool(), setup)
	if err != nil {
		return nil, err
	}
	r, err := engine.ReadPosition(setup, pos, 2, 2)
	if err != nil {
		return nil, err
	}
	s.active = int8(r.Active())
	ph := phase(slices.Index(phaseNames, positionPhases[r.Phase(positionPhases...)]))
	for si, sp := range pos.Seats {
		s.readSeat(r, int8(si), sp)
	}
	if len(pos.Shared) > 0 {
		r.Bad("shared", "Mystic Elements has no shared zones", "remove shared")
	}
	s.res = resolving{}
	if err := r.Err(); err != nil {
		return nil, err
	}
	s.startAt(ph, pos.Turn)
	s.run()
	return s, nil
}

// positionPhases are the phases a position may start in, the default first.
var positionPhases = []string{"play", "start", "gain", "keep", "redraw"}

// positionZones are a seat's zones, in the order their cards are numbered.
var positionZones = []string{"battle", "deck", "deep", "grave", "hand"}

// readSeat places one seat's cards and reads its colours and counters.
func (s *state) readSeat(r *engine.PositionReader, seat int8, sp engine.SeatPosition) {
	who := engine.SeatPath(int(seat))
	r.Zones(who+".zones", sp.Zones, positionZones, func(zn string, cards []engine.CardSpec) {
		z := zone(slices.Index(zoneNames, zn))
		topFirst := z == zDeck || z == zDeep || z == zGrave
		for i := range cards {
			j := i
			if topFirst {
				j = len(cards) - 1 - i
			}
			s.place(r, fmt.Sprintf("%s.zones.%s[%d]", who, zn, j), cards[j], seat, z)
		}
	})
	p := &s.p[seat]
	r.Props(who, sp.Props, map[string]func(string){"colours": func(v string) { s.readColours(r, who, p, v) }})
	p.round = int16(r.Pos.Round)
	if seat != s.active {
		p.round = int16(max(0, r.Pos.Round-1)) // the active player went first
	}
	set := map[string]func(int){
		"round":   engine.SetInt(&p.round),
		"limit":   func(v int) { p.limitMod = int8(max(-5, min(5, v-5))) },
		"quiet":   engine.SetInt(&p.quiet),
		"played":  engine.SetInt(&p.played),
		"wonders": engine.SetInt(&p.wonders),
	}
	for c, name := range colourNames {
		set["energy."+name] = func(v int) { p.energy[c] = int8(max(0, min(50, v))) }
	}
	r.Counters(who, sp.Counters, set)
}

// readColours reads a seat's colours, "red,blue,green".
func (s *state) readColours(r *engine.PositionReader, who string, p *player, list string) {
	for _, w := range strings.Split(list, ",") {
		c := colourIndex(strings.TrimSpace(w))
		if c < 0 || p.ncol == 3 || p.hasColour(int8(c)) {
			r.Bad(who+".props.colours", fmt.Sprintf("%q is not a new colour (at most 3)", w), "use "+strings.Join(colourNames, ", "))
			continue
		}
		p.colours[p.ncol] = int8(c)
		p.ncol++
	}
}

// place puts card c in zone z of seat and returns its id, 0 if it could
// not be placed.
func (s *state) place(r *engine.PositionReader, where string, c engine.CardSpec, seat int8, z zone) int16 {
	d, ok := s.pool.byName[strings.ToLower(c.Card)]
	if !ok {
		r.Bad(where, fmt.Sprintf("no card named %q", c.Card), suggest(s.pool, strings.ToLower(c.Card)))
		return 0
	}
	id := int16(r.ID(c))
	if int(id) >= maxCards-1 || s.cards[id].zone != zNone {
		r.Bad(where, fmt.Sprintf("card id %d is taken or too large (at most %d cards)", id, maxCards-2), "use another id, or none")
		return 0
	}
	owner := int8(r.Owner(where, c, int(seat)))
	if owner != seat && z != zBattle {
		r.Bad(where, "only cards in the battle can be held by a player who does not own them", "move it to the owner's zone")
	}
	s.ncards = max(s.ncards, id+1)
	s.cards[id] = s.newCard(d, owner, seat, z)
	s.pileOf(seat, z).push(id)
	s.readCardState(r, where, c, id)
	for i, a := range c.Attached {
		s.attachCharm(r, fmt.Sprintf("%s.attached[%d]", where, i), a, id, seat)
	}
	if z == zBattle && s.def(id).Kind == kCharm && !strings.Contains(where, ".attached[") {
		r.Bad(where, "a charm in the battle must be attached to a unit", "list it under its unit's attached:")
	}
	return id
}

// readCardState reads a placed card's statuses and counters.
func (s *state) readCardState(r *engine.PositionReader, where string, c engine.CardSpec, id int16) {
	cd := &s.cards[id]
	kind := s.def(id).Kind
	r.Statuses(where, c, map[string]func(){
		"ready":     func() { cd.ready = true },
		"exhausted": func() { cd.ready = false },
		"marked":    func() { cd.mark = true },
	})
	unit := cd.zone == zBattle && kind == kUnit
	if cd.zone == zBattle && (kind == kUnit || kind == kRelic) && !c.HasStatus("exhausted") {
		cd.ready = true
	}
	if !unit {
		for _, k := range slices.Sorted(maps.Keys(c.Counters)) {
			r.Bad(where, fmt.Sprintf("counter %q does not apply here", k), "units in the battle take damage and tokens")
		}
		if len(c.Attached) > 0 {
			r.Bad(where, "only units in the battle carry charms", "remove attached")
		}
		return
	}
	r.Counters(where, c.Counters, map[string]func(int){
		"damage": func(v int) { cd.dmg = clampTok(v) },
		"tokens": func(v int) { cd.tok = clampTok(v) },
	})
}

// attachCharm places charm a on the unit host of seat's side of the
// battle; the charm is on its owner's side.
func (s *state) attachCharm(r *engine.PositionReader, where string, a engine.CardSpec, host int16, seat int8) {
	ctrl := int8(r.Owner(where, a, int(seat)))
	a.Owner = ""
	ch := s.place(r, where, a, ctrl, zBattle)
	if ch == 0 {
		return
	}
	if s.def(ch).Kind != kCharm {
		r.Bad(where, s.def(ch).Name+" is not a charm", "attach only charms")
		return
	}
	s.cards[ch].ready = false
	s.cards[ch].host = host
	s.bless(host, s.def(ch))
}

// startAt sets the turn and phase once the cards are placed; a turn of 0
// is counted from the seats' rounds.
func (s *state) startAt(ph phase, turn int) {
	if s.p[s.active].round == 0 {
		s.p[s.active].round = 1
	}
	s.first = s.active
	s.turn = int16(turn)
	if s.turn == 0 {
		s.turn = s.p[0].round + s.p[1].round
	}
	s.phase = ph
	if s.phase == phStart {
		for _, id := range s.p[s.active].battle.slice() {
			if d := s.def(id); d.Kind != kCharm && d.ability(trStart) >= 0 {
				s.startQ.push(id)
			}
		}
	}
}
