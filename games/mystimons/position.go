package mystimons

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"kartenwerk/engine"
)

// FromPosition builds a state from an explicit table (scenarios, rule
// tests). Zones per seat: deck and discard (top first), hand, active,
// bench, pool (energy cards; counter units), relics (field relics); shared:
// terrain. A MystiMon's attached list holds energy cards, its relic and the
// lower stages under it; counters hp, damage, poison and energy (N basic
// energy of its element); status burn, frozen, paralyzed, used, entered,
// face-down. Seat counters: double-energy, energy-placed, summoned, switched.
func (g *Game) FromPosition(setup engine.Setup, pos engine.Position) (engine.State, error) {
	s, err := g.newState(setup)
	if err != nil {
		return nil, err
	}
	var probs engine.Problems
	bad := func(subject, msg, fix string) {
		probs = append(probs, engine.Problem{File: "position", Subject: subject, Msg: msg, Fix: fix})
	}
	if len(pos.Seats) != 2 {
		return nil, engine.Problems{{File: "position", Msg: fmt.Sprintf("%d seats; mystimons has 2", len(pos.Seats)), Fix: "list two seats"}}
	}
	if pos.Active < 0 || pos.Active > 1 {
		bad("active", "active must be p1 or p2", "write active: p1")
		pos.Active = 0
	}
	s.active, s.first = uint8(pos.Active), uint8(pos.Active)
	s.turn = int16(max(1, pos.Turn))
	phase := pos.Phase
	if phase == "" {
		phase = "main"
	}
	switch phase {
	case "energy":
		s.phase = phEnergy
	case "main":
		s.phase = phMain
	case "discard":
		s.phase = phDiscard
	case "setup":
		s.phase = phSetup
	default:
		bad("phase", fmt.Sprintf("unknown phase %q", phase), "use setup, energy, main or discard")
	}
	lookup := func(subject, name string) (int, bool) {
		i, ok := g.pool.byName[strings.ToLower(name)]
		if !ok {
			bad(subject, fmt.Sprintf("no card named %q", name), "check the spelling against kartenwerk cards mystimons")
		}
		return i, ok
	}
	var noIDs func(where string, specs []engine.CardSpec)
	noIDs = func(where string, specs []engine.CardSpec) {
		for _, cs := range specs {
			if cs.ID != 0 {
				bad(where+"."+cs.Card, "fixed card ids are not supported: cards are numbered in zone order", "remove `id:` and refer to the card as {Name}")
			}
			noIDs(where, cs.Attached)
		}
	}
	for seat, sp := range pos.Seats {
		for _, z := range slices.Sorted(maps.Keys(sp.Zones)) {
			noIDs(engine.Seat(seat).String()+"."+z, sp.Zones[z])
		}
	}
	for seat, sp := range pos.Seats {
		who := engine.Seat(seat).String()
		p := &s.p[seat]
		for _, z := range slices.Sorted(maps.Keys(sp.Zones)) {
			specs := sp.Zones[z]
			subject := who + "." + z
			switch z {
			case znDeck, znDiscard:
				zone := zDeck
				if z == znDiscard {
					zone = zDiscard
				}
				for k := len(specs) - 1; k >= 0; k-- { // top first
					if i, ok := lookup(subject, specs[k].Card); ok {
						s.addCard(i, uint8(seat), zone)
					}
				}
			case znHand:
				for _, cs := range specs {
					if i, ok := lookup(subject, cs.Card); ok {
						s.addCard(i, uint8(seat), zHand)
					}
				}
			case znPool:
				for _, cs := range specs {
					if i, ok := lookup(subject, cs.Card); ok {
						if g.pool.defs[i].kind != kEnergy {
							bad(subject, cs.Card+" is not an energy card", "the pool holds energy cards")
							continue
						}
						c := s.addCard(i, uint8(seat), zPool)
						if u := cs.Counters["units"]; u > 0 {
							s.cards[c].units = int8(u)
						}
					}
				}
			case znRelics:
				for _, cs := range specs {
					if i, ok := lookup(subject, cs.Card); ok {
						if g.pool.defs[i].kind != kRelic || p.nRelics == 3 {
							bad(subject, cs.Card+": the field holds up to 3 relics", "list relic cards")
							continue
						}
						p.relics[p.nRelics] = s.addCard(i, uint8(seat), zFieldRel)
						p.nRelics++
					}
				}
			case znActive, znBench:
				slot := 0
				if z == znBench {
					slot = 1
				}
				if len(specs) > 3-slot-(1-slot)*2 {
					bad(subject, fmt.Sprintf("%d cards; the Active slot holds 1 and the Bench 2 (MM-2.3, 2.4)", len(specs)), "remove cards")
					continue
				}
				for k, cs := range specs {
					s.placeMon(g, uint8(seat), slot+k, cs, subject, lookup, bad)
				}
			default:
				bad(subject, "unknown zone", "use deck, hand, active, bench, discard, pool, relics")
			}
		}
		for _, k := range slices.Sorted(maps.Keys(sp.Counters)) {
			v := sp.Counters[k]
			switch k {
			case "double-energy":
				p.double = int8(v)
			case "energy-placed":
				p.energyDone = v != 0
			case "summoned":
				p.summoned = v != 0
			case "switched":
				p.switched = v != 0
			case "mulligans":
				p.mulligans = int8(v)
			default:
				bad(who+".counters."+k, "unknown counter", "use double-energy, energy-placed, summoned, switched, mulligans")
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(pos.Shared)) {
		specs := pos.Shared[name]
		if name != znTerrain || len(specs) > 1 {
			bad("shared."+name, "the only shared zone is terrain, with one card", "write shared: {terrain: [Volcanic Caldera]}")
			continue
		}
		for _, cs := range specs {
			if i, ok := lookup("shared.terrain", cs.Card); ok {
				owner := uint8(0)
				if cs.Owner == "p2" {
					owner = 1
				}
				c := s.addCard(i, owner, zTerrain)
				s.terrain = c
			}
		}
	}
	if s.nCards > maxCards-1 {
		bad("", "too many cards", "use at most 128")
	}
	for seat := range s.p {
		if s.phase != phSetup && s.p[seat].field[0] == 0 {
			bad(engine.Seat(seat).String()+".active", "no Active MystiMon: the game would be over (MM-7.1)", "give each seat an Active")
		}
	}
	if len(probs) > 0 {
		return nil, probs
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

func (s *state) placeMon(g *Game, seat uint8, slot int, cs engine.CardSpec, subject string, lookup func(string, string) (int, bool), bad func(string, string, string)) {
	i, ok := lookup(subject, cs.Card)
	if !ok {
		return
	}
	if g.pool.defs[i].kind != kMon {
		bad(subject, cs.Card+" is not a MystiMon", "put MystiMons in active and bench")
		return
	}
	m := s.addCard(i, seat, zField)
	s.p[seat].field[slot] = m
	c := &s.cards[m]
	d := &g.pool.defs[i]
	for _, st := range cs.Status {
		found := false
		for _, sn := range statusNames {
			if sn.name == st {
				c.flags |= sn.flag
				found = true
			}
		}
		if !found {
			bad(subject+"."+cs.Card, fmt.Sprintf("unknown status %q", st), "use burn, frozen, paralyzed, used, entered, face-down")
		}
	}
	for _, k := range slices.Sorted(maps.Keys(cs.Counters)) {
		v := cs.Counters[k]
		switch k {
		case "hp":
			c.hp = int16(v)
		case "damage":
			c.hp = d.hp - int16(v)
		case "poison":
			c.poison = int8(v)
		case "energy":
			name := capital(g.pool.elems[d.elem]) + " Energy"
			if j, ok := lookup(subject, name); ok {
				for ; v > 0; v-- {
					e := s.addCard(j, seat, zEnergy)
					s.cards[e].host = m
					c.energy++
				}
			}
		default:
			bad(subject+"."+cs.Card, "unknown counter "+k, "use hp, damage, poison, energy")
		}
	}
	for _, as := range cs.Attached {
		j, ok := lookup(subject, as.Card)
		if !ok {
			continue
		}
		ad := &g.pool.defs[j]
		a := s.addCard(j, seat, zEnergy)
		s.cards[a].host = m
		switch ad.kind {
		case kEnergy:
			if u := as.Counters["units"]; u > 0 {
				s.cards[a].units = int8(u)
			}
			if !s.canAttach(a, m) {
				bad(subject+"."+cs.Card, as.Card+" cannot be attached to "+cs.Card+" (MM-4.2A)", "attach energy of its element or a wildcard")
			}
			c.energy += s.cards[a].units
		case kRelic:
			s.cards[a].zone = zRelic
			c.relic = a
		case kMon:
			s.cards[a].zone = zUnder
		default:
			bad(subject+"."+cs.Card, as.Card+" cannot be attached", "attach energy, a relic or lower stages")
		}
	}
	c.start = c.energy
}
