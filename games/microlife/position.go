package microlife

import (
	"fmt"
	"strconv"
	"strings"

	"kartenwerk/engine"
)

// FromPosition builds a table from an explicit position (scenarios, rule
// tests). Zones are named as in the view: deck, hand, play, discard,
// genpool, genpool-discard per seat; market, main-deck, main-discard,
// mutation-deck, mutation-discard shared. Counters: life, sugar,
// discarded (1 once a card was discarded for sugar this turn). Card
// status: tapped, attacked, spore; card counters: damage, toxin;
// attached cards are mutations, or the lysosome (status lysosome).
// Seat prop "discarded: true"; table prop "bought: true".
func (g Game) FromPosition(setup engine.Setup, pos engine.Position) (engine.State, error) {
	s, err := newState(g.catalog(), setup)
	if err != nil {
		return nil, err
	}
	b := posBuilder{s: s}
	if len(pos.Seats) != 2 {
		b.bad("seats", fmt.Sprintf("a position has 2 seats, not %d", len(pos.Seats)), "list two seats")
		return nil, b.probs
	}
	s.active = int8(pos.Active)
	if pos.Active < 0 || pos.Active > 1 {
		b.bad("active", "active must be p1 or p2", "write active: p1")
		s.active = 0
	}
	s.turn = max(pos.Turn, 1)
	switch strings.ToLower(pos.Phase) {
	case "", "main1":
		s.phase = pMain1
	case "combat":
		s.phase = pCombat
	case "main2":
		s.phase = pMain2
	default:
		b.bad("phase", fmt.Sprintf("unknown phase %q", pos.Phase), "use main1, combat or main2")
	}
	for p, sp := range pos.Seats {
		pl := &s.seats[p]
		pl.life = startLife
		for k, v := range sp.Counters {
			switch k {
			case "life":
				pl.life = v
			case "sugar":
				pl.sugar = v
			case "discarded": // as the view shows it: discarded for sugar this turn
				pl.discarded = v != 0
			default:
				b.bad(fmt.Sprintf("p%d counters", p+1), fmt.Sprintf("unknown counter %q", k), "use life, sugar or discarded")
			}
		}
		for k, v := range sp.Props {
			if k != "discarded" {
				b.bad(fmt.Sprintf("p%d props", p+1), fmt.Sprintf("unknown prop %q", k), "use discarded: true")
				continue
			}
			pl.discarded, _ = strconv.ParseBool(v)
		}
		for _, z := range []uint8{zDeck, zHand, zPlay, zDiscard, zGenpool, zGenDiscard} {
			for _, cs := range sp.Zones[zoneNames[z]] {
				b.place(cs, z, int8(p))
			}
		}
		for name := range sp.Zones {
			if i := index(zoneNames, name); i < int(zDeck) || i > int(zGenDiscard) {
				b.bad(fmt.Sprintf("p%d zones", p+1), fmt.Sprintf("unknown zone %q", name), "use deck, hand, play, discard, genpool or genpool-discard")
			}
		}
	}
	for _, z := range []uint8{zMarket, zMainDeck, zMainDiscard, zMutDeck, zMutDiscard} {
		for _, cs := range pos.Shared[zoneNames[z]] {
			b.place(cs, z, 0)
		}
	}
	for name := range pos.Shared {
		if i := index(zoneNames, name); i < int(zMarket) || i > int(zMutDiscard) {
			b.bad("shared", fmt.Sprintf("unknown shared zone %q", name), "use market, main-deck, main-discard, mutation-deck or mutation-discard")
		}
	}
	for k, v := range pos.Props {
		if k != "bought" {
			b.bad("props", fmt.Sprintf("unknown prop %q", k), "use bought: true")
			continue
		}
		s.bought, _ = strconv.ParseBool(v)
	}
	if len(b.probs) > 0 {
		return nil, b.probs
	}
	s.settle = true
	s.run()
	s.touch()
	return s, nil
}

type posBuilder struct {
	s     *state
	probs engine.Problems
}

func (b *posBuilder) bad(subject, msg, fix string) {
	b.probs = append(b.probs, engine.Problem{Subject: subject, Msg: msg, Fix: fix})
}

// newID makes the instance for spec cs, at its fixed id if it has one.
func (b *posBuilder) newID(cs engine.CardSpec) (int16, bool) {
	s := b.s
	d, ok := s.cat.lookup(cs.Card)
	if !ok {
		b.bad(cs.Card, "no such card", "check the name against `kartenwerk cards microlife`")
		return 0, false
	}
	if cs.ID == 0 {
		return s.newCard(d, -1), true
	}
	if cs.ID < len(s.cards) || cs.ID > 4000 {
		b.bad(cs.Card, fmt.Sprintf("id %d is taken or out of range", cs.ID), "give ids in increasing order, or none")
		return 0, false
	}
	for len(s.cards) < cs.ID {
		s.cards = append(s.cards, inst{def: -1, owner: -1})
	}
	return s.newCard(d, -1), true
}

func (b *posBuilder) place(cs engine.CardSpec, z uint8, p int8) {
	s := b.s
	c, ok := b.newID(cs)
	if !ok {
		return
	}
	if cs.Owner != "" && z == zPlay {
		if o, err := engine.ParseSeat(cs.Owner); err == nil && o >= 0 && o < 2 {
			p = int8(o)
		}
	}
	s.put(c, z, p, false)
	ci := &s.cards[c]
	for _, st := range cs.Status {
		switch st {
		case "tapped":
			ci.flags |= fTapped
		case "attacked":
			ci.flags |= fAttacked
		case "spore":
			ci.flags |= fSpore | fTapped
		case "public":
			ci.flags |= fPublic
		case "action":
			ci.flags |= fAction
		default:
			b.bad(cs.Card, fmt.Sprintf("unknown status %q", st), "use tapped, attacked, spore, public or action")
		}
	}
	if z == zPlay && s.def(c).typ == tAktion {
		ci.flags |= fAction
	}
	for k, v := range cs.Counters {
		switch k {
		case "damage":
			ci.dmg = int8(v)
		case "toxin":
			ci.toxin = int8(v)
		default:
			b.bad(cs.Card, fmt.Sprintf("unknown counter %q", k), "use damage or toxin")
		}
	}
	for _, as := range cs.Attached {
		m, ok := b.newID(as)
		if !ok {
			continue
		}
		if as.HasStatus("lysosome") {
			owner := 1 - p
			if as.Owner != "" {
				if o, err := engine.ParseSeat(as.Owner); err == nil && o >= 0 && o < 2 {
					owner = int8(o)
				}
			}
			s.cards[m].owner, s.cards[m].zone, s.cards[m].host = owner, zLyso, c
			ci = &s.cards[c]
			ci.lyso = m
			continue
		}
		if s.def(m).typ != tMutation {
			b.bad(as.Card, "only mutations attach to an entity (or a lysosome, status lysosome)", "attach a mutation card")
			continue
		}
		s.cards[m].owner = p
		s.cards[m].zone, s.cards[m].host = zAttached, c
		s.muts = append(s.muts, m)
		s.addMutation(c, m)
		ci = &s.cards[c]
	}
}
