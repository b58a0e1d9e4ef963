package zynalith

import (
	"fmt"
	"strings"

	"kartenwerk/engine"
)

// FromPosition builds a state from an explicit table. Only the cards named
// in the position exist. Seat zones: hand, front (status defense/attack,
// counters damage, attached extras); counters hp, silver, zynalith, vp;
// props passed, lifesteal, out. Shared zones: market.creatures,
// market.extras, stack.creatures, stack.extras (top first), discard,
// banished. Phase draft or turn; props first (the start player P_i, e.g.
// p2) and step (before, after).
func (g Game) FromPosition(setup engine.Setup, pos engine.Position) (engine.State, error) {
	if setup.Seats == 0 {
		setup.Seats = len(pos.Seats)
	}
	if len(pos.Seats) != setup.Seats {
		return nil, fmt.Errorf("the position has %d seats, the setup %d: list one entry under `seats:` per player", len(pos.Seats), setup.Seats)
	}
	setup.Decks = nil
	s, _, err := g.prepare(setup)
	if err != nil {
		return nil, err
	}
	b := builder{s: s}
	b.build(pos)
	if len(b.ps) > 0 {
		return nil, b.ps
	}
	s.changed()
	return s, nil
}

type builder struct {
	s  *State
	ps engine.Problems
}

func (b *builder) fail(subject, msg, fix string) {
	b.ps = append(b.ps, engine.Problem{Subject: subject, Msg: msg, Fix: fix})
}

func (b *builder) card(spec engine.CardSpec, where string, kinds ...kind) int16 {
	def, ok := b.s.pool.lookup(spec.Card)
	if !ok {
		b.fail(where, fmt.Sprintf("no card %q", spec.Card), "check the name with `kartenwerk cards zynalith`")
		return -1
	}
	if spec.ID != 0 {
		b.fail(where, "fixed card ids are not supported", "leave `id:` out and refer to the card by {Name}")
	}
	if b.s.n >= maxCards {
		b.fail(where, "too many cards", fmt.Sprintf("use at most %d", maxCards))
		return -1
	}
	if len(kinds) > 0 {
		okKind := false
		for _, k := range kinds {
			okKind = okKind || b.s.pool.defs[def].Kind == k
		}
		if !okKind {
			b.fail(where, fmt.Sprintf("%s is a %s, which cannot be here", spec.Card, kindNames[b.s.pool.defs[def].Kind]), "move the card to a zone that holds it")
			return -1
		}
	}
	return b.s.newCard(def)
}

func (b *builder) build(pos engine.Position) {
	s := b.s
	for st := range s.market {
		for i := range s.market[st] {
			s.market[st][i] = -1
		}
	}
	s.round, s.active, s.turn = int8(pos.Round), int8(pos.Active), int32(max(pos.Turn, 1))
	if pos.Active < 0 || int(pos.Active) >= len(pos.Seats) {
		b.fail("active", fmt.Sprintf("%v is not a seat", pos.Active), "write p1 to p"+fmt.Sprint(len(pos.Seats)))
		return
	}
	switch strings.ToLower(pos.Phase) {
	case "", "turn":
		s.phase = phTurn
		if pos.Round < 1 || pos.Round > lastRound {
			b.fail("round", fmt.Sprintf("round %d is not a round of play", pos.Round), "write 1 to 5, or phase: draft")
		}
	case "draft":
		s.phase, s.round = phDraft, 0
	default:
		b.fail("phase", fmt.Sprintf("unknown phase %q", pos.Phase), "write draft or turn")
	}
	s.first = (s.active - s.round%s.seats + s.seats) % s.seats
	for k, v := range pos.Props {
		switch k {
		case "first":
			p, err := engine.ParseSeat(v)
			if err != nil || p < 0 || int(p) >= len(pos.Seats) {
				b.fail("props.first", fmt.Sprintf("%q is not a seat", v), "write p1, p2, ...")
				continue
			}
			s.first = int8(p)
		case "step":
			switch v {
			case "before":
			case "after":
				s.step = stAfter
			default:
				b.fail("props.step", fmt.Sprintf("unknown step %q", v), "write before or after")
			}
		default:
			b.fail("props."+k, "unknown table property", "use first or step")
		}
	}
	for i, sp := range pos.Seats {
		b.seat(int8(i), sp)
	}
	for name, cards := range pos.Shared {
		b.shared(name, cards)
	}
}

func (b *builder) seat(p int8, sp engine.SeatPosition) {
	s := b.s
	s.hp[p], s.silver[p], s.zyn[p], s.alive[p] = startHP, startSilv, startZyn, true
	for k, v := range sp.Counters {
		switch k {
		case counterHP:
			s.hp[p] = int16(v)
		case counterSilver:
			s.silver[p] = int16(v)
		case counterZyn:
			s.zyn[p] = int16(v)
		case counterVP:
			s.vp[p] = int16(v)
		default:
			b.fail(fmt.Sprintf("%v.counters.%s", seat(p), k), "unknown counter", "use hp, silver, zynalith or vp")
		}
	}
	for k, v := range sp.Props {
		on := v == "true" || v == "yes"
		switch k {
		case "passed":
			s.passed[p] = on
		case "lifesteal":
			s.lsteal[p] = on
		case "out":
			s.alive[p], s.passed[p] = !on, on
		default:
			b.fail(fmt.Sprintf("%v.props.%s", seat(p), k), "unknown property", "use passed, lifesteal or out")
		}
	}
	for zn, cards := range sp.Zones {
		where := fmt.Sprintf("%v.%s", seat(p), zn)
		switch zn {
		case zoneHand:
			for _, cs := range cards {
				if id := b.card(cs, where); id >= 0 {
					flags := uint8(0)
					if cs.HasStatus("known") {
						flags = fKnown
					}
					s.toHand(id, p, flags)
				}
			}
		case zoneFront:
			for _, cs := range cards {
				b.front(p, cs, where)
			}
		default:
			b.fail(where, "unknown zone", "use hand or front")
		}
	}
}

func (b *builder) front(p int8, cs engine.CardSpec, where string) {
	s := b.s
	if s.rowN[p] >= maxSlots {
		b.fail(where, "more than 5 creatures", "a front has 5 slots (ZY-2.4)")
		return
	}
	id := b.card(cs, where, kCreature)
	if id < 0 {
		return
	}
	s.place(p, id)
	if cs.HasStatus(statusDefend) {
		s.cards[id].flags |= fDefend
	}
	for k, v := range cs.Counters {
		switch k {
		case counterDamage:
			s.cards[id].dmg = int8(v)
		case "atk":
			s.cards[id].atk += int8(v)
		case "def":
			s.cards[id].def += int8(v)
		case "init":
			s.cards[id].init += int8(v)
			s.sortRow(p)
		case "hp":
			s.cards[id].hp += int8(v)
		default:
			b.fail(where+"."+cs.Card, "unknown card counter "+k, "use damage, atk, def, init or hp")
		}
	}
	for _, as := range cs.Attached {
		if e := b.card(as, where+"."+cs.Card, kProperty, kSpell, kEquipment); e >= 0 {
			s.attach(e, id)
		}
	}
}

func (b *builder) shared(name string, cards []engine.CardSpec) {
	s := b.s
	for st := stackID(0); st < 2; st++ {
		switch name {
		case marketZones[st]:
			if len(cards) > marketSize {
				b.fail(name, "more than 5 cards", "a market row holds 5 (ZY-2.6)")
				return
			}
			for i, cs := range cards {
				if id := b.card(cs, name); id >= 0 {
					if s.d(id).Stack != st || s.d(id).Kind == kEvent {
						b.fail(name, cs.Card+" does not belong in this row", "put it in the other row")
						continue
					}
					s.market[st][i] = id
					s.cards[id].zone = zMarket
				}
			}
			return
		case stackZones[st]:
			for i := len(cards) - 1; i >= 0; i-- {
				if id := b.card(cards[i], name); id >= 0 {
					if s.d(id).Stack != st {
						b.fail(name, cards[i].Card+" belongs in the other stack", "move it (ZY-8.1)")
						continue
					}
					s.pushStack(st, id)
				}
			}
			return
		}
	}
	z := zDiscard
	switch name {
	case zoneDiscard:
	case zoneBanished:
		z = zBanished
	default:
		b.fail(name, "unknown shared zone", "use market.creatures, market.extras, stack.creatures, stack.extras, discard or banished")
		return
	}
	for _, cs := range cards {
		if id := b.card(cs, name); id >= 0 {
			s.toDiscard(id)
			s.cards[id].zone = z
		}
	}
}
