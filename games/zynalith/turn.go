package zynalith

// handSize counts the cards in p's hand.
func (s *State) handSize(p int8) int { return int(s.handN[p]) }

// toHand puts a card into p's hand.
func (s *State) toHand(id int16, p int8, flags uint8) {
	c := &s.cards[id]
	c.zone, c.owner, c.flags = zHand, p, flags
	s.handN[p]++
}

// leaveHand notes that a card is about to leave its hand.
func (s *State) leaveHand(id int16) {
	if c := &s.cards[id]; c.zone == zHand {
		s.handN[c.owner]--
	}
}

// canDraft reports whether any card can still be drafted.
func (s *State) canDraft() bool {
	for st := range s.market {
		for _, id := range s.market[st] {
			if id >= 0 {
				return true
			}
		}
	}
	return s.canDraw(stCreatures) || s.canDraw(stExtras)
}

// nextDrafter moves the draft on to the next living player clockwise who
// holds fewer than 5 cards; when there is none, round 1 begins (ZY-3.4).
func (s *State) nextDrafter() {
	if s.phase == phOver {
		return
	}
	p := s.active
	for i := int8(0); i < s.seats && s.canDraft(); i++ {
		p = s.next(p)
		if s.alive[p] && s.handSize(p) < draftHand {
			s.active = p
			s.turn++
			return
		}
	}
	s.startRound(1)
}

// startRound begins round r (ZY-4.1 to ZY-4.4): the start player moves one
// seat clockwise (skipping eliminated players, ZY-10.U5), everyone gains
// 10 Silver, and the market is refreshed.
func (s *State) startRound(r int8) {
	s.round, s.phase, s.step = r, phTurn, stBefore
	for p := int8(0); p < s.seats; p++ {
		s.passed[p] = !s.alive[p]
		if s.alive[p] {
			s.silver[p] += income
		}
	}
	s.refillMarket()
	if s.phase == phOver {
		return
	}
	start := (s.first + r) % s.seats // ZY-10.16
	for !s.alive[start] {
		start = s.next(start)
	}
	s.active = start
	s.turn++
}

// afterMain follows a main action: the player may still take side actions
// (ZY-4.5) unless they passed or are out.
func (s *State) afterMain() {
	if s.phase != phTurn {
		return
	}
	if !s.alive[s.active] || s.passed[s.active] {
		s.endTurn()
		return
	}
	s.step = stAfter
}

// endTurn hands the turn to the next player who has not passed; when all
// have passed the action phase ends (ZY-4.5).
func (s *State) endTurn() {
	p := s.active
	for i := int8(0); i < s.rowN[p]; i++ {
		s.cards[s.row[p][i]].flags &^= fToggled
	}
	s.swaps, s.step = 0, stBefore
	if s.opt.actions == 1 { // ZY-10.2 (a): one turn per round
		s.passed[p] = true
	}
	if s.opt.combat == combatTurn { // ZY-10.1: combat after every turn
		s.combat()
		if s.phase == phOver {
			return
		}
	}
	for i := int8(0); i < s.seats; i++ {
		p = s.next(p)
		if s.alive[p] && !s.passed[p] {
			s.active = p
			s.turn++
			return
		}
	}
	s.endActions()
}

// endActions closes a round's action phase: combat (ZY-4.6, ZY-10.1), then
// the next round or the end of the game (ZY-4.7).
func (s *State) endActions() {
	if s.opt.combat == combatRound || (s.opt.combat == combatEnd && s.round == lastRound) {
		s.combat()
	}
	if s.phase == phOver {
		return
	}
	if s.round >= lastRound {
		s.gameEnd()
		return
	}
	s.startRound(s.round + 1)
}

// openWindow offers the other players a counter against the card just
// played, clockwise from the player (ZY-5.9). Each player who might hold
// a counter is asked once; playing none is a single decision.
func (s *State) openWindow(played int16, by int8) {
	s.win = window{open: true, played: played, by: by, seat: -1}
	s.advanceWindow()
}

// advanceWindow asks the next player who can counter, or resolves the play
// when nobody is left to ask.
func (s *State) advanceWindow() {
	for s.win.next < s.seats-1 {
		s.win.next++
		p := (s.win.by + s.win.next) % s.seats
		if s.alive[p] && s.mayCounter(p) {
			s.win.seat = p
			return
		}
	}
	s.win.open = false
	s.finishPlay(s.win.played, s.win.by)
}
