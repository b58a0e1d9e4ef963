package athernum

import (
	"fmt"
	"math"
)

// advance runs everything that needs no decision (phase steps, stack
// resolution, state-based checks) until a seat must decide or the game
// is over.
func (s *State) advance() {
	for guard := 0; s.phase != phOver; guard++ {
		if guard > 100000 {
			panic(fmt.Sprintf("athernum: advance loops: phase %d step %d sn %d tn %d", s.phase, s.step, s.sn, s.tn))
		}
		if s.atk != 0 { // an attack waits for its defender (AT-5.13)
			s.dec, s.toMove = decDefend, s.cards[s.atkT].owner
			return
		}
		if s.tn > 0 {
			if s.placeTriggers() {
				return
			}
			continue
		}
		if s.sn > 0 {
			if s.noPriority() || int(s.passes) >= s.live() {
				s.resolveAll()
				s.passes = 0
				s.checkState()
				continue
			}
			s.dec, s.toMove = decPriority, s.prio
			if s.onlyPass() {
				s.pass()
				continue
			}
			return
		}
		for s.on > 0 && s.cards[s.offer[0]].zone != zItem {
			s.dropOffer()
		}
		if s.on > 0 {
			s.dec, s.toMove = decItem, s.cards[s.offer[0]].owner
			return
		}
		if s.dirty {
			s.dirty = false
			if s.checkState() {
				continue
			}
		}
		if s.step_() {
			return
		}
	}
	s.dec, s.toMove = decNone, -1
}

func (s *State) dropOffer() {
	copy(s.offer[:], s.offer[1:s.on])
	s.on--
}

// noPriority: in the Evening and at Night no one holds priority (AT-4.4,
// AT-4.5): what goes on the stack there resolves at once.
func (s *State) noPriority() bool {
	return s.phase == phEvening || s.phase == phNight || s.phase == phSetup
}

// step_ takes the next step of the turn (AT-4); true when a decision is
// due.
func (s *State) step_() bool {
	switch s.phase {
	case phSetup: // AT-3.2: the next player chooses a start card
		s.dec, s.toMove = decStart, s.setupAt
		return true
	case phMorning: // AT-4.1
		switch s.step {
		case 0:
			s.step = 1
			s.fire(trMorning)
		case 1:
			s.step = 2
			s.morningMarkers()
			s.dirty = true
		default:
			p := &s.pl[s.active]
			if !s.r.singleUse {
				for f := 0; f < nFactions; f++ {
					p.ready[f] += p.exh[f]
					p.exh[f] = 0
				}
			}
			p.cmd = 2 // AT-10.14: gain 2, capped at 2
			s.setPhase(phDay)
		}
	case phDay: // AT-4.2
		if s.step == 0 {
			s.step = 1
			s.fire(trDay)
			return false
		}
		s.dec, s.toMove = decMain, s.active
		return true
	case phCombat: // AT-4.3, AT-5.14
		if !s.canAttack() {
			s.setPhase(phDay)
			s.step = 1
			return false
		}
		s.dec, s.toMove = decMain, s.active
		return true
	case phEvening: // AT-4.4
		if s.step == 0 {
			s.step = 1
			s.fire(trEvening)
			return false
		}
		s.setPhase(phNight)
	case phNight: // AT-4.5
		if s.step == 0 {
			s.step = 1
			s.fire(trNight)
			return false
		}
		s.nextTurn()
	}
	return false
}

// setPhase changes phase; every phase boundary empties the resource pools
// (AT-4.6, entering and leaving combat included).
func (s *State) setPhase(ph uint8) {
	s.phase, s.step = ph, 0
	for i := 0; i < int(s.n); i++ {
		s.pl[i].pool = [nFactions]int16{}
	}
}

// nextTurn hands the turn to the next player in initiative order.
func (s *State) nextTurn() {
	// With no limit in play (AT-10.U6) a game still cannot outlast its
	// turn counter: the counter's last value ends it as a drawn limit.
	if s.r.turnLimit > 0 && int(s.turn) >= s.r.turnLimit || s.turn == math.MaxInt16 {
		s.end(0, "turn-limit")
		return
	}
	s.active = s.next(s.active)
	s.turn++
	bit := uint8(1) << uint(s.active)
	s.inFirst = s.firstOf&bit == 0
	s.firstOf |= bit
	s.combatUs, s.genUsed, s.claimed, s.locUsed = false, false, false, false
	s.setPhase(phMorning)
}

// morningMarkers removes one exhaustion marker from each of the active
// player's cards; a card left without markers turns face up (AT-4.1).
func (s *State) morningMarkers() {
	p := &s.pl[s.active]
	s.unexhaust(p.main)
	s.unexhaust(p.loc)
	for i := int16(0); i < p.chars.n; i++ {
		s.unexhaust(s.buf[p.chars.off+i])
	}
	for i := int16(0); i < p.items.n; i++ {
		s.unexhaust(s.buf[p.items.off+i])
	}
}

// unexhaust removes one marker; at none the card is revealed (AT-5.17).
func (s *State) unexhaust(id int16) {
	if id == 0 {
		return
	}
	c := &s.cards[id]
	if c.exh == 0 {
		return
	}
	c.exh--
	if c.exh == 0 {
		s.reveal(id)
	}
}

// reveal turns a card face up and puts its printed abilities on the
// stack: its static abilities and its "reveal" triggers (AT-5.17).
func (s *State) reveal(id int16) {
	c := &s.cards[id]
	c.flags &^= fFaceDown
	s.noteObjective(id)
	d := s.def(id)
	if d.statics {
		s.queue(id, -1, s.cards[id].owner)
	}
	s.fireCard(id, trReveal)
}

// exhaust turns a card face down and adds a marker (AT-5.21).
func (s *State) exhaust(id int16) {
	c := &s.cards[id]
	if !c.onField() {
		return
	}
	c.flags = (c.flags | fFaceDown) &^ fStaticOn
	if c.exh < 100 {
		c.exh++
	}
}

// combatAllowed: once per turn, never in the game's first turn (AT-4.3,
// AT-10.13).
func (s *State) combatAllowed() bool {
	if s.combatUs || s.phase != phDay {
		return false
	}
	if s.turn == 1 || (s.r.everyFirst && s.inFirst) {
		return false
	}
	return s.canAttack()
}

// canAttack: the active player has a ready character and a target.
func (s *State) canAttack() bool {
	p := &s.pl[s.active]
	ready := p.main != 0 && !s.cards[p.main].faceDown()
	for _, x := range s.zs(p.chars) {
		if !s.cards[x].faceDown() {
			ready = true
		}
	}
	if !ready {
		return false
	}
	for q := int8(0); q < s.n; q++ {
		if q != s.active && !s.pl[q].out && (s.pl[q].main != 0 || s.pl[q].chars.n > 0) {
			return true
		}
	}
	return false
}
