package zynalith

import (
	"kartenwerk/engine"
)

// deal sets up a new game (ZY-3): resources, shuffled stacks, the start
// player, the first market, and round 0's draft.
func (s *State) deal(list stackList, first int) {
	for _, e := range list {
		for i := 0; i < e.count; i++ {
			s.pushStack(e.stack, s.newCard(e.def))
		}
	}
	for p := int8(0); p < s.seats; p++ { // ZY-3.1
		s.hp[p], s.silver[p], s.zyn[p] = startHP, startSilv, startZyn
		s.alive[p] = true
	}
	for st := range s.stackN { // ZY-3.2
		engine.Shuffle(&s.rng, s.stack[st][:s.stackN[st]])
	}
	if first > 0 {
		s.first = int8(first - 1)
	} else {
		s.first = int8(s.rng.IntN(int(s.seats))) // ZY-10.U2
	}
	for st := range s.market {
		for i := range s.market[st] {
			s.market[st][i] = -1
		}
	}
	s.refillMarket() // ZY-3.3
	s.phase, s.round, s.active, s.turn = phDraft, 0, s.first, 1
	s.changed()
}

// newCard adds an instance of definition def, outside every zone.
func (s *State) newCard(def int16) int16 {
	id := s.n
	s.n++
	s.cards[id] = card{ref: def, host: -1, ext: -1, owner: -1, kind: s.pool.defs[def].Kind}
	if s.cards[id].kind == kCounter {
		s.ctr[s.nctr] = id
		s.nctr++
	}
	return id
}

// stackList is a validated list of the shared stacks, its names resolved.
type stackList []stackEntry

type stackEntry struct {
	stack stackID
	def   int16
	count int
}

func resolve(p *pool, d engine.DeckList) stackList {
	out := make(stackList, 0, len(d.Entries))
	for _, e := range d.Entries {
		id, _ := p.lookup(e.Card)
		out = append(out, stackEntry{stack: stackID(engine.IndexFold(stackNames, e.Section)), def: id, count: e.Count})
	}
	return out
}

func (s *State) pushStack(st stackID, id int16) {
	s.stack[st][s.stackN[st]] = id
	s.stackN[st]++
	c := &s.cards[id]
	c.zone, c.owner, c.flags, c.host, c.ext = zStack, -1, 0, -1, -1
}

// refillMarket discards both market rows and reveals five new cards in
// each (ZY-3.3, ZY-4.4).
func (s *State) refillMarket() {
	for st := stackID(0); st < 2 && s.phase != phOver; st++ {
		s.redrawRow(st)
	}
}

// redrawRow discards a market row and reveals a new one (ZY-5.4).
func (s *State) redrawRow(st stackID) {
	for i, id := range s.market[st] {
		if id >= 0 {
			s.toDiscard(id)
			s.market[st][i] = -1
		}
	}
	for i := range s.market[st] {
		if s.phase == phOver {
			return
		}
		s.market[st][i] = s.reveal(st)
	}
}

// reveal turns up the top card of a stack for the market: events are
// executed, discarded and replaced (ZY-2.10, ZY-10.9). It returns -1 when
// the stack and its discard are exhausted (ZY-10.U1).
func (s *State) reveal(st stackID) int16 {
	for guard := 0; guard <= maxCards && s.phase != phOver; guard++ {
		id := s.drawTop(st)
		if id < 0 {
			return -1
		}
		if s.d(id).Kind != kEvent {
			s.cards[id].zone = zMarket
			return id
		}
		s.runEvent(id)
	}
	return -1
}

// drawTop removes the top card of a stack, reshuffling its discard pile
// in when it is empty (ZY-10.U1). The card is left outside every zone.
func (s *State) drawTop(st stackID) int16 {
	if s.stackN[st] == 0 {
		s.reshuffle(st)
		if s.stackN[st] == 0 {
			return -1
		}
	}
	s.stackN[st]--
	id := s.stack[st][s.stackN[st]]
	s.cards[id].zone = zNone
	return id
}

// reshuffle shuffles the discarded cards of a stack's type back into it.
// Events already executed stay in the discard pile: with few cards left
// in circulation they would otherwise come back and fire again and again
// (a reading of ZY-10.U1).
func (s *State) reshuffle(st stackID) {
	for id := int16(0); id < s.n; id++ {
		if s.cards[id].zone == zDiscard && s.d(id).Stack == st && s.d(id).Kind != kEvent {
			s.pushStack(st, id)
		}
	}
	engine.Shuffle(&s.rng, s.stack[st][:s.stackN[st]])
}

// canDraw reports whether a stack (or its discard) holds a card.
func (s *State) canDraw(st stackID) bool {
	if s.stackN[st] > 0 {
		return true
	}
	for id := int16(0); id < s.n; id++ {
		if s.cards[id].zone == zDiscard && s.d(id).Stack == st && s.d(id).Kind != kEvent {
			return true
		}
	}
	return false
}

func (s *State) toDiscard(id int16) {
	s.leaveHand(id)
	c := &s.cards[id]
	c.zone, c.owner, c.host, c.ext, c.flags = zDiscard, -1, -1, -1, 0
	c.dmg, c.atk, c.def, c.init, c.hp, c.kw = 0, 0, 0, 0, 0, 0
	s.discards[id/8] ^= 1 << (id % 8)
}

// drawBlind puts the top card of a stack into p's hand; events drawn are
// executed, discarded, and the draw repeats (ZY-5.1).
func (s *State) drawBlind(p int8, st stackID) {
	for guard := 0; guard <= maxCards && s.phase != phOver; guard++ {
		id := s.drawTop(st)
		if id < 0 {
			return
		}
		if s.d(id).Kind == kEvent {
			s.runEvent(id)
			continue
		}
		s.toHand(id, p, 0)
		return
	}
}
