package zynalith

import (
	"fmt"

	"kartenwerk/engine"
)

// invariants checks the rules' bookkeeping after every action: each card
// in exactly one zone and listed where its zone says, counters in range,
// rows within the round's slots and sorted by INIT (ZY-5.13).
func invariants(es engine.State) error {
	s := es.(*State)
	seen := make([]int, s.n)
	var hands [maxSeats]int8
	for st := 0; st < 2; st++ {
		for _, id := range s.stack[st][:s.stackN[st]] {
			seen[id]++
			if s.cards[id].zone != zStack || s.d(id).Stack != stackID(st) {
				return fmt.Errorf("c%d is listed in stack %d but its zone is %d", id, st, s.cards[id].zone)
			}
		}
		for _, id := range s.market[st] {
			if id < 0 {
				continue
			}
			seen[id]++
			if s.cards[id].zone != zMarket || s.d(id).Stack != stackID(st) || s.d(id).Kind == kEvent {
				return fmt.Errorf("c%d is listed in market row %d but its zone is %d", id, st, s.cards[id].zone)
			}
		}
	}
	for p := int8(0); p < s.seats; p++ {
		if s.rowN[p] > s.slots() && s.phase != phOver {
			return fmt.Errorf("%v has %d creatures in round %d", seat(p), s.rowN[p], s.round)
		}
		if s.hp[p] > startHP || s.silver[p] < 0 || s.zyn[p] < 0 {
			return fmt.Errorf("%v has HP %d, Silver %d, Zynalith %d", seat(p), s.hp[p], s.silver[p], s.zyn[p])
		}
		if s.alive[p] && s.hp[p] <= 0 && s.phase != phOver {
			return fmt.Errorf("%v is alive at %d HP", seat(p), s.hp[p])
		}
		if !s.alive[p] && (s.rowN[p] > 0 || s.handSize(p) > 0) {
			return fmt.Errorf("eliminated %v still has cards", seat(p))
		}
		if s.defense(p) > int(s.rowN[p]) && s.opt.defense == 0 {
			return fmt.Errorf("%v has defense %d with %d creatures", seat(p), s.defense(p), s.rowN[p])
		}
		for i := int8(0); i < s.rowN[p]; i++ {
			id := s.row[p][i]
			seen[id]++
			if c := &s.cards[id]; c.zone != zFront || c.owner != p || s.d(id).Kind != kCreature {
				return fmt.Errorf("c%d is in %v's row but its zone is %d, owner %d", id, seat(p), c.zone, c.owner)
			}
			if s.hpLeft(id) <= 0 && s.phase != phOver {
				return fmt.Errorf("c%d %s is in play with %d HP left", id, s.d(id).Name, s.hpLeft(id))
			}
			if i > 0 && s.initOf(s.row[p][i-1]) < s.initOf(id) {
				return fmt.Errorf("%v's row is not sorted by INIT", seat(p))
			}
			for e := s.cards[id].ext; e >= 0; e = s.cards[e].ext {
				seen[e]++
				if c := &s.cards[e]; c.zone != zAttached || c.host != id {
					return fmt.Errorf("c%d is on c%d's extras but its zone is %d, host %d", e, id, c.zone, c.host)
				}
			}
		}
	}
	for id := int16(0); id < s.n; id++ {
		switch c := &s.cards[id]; c.zone {
		case zHand:
			seen[id]++
			hands[c.owner]++
			if c.owner < 0 || c.owner >= s.seats {
				return fmt.Errorf("c%d is in the hand of nobody", id)
			}
		case zDiscard, zBanished:
			seen[id]++
		}
		if seen[id] != 1 {
			return fmt.Errorf("c%d %s (zone %d) is in %d places", id, s.d(id).Name, s.cards[id].zone, seen[id])
		}
	}
	if hands != s.handN {
		return fmt.Errorf("hand counts %v, cards in hands %v", s.handN, hands)
	}
	if s.phase == phOver {
		if s.ToMove() != engine.NoSeat {
			return fmt.Errorf("game over but %v to move", s.ToMove())
		}
	}
	return nil
}
