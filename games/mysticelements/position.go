package mysticelements

import (
	"fmt"
	"sort"
	"strings"

	"kartenwerk/engine"
)

// FromPosition builds a table explicitly, for scenarios and rule tests.
//
// Phases: pick, start (turn start triggers are queued, then prepare runs),
// gain, play (the default), keep, redraw. Zones: hand, deck, battle, grave,
// deep, each listed top first. A battle card takes status ready or
// exhausted (units and relics; default ready), counters damage and tokens,
// attached charms, and owner (p1/p2) when stolen. Seat counters:
// energy.<colour>, round, limit (sets the card limit before battle cards),
// quiet, played, wonders. Seat props: colours ("red,blue,green").
func (g Game) FromPosition(setup engine.Setup, pos engine.Position) (engine.State, error) {
	s, err := newState(g.pool(), setup)
	if err != nil {
		return nil, err
	}
	var probs engine.Problems
	bad := func(subject, msg, fix string) {
		probs = append(probs, engine.Problem{Subject: subject, Msg: msg, Fix: fix})
	}
	if len(pos.Seats) != 2 {
		return nil, engine.Problems{{Subject: "seats", Msg: fmt.Sprintf("%d seats given, the game has 2", len(pos.Seats)), Fix: "list two seats"}}
	}
	if pos.Active < 0 || pos.Active > 1 {
		bad("active", "active must be p1 or p2", "write active: p1")
	}
	s.active = int8(max(0, min(1, int(pos.Active))))
	ph := indexOf(phaseNames, pos.Phase)
	if pos.Phase == "" {
		ph = int(phMain)
	}
	if ph < 0 || phase(ph) == phOver || phase(ph) == phPick {
		bad("phase", fmt.Sprintf("unknown phase %q", pos.Phase), "use start, gain, play, keep or redraw")
		ph = int(phMain)
	}
	used := map[int]bool{}
	for _, sp := range pos.Seats {
		for _, cards := range sp.Zones {
			for _, c := range cards {
				markIDs(c, used)
			}
		}
	}
	next := 1
	newID := func(c engine.CardSpec) int16 {
		if c.ID > 0 {
			return int16(c.ID)
		}
		for used[next] {
			next++
		}
		used[next] = true
		return int16(next)
	}
	var place func(where string, c engine.CardSpec, seat int8, z zone) int16
	place = func(where string, c engine.CardSpec, seat int8, z zone) int16 {
		d, ok := s.pool.byName[strings.ToLower(c.Card)]
		if !ok {
			bad(where, fmt.Sprintf("no card named %q", c.Card), suggest(s.pool, strings.ToLower(c.Card)))
			return 0
		}
		id := newID(c)
		if int(id) >= maxCards-1 || s.cards[id].zone != zNone {
			bad(where, fmt.Sprintf("card id %d is taken or too large (at most %d cards)", id, maxCards-2), "use another id, or none")
			return 0
		}
		owner := seat
		if c.Owner != "" {
			o, err := engine.ParseSeat(c.Owner)
			if err != nil || o < 0 || o > 1 {
				bad(where, fmt.Sprintf("owner %q is not p1 or p2", c.Owner), "write owner: p1")
			} else {
				owner = int8(o)
			}
		}
		if owner != seat && z != zBattle {
			bad(where, "only cards in the battle can be held by a player who does not own them", "move it to the owner's zone")
		}
		if int(id) >= int(s.ncards) {
			s.ncards = id + 1
		}
		s.cards[id] = s.newCard(d, owner, seat, z)
		s.pileOf(seat, z).push(id)
		cd := &s.cards[id]
		kind := s.pool.defs[d].Kind
		for _, st := range c.Status {
			switch st {
			case "ready":
				cd.ready = true
			case "exhausted":
				cd.ready = false
			case "marked":
				cd.mark = true
			default:
				bad(where, fmt.Sprintf("unknown status %q", st), "use ready, exhausted or marked")
			}
		}
		if z == zBattle && (kind == kUnit || kind == kRelic) && !c.HasStatus("exhausted") {
			cd.ready = true
		}
		keys := sortedKeys(c.Counters)
		for _, k := range keys {
			v := c.Counters[k]
			switch {
			case k == "damage" && z == zBattle && kind == kUnit:
				cd.dmg = clampTok(v)
			case k == "tokens" && z == zBattle && kind == kUnit:
				cd.tok = clampTok(v)
			default:
				bad(where, fmt.Sprintf("counter %q does not apply here", k), "units in the battle take damage and tokens")
			}
		}
		if len(c.Attached) > 0 && (z != zBattle || kind != kUnit) {
			bad(where, "only units in the battle carry charms", "remove attached")
		}
		for i, a := range c.Attached {
			aw := fmt.Sprintf("%s.attached[%d]", where, i)
			ctrl := seat
			if a.Owner != "" {
				if o, err := engine.ParseSeat(a.Owner); err == nil && o >= 0 && o <= 1 {
					ctrl = int8(o)
				}
			}
			a.Owner = ""
			ch := place(aw, a, ctrl, zBattle)
			if ch == 0 {
				continue
			}
			if s.def(ch).Kind != kCharm {
				bad(aw, s.def(ch).Name+" is not a charm", "attach only charms")
				continue
			}
			s.cards[ch].ready = false
			s.cards[ch].host = id
			s.bless(id, s.def(ch))
		}
		if z == zBattle && kind == kCharm && !strings.Contains(where, ".attached[") {
			bad(where, "a charm in the battle must be attached to a unit", "list it under its unit's attached:")
		}
		return id
	}
	for si, sp := range pos.Seats {
		seat := int8(si)
		p := &s.p[seat]
		zoneKeys := make([]string, 0, len(sp.Zones))
		for k := range sp.Zones {
			zoneKeys = append(zoneKeys, k)
		}
		sort.Strings(zoneKeys)
		for _, zn := range zoneKeys {
			z := zone(indexOf(zoneNames, zn))
			if indexOf(zoneNames, zn) < 0 || z == zNone || z == zStack {
				bad(fmt.Sprintf("seats[%d].zones.%s", si, zn), "unknown zone", "use hand, deck, battle, grave or deep")
				continue
			}
			cards := sp.Zones[zn]
			topFirst := z == zDeck || z == zDeep || z == zGrave
			for i := range cards {
				j := i
				if topFirst {
					j = len(cards) - 1 - i
				}
				place(fmt.Sprintf("seats[%d].zones.%s[%d]", si, zn, j), cards[j], seat, z)
			}
		}
		if cs, ok := sp.Props["colours"]; ok {
			for _, w := range strings.Split(cs, ",") {
				c := colourIndex(strings.TrimSpace(w))
				if c < 0 || p.ncol == 3 || p.hasColour(int8(c)) {
					bad(fmt.Sprintf("seats[%d].props.colours", si), fmt.Sprintf("%q is not a new colour (at most 3)", w), "use "+strings.Join(colourNames, ", "))
					continue
				}
				p.colours[p.ncol] = int8(c)
				p.ncol++
			}
		}
		for k := range sp.Props {
			if k != "colours" {
				bad(fmt.Sprintf("seats[%d].props.%s", si, k), "unknown property", "the only seat property is colours")
			}
		}
		p.round = int16(pos.Round)
		if seat != s.active {
			p.round = int16(max(0, pos.Round-1)) // the active player went first
		}
		for _, k := range sortedKeys(sp.Counters) {
			v := sp.Counters[k]
			if c, ok := strings.CutPrefix(k, "energy."); ok && colourIndex(c) >= 0 {
				p.energy[colourIndex(c)] = int8(max(0, min(50, v)))
				continue
			}
			switch k {
			case "round":
				p.round = int16(v)
			case "limit":
				p.limitMod = int8(max(-5, min(5, v-5)))
			case "quiet":
				p.quiet = int8(v)
			case "played":
				p.played = int8(v)
			case "wonders":
				p.wonders = int8(v)
			default:
				bad(fmt.Sprintf("seats[%d].counters.%s", si, k), "unknown counter", "use energy.<colour>, round, limit, quiet, played or wonders")
			}
		}
	}
	if len(pos.Shared) > 0 {
		bad("shared", "Mystic Elements has no shared zones", "remove shared")
	}
	s.res = resolving{}
	if len(probs) > 0 {
		return nil, probs
	}
	if s.p[s.active].round == 0 {
		s.p[s.active].round = 1
	}
	s.first = s.active
	s.turn = int16(pos.Turn)
	if s.turn == 0 {
		s.turn = s.p[0].round + s.p[1].round
	}
	s.phase = phase(ph)
	if s.phase == phStart {
		for _, id := range s.p[s.active].battle.slice() {
			if d := s.def(id); d.Kind != kCharm && d.ability(trStart) >= 0 {
				s.startQ.push(id)
			}
		}
	}
	s.run()
	return s, nil
}

func markIDs(c engine.CardSpec, used map[int]bool) {
	if c.ID > 0 {
		used[c.ID] = true
	}
	for _, a := range c.Attached {
		markIDs(a, used)
	}
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
