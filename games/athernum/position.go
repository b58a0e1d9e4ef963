package athernum

import (
	"fmt"
	"sort"
	"strings"

	"kartenwerk/engine"
)

// FromPosition builds a state from an explicit table (scenarios, rule
// tests). Zones: hand, deck (top first), extra, main, characters,
// location, discard, void; items as "attached" to their host. Card
// status: face-down, exhausted; card counters: damage, vp, exhaustion.
// Seat counters: command, res.F, exhausted.F, pool.F (F a faction or
// none). Phase: morning, day (default), combat, evening, night. Props:
// generated, claimed, location-played, combat-used ("true").
func (g *Game) FromPosition(setup engine.Setup, pos engine.Position) (engine.State, error) {
	n := len(pos.Seats)
	if setup.Seats != 0 && setup.Seats != n {
		return nil, fmt.Errorf("the setup has %d seats, the position %d", setup.Seats, n)
	}
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("a position needs 2 to 4 seats, not %d", n)
	}
	r, err := resolveRules(setup.Variant)
	if err != nil {
		return nil, err
	}
	var probs engine.Problems
	type placed struct {
		zone uint8
		spec engine.CardSpec
		host int // index in list of the host, -1 none
	}
	lists := make([][]placed, n)
	mains := make([][]int16, n)
	zoneKinds := map[string]uint8{"hand": zHand, "deck": zDeck, "extra": zExtra, "main": zMain, "characters": zChars,
		"location": zLoc, "discard": zDiscard, "void": zVoid}
	for i, sp := range pos.Seats {
		names := make([]string, 0, len(sp.Zones))
		for z := range sp.Zones {
			names = append(names, z)
		}
		sort.Strings(names)
		for _, zn := range names {
			zk, ok := zoneKinds[zn]
			if !ok {
				probs = append(probs, engine.Problem{Subject: fmt.Sprintf("p%d zone %s", i+1, zn), Msg: "unknown zone",
					Fix: "use hand, deck, extra, main, characters, location, discard or void"})
				continue
			}
			specs := sp.Zones[zn]
			if zk == zDeck { // top first in the position, last in the zone
				specs = append([]engine.CardSpec(nil), specs...)
				for a, b := 0, len(specs)-1; a < b; a, b = a+1, b-1 {
					specs[a], specs[b] = specs[b], specs[a]
				}
			}
			for _, cs := range specs {
				lists[i] = append(lists[i], placed{zone: zk, spec: cs, host: -1})
				host := len(lists[i]) - 1
				for _, at := range cs.Attached {
					lists[i] = append(lists[i], placed{zone: zItem, spec: at, host: host})
				}
			}
		}
		for _, pc := range lists[i] {
			d, ok := g.pool.def(pc.spec.Card)
			if !ok {
				probs = append(probs, engine.Problem{Subject: pc.spec.Card, Msg: fmt.Sprintf("p%d: no such card", i+1), Fix: "check the name against `kartenwerk cards athernum`"})
			}
			mains[i] = append(mains[i], d)
		}
	}
	if len(probs) > 0 {
		return nil, probs
	}
	s := g.alloc(n, r, setup.Seed, mains, make([][]int16, n))
	id := int16(1)
	for i := 0; i < n; i++ {
		p := &s.pl[i]
		p.deck.n = 0
		first := id
		for _, pc := range lists[i] {
			c := &s.cards[id]
			c.zone = zNone
			if pc.spec.ID != 0 && pc.spec.ID != int(id) {
				probs = append(probs, engine.Problem{Subject: pc.spec.Card, Msg: fmt.Sprintf("fixed id %d: this game numbers cards in position order, here c%d", pc.spec.ID, id), Fix: "leave id out"})
			}
			if pc.zone == zMain && s.def(id).typ != tCharacter || pc.zone == zChars && s.def(id).typ != tCharacter ||
				pc.zone == zLoc && s.def(id).typ != tLocation || pc.zone == zItem && s.def(id).typ != tItem {
				probs = append(probs, engine.Problem{Subject: pc.spec.Card, Msg: fmt.Sprintf("a %s cannot be in %s", typeNames[s.def(id).typ], zoneNames[pc.zone]), Fix: "move it to the right zone"})
			}
			s.move(id, pc.zone)
			if pc.host >= 0 {
				c.host = first + int16(pc.host)
			}
			for _, st := range pc.spec.Status {
				switch st {
				case "face-down":
					c.flags |= fFaceDown
				case "exhausted":
					c.flags |= fFaceDown
					c.exh = max(c.exh, 1)
				case "ready":
				default:
					probs = append(probs, engine.Problem{Subject: pc.spec.Card, Msg: fmt.Sprintf("unknown status %q", st), Fix: "use face-down, exhausted or ready"})
				}
			}
			for k, v := range pc.spec.Counters {
				switch k {
				case "damage":
					c.dmg = int8(v)
				case "vp":
					c.vp = int8(v)
				case "exhaustion":
					c.exh = int8(v)
					if v > 0 {
						c.flags |= fFaceDown
					}
				default:
					probs = append(probs, engine.Problem{Subject: pc.spec.Card, Msg: fmt.Sprintf("unknown counter %q", k), Fix: "use damage, vp or exhaustion"})
				}
			}
			if c.onField() && !c.faceDown() && s.def(id).statics {
				c.flags |= fStaticOn
			}
			id++
		}
		id += tokensPer
		if p.main != 0 {
			p.startDef = s.cards[p.main].def
		} else if p.loc != 0 {
			p.startDef = s.cards[p.loc].def
		}
		for k, v := range pos.Seats[i].Counters {
			if err := setCounter(p, k, v); err != nil {
				probs = append(probs, engine.Problem{Subject: fmt.Sprintf("p%d counter %s", i+1, k), Msg: err.Error(),
					Fix: "use command, res.F, exhausted.F or pool.F with F one of ember, tide, grove, none"})
			}
		}
	}
	s.active = int8(max(0, int(pos.Active)))
	s.turn = int16(pos.Turn)
	if s.turn == 0 {
		s.turn = 2
	}
	if s.turn > 1 {
		s.firstOf = 0xff
	} else {
		s.firstOf = 1 << uint(s.active)
		s.inFirst = true
	}
	phases := map[string]uint8{"": phDay, "day": phDay, "morning": phMorning, "combat": phCombat, "evening": phEvening, "night": phNight}
	ph, ok := phases[strings.ToLower(pos.Phase)]
	if !ok {
		probs = append(probs, engine.Problem{Subject: "phase " + pos.Phase, Msg: "unknown phase", Fix: "use morning, day, combat, evening or night"})
	}
	s.phase = ph
	if ph == phDay {
		s.step = 1
	}
	s.combatUs = ph == phCombat
	for k, v := range pos.Props {
		on := v == "true" || v == "yes"
		switch k {
		case "generated":
			s.genUsed = on
		case "claimed":
			s.claimed = on
		case "location-played":
			s.locUsed = on
		case "combat-used":
			s.combatUs = on
		default:
			probs = append(probs, engine.Problem{Subject: "prop " + k, Msg: "unknown property", Fix: "use generated, claimed, location-played or combat-used"})
		}
	}
	if len(probs) > 0 {
		return nil, probs
	}
	s.noteField()
	s.dirty = true
	s.advance()
	return s, nil
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
	fi := index(factionNames[:], f)
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
