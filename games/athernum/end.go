package athernum

import "kartenwerk/engine"

// checkEnd applies the state-based checks that end a game or a player
// (AT-5.18 c-e, AT-7): failed forced draws and loss effects, then
// objective and win effects, then point superiority. A loss beats a win
// (AT-7.5); several winners at once are a draw (AT-7.6).
func (s *State) checkEnd() bool {
	var losers, winners engine.SeatSet
	lossReason, winReason := "", ""
	for p := int8(0); p < s.n; p++ {
		pl := &s.pl[p]
		if pl.out {
			continue
		}
		if pl.drawFail {
			losers, lossReason = losers.With(engine.Seat(p)), "deck-out"
		}
		if pl.wantLose {
			losers, lossReason = losers.With(engine.Seat(p)), "effect"
		}
	}
	for p := int8(0); p < s.n; p++ {
		pl := &s.pl[p]
		if pl.out || losers.Has(engine.Seat(p)) {
			pl.drawFail, pl.wantWin, pl.wantLose = false, false, false
			continue
		}
		if pl.wantWin {
			winners, winReason = winners.With(engine.Seat(p)), "effect"
		}
		if s.objectiveMet(p) {
			winners, winReason = winners.With(engine.Seat(p)), "objective"
		}
		pl.drawFail, pl.wantWin, pl.wantLose = false, false, false
	}
	if winners != 0 {
		if winners.Len() > 1 {
			winners = 0
		}
		s.end(winners, winReason)
		return true
	}
	if losers != 0 {
		for p := int8(0); p < s.n; p++ {
			if losers.Has(engine.Seat(p)) {
				s.eliminate(p)
			}
		}
		switch s.live() {
		case 0:
			s.end(0, lossReason)
		case 1:
			for p := int8(0); p < s.n; p++ {
				if !s.pl[p].out {
					s.end(engine.SeatSet(0).With(engine.Seat(p)), lossReason)
				}
			}
		}
		return true
	}
	if p := s.superior(); p >= 0 {
		s.end(engine.SeatSet(0).With(engine.Seat(p)), "superiority")
		return true
	}
	return false
}

// objectiveMet: a face-up character of p with an Objective ability holds
// VP at least its VP field (AT-7.3, AT-10.11).
func (s *State) objectiveMet(p int8) bool {
	pl := &s.pl[p]
	if pl.main != 0 && s.objectiveCardMet(pl.main) {
		return true
	}
	for _, x := range s.zs(pl.chars) {
		if s.objectiveCardMet(x) {
			return true
		}
	}
	return false
}

// objectiveCardMet: card id meets its Objective. An Objective card has a
// VP field (AT-6.5), so a card without VP tokens is passed over at once:
// this runs after every stack.
func (s *State) objectiveCardMet(id int16) bool {
	c := &s.cards[id]
	if c.vp == 0 || c.faceDown() {
		return false
	}
	d := &s.g.pool.defs[c.def]
	return d.objective && c.vp >= d.vp
}

// superior returns the player whose VP exceed every live opponent's VP
// plus the pool (AT-7.2), or -1.
func (s *State) superior() int8 {
	var vp [4]int
	pool := s.vpTally(&vp)
	for p := int8(0); p < s.n; p++ {
		if s.pl[p].out || vp[p] == 0 {
			continue
		}
		wins := true
		for q := int8(0); q < s.n; q++ {
			if q != p && !s.pl[q].out && vp[p] <= vp[q]+pool {
				wins = false
				break
			}
		}
		if wins {
			return p
		}
	}
	return -1
}

// eliminate takes a losing player out of a game that goes on (3-4
// players): their cards leave play, their stack items and triggers go.
func (s *State) eliminate(p int8) {
	pl := &s.pl[p]
	pl.out = true
	for _, id := range []int16{pl.main, pl.loc} {
		if id != 0 {
			s.move(id, zVoid)
			s.cards[id] = card{def: s.cards[id].def, owner: p, zone: zVoid}
		}
	}
	for pl.items.n > 0 {
		id := s.buf[pl.items.off]
		s.move(id, zVoid)
		s.cards[id] = card{def: s.cards[id].def, owner: p, zone: zVoid}
	}
	for pl.chars.n > 0 {
		id := s.buf[pl.chars.off]
		if s.cards[id].flags&fToken != 0 {
			s.move(id, zNone)
			s.cards[id] = card{def: s.cards[id].def, owner: p, zone: zNone, flags: fToken}
			continue
		}
		s.move(id, zVoid)
		s.cards[id] = card{def: s.cards[id].def, owner: p, zone: zVoid}
	}
	k := int8(0)
	for i := int8(0); i < s.sn; i++ {
		it := s.stack[i]
		if it.ctrl == p {
			if it.kind == itCard {
				s.cards[it.src].zone = zNone
				s.move(it.src, zVoid)
			}
			continue
		}
		s.stack[k] = it
		k++
	}
	s.sn = k
	for i := int8(0); i < s.on; i++ {
		if s.cards[s.offer[i]].owner == p {
			copy(s.offer[i:], s.offer[i+1:s.on])
			s.on--
			i--
		}
	}
	for i := int8(0); i < s.tn; i++ {
		if s.trig[i].ctrl == p {
			s.dropTrigger(i)
			i--
		}
	}
	if s.prio == p {
		s.prio = s.next(p)
	}
	if s.active == p && s.live() > 1 {
		// The turn ends at once: the next phase is the Night, and the phase
		// boundary empties every pool (AT-4.6).
		s.sn, s.tn, s.atk, s.atkT = 0, 0, 0, 0
		s.setPhase(phNight)
		s.step = 1
	}
}

// end finishes the game.
func (s *State) end(w engine.SeatSet, reason string) {
	s.phase, s.dec, s.toMove = phOver, decNone, -1
	s.winners, s.reason = w, reason
	s.sn, s.tn, s.on = 0, 0, 0
}
