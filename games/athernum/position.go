package athernum

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"kartenwerk/engine"
)

// FromPosition builds a state from an explicit table (scenarios, rule
// tests). Zones: hand, deck (top first), extra, main, characters,
// location, discard, void; items as "attached" to their host. Card
// status: face-down, exhausted; card counters: damage, vp, exhaustion.
// Seat counters: command, res.F, exhausted.F, pool.F (F a faction or
// none). Phase: morning, day (default), combat, evening, night. Props:
// generated, claimed, location-played, combat-used ("true"). Cards are
// numbered in the order of the position, zones by name.
func (g *Game) FromPosition(setup engine.Setup, pos engine.Position) (engine.State, error) {
	r, err := engine.ReadPosition(setup, pos, 2, 4)
	if err != nil {
		return nil, err
	}
	rules, err := resolveRules(setup.Variant)
	if err != nil {
		return nil, err
	}
	lists, mains := g.listCards(r)
	if err := r.Err(); err != nil {
		return nil, err
	}
	s := g.alloc(r.Seats, rules, setup.Seed, mains, make([][]int16, r.Seats))
	id := int16(1)
	for i := range lists {
		id = s.readSeat(r, i, lists[i], id)
	}
	s.readTable(r)
	if err := r.Err(); err != nil {
		return nil, err
	}
	s.noteField()
	s.dirty = true
	s.advance()
	return s, nil
}

// placed is a card of the position on its way to the table.
type placed struct {
	where string
	zone  uint8
	spec  engine.CardSpec
	host  int // index in the seat's list of the host, -1 none
}

// positionZones are a seat's zones in the order their cards are numbered.
var positionZones = []string{"characters", "deck", "discard", "extra", "hand", "location", "main", "void"}

var zoneKinds = map[string]uint8{"hand": zHand, "deck": zDeck, "extra": zExtra, "main": zMain, "characters": zChars,
	"location": zLoc, "discard": zDiscard, "void": zVoid}

// listCards lists each seat's cards in the order they are numbered, items
// after their host, with their definitions for alloc.
func (g *Game) listCards(r *engine.PositionReader) (lists [][]placed, mains [][]int16) {
	lists, mains = make([][]placed, r.Seats), make([][]int16, r.Seats)
	for i, sp := range r.Pos.Seats {
		zones := engine.SeatPath(i) + ".zones"
		r.Zones(zones, sp.Zones, positionZones, func(zn string, specs []engine.CardSpec) {
			for k := range specs {
				if zoneKinds[zn] == zDeck { // top first in the position, last in the zone
					k = len(specs) - 1 - k
				}
				where := fmt.Sprintf("%s.%s[%d]", zones, zn, k)
				lists[i] = append(lists[i], placed{where: where, zone: zoneKinds[zn], spec: specs[k], host: -1})
				host := len(lists[i]) - 1
				for a, at := range specs[k].Attached {
					lists[i] = append(lists[i], placed{where: fmt.Sprintf("%s.attached[%d]", where, a), zone: zItem, spec: at, host: host})
				}
			}
		})
		for _, pc := range lists[i] {
			d, ok := g.pool.def(pc.spec.Card)
			if !ok {
				r.Bad(pc.where, fmt.Sprintf("no such card %q", pc.spec.Card), "check the name against `kartenwerk cards athernum`")
			}
			mains[i] = append(mains[i], d)
		}
	}
	return lists, mains
}

// readSeat puts seat i's cards, numbered from id, in their zones and reads
// the seat's counters; it returns the id after the seat's cards and
// tokens.
func (s *State) readSeat(r *engine.PositionReader, i int, list []placed, id int16) int16 {
	p := &s.pl[i]
	p.deck.n = 0
	first := id
	for _, pc := range list {
		s.placeCard(r, pc, id)
		if pc.host >= 0 {
			s.cards[id].host = first + int16(pc.host)
		}
		id++
	}
	if p.main != 0 {
		p.startDef = s.cards[p.main].def
	} else if p.loc != 0 {
		p.startDef = s.cards[p.loc].def
	}
	counters := r.Pos.Seats[i].Counters
	for _, k := range slices.Sorted(maps.Keys(counters)) {
		if err := setCounter(p, k, counters[k]); err != nil {
			r.Bad(fmt.Sprintf("%s.counters.%s", engine.SeatPath(i), k), err.Error(),
				"use command, res.F, exhausted.F or pool.F with F one of ember, tide, grove, none")
		}
	}
	return id + tokensPer
}

// placeCard moves card id, listed as pc, to its zone with its statuses and
// counters.
func (s *State) placeCard(r *engine.PositionReader, pc placed, id int16) {
	c := &s.cards[id]
	c.zone = zNone
	r.CheckID(pc.where, pc.spec, int(id))
	if typ := s.def(id).typ; pc.zone == zMain && typ != tCharacter || pc.zone == zChars && typ != tCharacter ||
		pc.zone == zLoc && typ != tLocation || pc.zone == zItem && typ != tItem {
		r.Bad(pc.where, fmt.Sprintf("a %s cannot be in %s", typeNames[typ], zoneNames[pc.zone]), "move it to the right zone")
	}
	s.move(id, pc.zone)
	r.Statuses(pc.where, pc.spec, map[string]func(){
		"face-down": func() { c.flags |= fFaceDown },
		"exhausted": func() { c.flags |= fFaceDown; c.exh = max(c.exh, 1) },
		"ready":     func() {},
	})
	r.Counters(pc.where, pc.spec.Counters, map[string]func(int){
		"damage": engine.SetInt(&c.dmg),
		"vp":     engine.SetInt(&c.vp),
		"exhaustion": func(v int) {
			c.exh = int8(v)
			if v > 0 {
				c.flags |= fFaceDown
			}
		},
	})
	if c.onField() && !c.faceDown() && s.def(id).statics {
		c.flags |= fStaticOn
	}
}

// readTable reads whose turn it is, the turn, the phase and the table's
// properties.
func (s *State) readTable(r *engine.PositionReader) {
	s.active = int8(r.Active())
	s.turn = int16(r.Pos.Turn)
	if s.turn == 0 {
		s.turn = 2
	}
	if s.turn > 1 {
		s.firstOf = 0xff
	} else {
		s.firstOf = 1 << uint(s.active)
		s.inFirst = true
	}
	s.phase = []uint8{phDay, phMorning, phCombat, phEvening, phNight}[r.Phase("day", "morning", "combat", "evening", "night")]
	if s.phase == phDay {
		s.step = 1
	}
	s.combatUs = s.phase == phCombat
	r.Props("", r.Pos.Props, map[string]func(string){
		"generated":       engine.SetFlag(&s.genUsed),
		"claimed":         engine.SetFlag(&s.claimed),
		"location-played": engine.SetFlag(&s.locUsed),
		"combat-used":     engine.SetFlag(&s.combatUs),
	})
}

func setCounter(p *player, k string, v int) error {
	if k == "command" {
		if v < 0 || v > 2 {
			return fmt.Errorf("command tokens are 0 to 2 (AT-2.13)")
		}
		p.cmd = int8(v)
		return nil
	}
	kind, f, ok := strings.Cut(k, ".")
	fi := slices.Index(factionNames[:], f)
	if !ok || fi < 0 || v < 0 {
		return fmt.Errorf("unknown counter")
	}
	switch kind {
	case "res":
		p.ready[fi] = int16(v)
	case "exhausted":
		p.exh[fi] = int16(v)
	case "pool":
		p.pool[fi] = int16(v)
	default:
		return fmt.Errorf("unknown counter")
	}
	return nil
}
