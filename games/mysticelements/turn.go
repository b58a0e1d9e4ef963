package mysticelements

// The turn (ME-4): turn start, prepare, gain energy, play, draw, cleanup.
// run advances through everything automatic and stops at the next
// decision, which Legal then lists.

// beginTurn starts seat's turn: ME-4.1 queues its turn start abilities.
func (s *state) beginTurn(seat int8) {
	s.active = seat
	s.turn++
	p := &s.p[seat]
	p.round++
	p.played, p.wonders = 0, 0
	s.phase = phStart
	s.st = sNone
	s.startQ.n = 0
	for _, id := range p.battle.slice() {
		d := s.def(id)
		if d.Kind != kCharm && d.ability(trStart) >= 0 {
			s.startQ.push(id)
		}
	}
}

// roundNumber is the round for energy: the player's own turn count
// (ME-10.3 [Rec]) or every turn counted (variant round=all-turns).
func (s *state) roundNumber(seat int8) int {
	if s.v.everyTurn {
		return int(s.turn)
	}
	return int(s.p[seat].round)
}

// run continues the game until a decision is needed or the game is over.
func (s *state) run() {
	for s.phase != phOver {
		if s.st != sNone {
			return // a decision is pending
		}
		if s.res.active {
			if !s.resume() {
				return
			}
			continue
		}
		if s.fight.active {
			return // waiting for the strike back decision
		}
		switch s.phase {
		case phPick, phGain:
			return
		case phStart:
			switch s.startQ.n {
			case 0:
				s.prepareAll(s.active)
				s.phase = phGain
				return
			case 1:
				s.startTrigger(s.startQ.pop())
			default:
				s.st = sTrigger
				return
			}
		case phMain:
			s.st = sNone
			return
		case phKeep:
			if s.p[s.active].energyTotal() <= 5 {
				s.phase = phRedraw
				continue
			}
			if !s.keepSettled() {
				return
			}
		case phRedraw:
			if s.canRedraw(s.active) {
				return
			}
			s.endTurn()
		}
	}
}

// startTrigger resolves a turn start ability (ME-4.1) if its card is
// still in the battle under the active player.
func (s *state) startTrigger(id int16) {
	c := &s.cards[id]
	if c.zone != zBattle || c.seat != s.active {
		return
	}
	s.beginAbility(id, int8(s.def(id).ability(trStart)), s.active, false)
}

// prepareAll is ME-4.2: every unit and relic of seat is readied; a unit
// that is already ready is promoted instead (ME-10.11).
func (s *state) prepareAll(seat int8) {
	for _, id := range s.p[seat].battle.slice() {
		if s.def(id).Kind != kCharm {
			s.prepare(id)
		}
	}
	s.checkDeaths()
}

// gain is ME-4.3: energy of the chosen colour equal to the round, at most 5.
func (s *state) gain(c int8) {
	n := min(s.roundNumber(s.active), 5)
	s.p[s.active].energy[c] += int8(n)
	s.phase = phMain
}

// endPlay ends ME-4.4 and does ME-4.5: draw up to the card limit; drawing
// from an empty deck loses (ME-10.7).
func (s *state) endPlay() {
	seat := s.active
	p := &s.p[seat]
	if need := s.cardLimit(seat) - int(p.hand.n); need > 0 {
		s.drawN(seat, need)
		if s.checkEnd() {
			return
		}
	}
	p.kept = [nColours]int8{}
	s.phase = phKeep
}

// cardLimit is 5 plus permanent changes plus the cards in the battle that
// change it (ME-2.2).
func (s *state) cardLimit(seat int8) int {
	l := 5 + int(s.p[seat].limitMod)
	for _, id := range s.p[seat].battle.slice() {
		l += int(s.def(id).Limit)
	}
	return max(l, 0)
}

// keep is one pick of ME-4.6.1: one energy of colour c is kept.
func (s *state) keep(c int8) { s.p[s.active].kept[c]++ }

// keepSettled finishes ME-4.6.1 once five are kept, or once only one
// colour is left to choose from (then the choice is forced); with five
// kept, the rest is lost.
func (s *state) keepSettled() bool {
	p := &s.p[s.active]
	left := 5 - sum8(p.kept[:])
	only := -1
	for c := 0; c < nColours && left > 0; c++ {
		if p.energy[c] > p.kept[c] {
			if only >= 0 {
				return false
			}
			only = c
		}
	}
	if only >= 0 {
		p.kept[only] += int8(min(left, int(p.energy[only]-p.kept[only])))
	}
	p.energy = p.kept
	p.kept = [nColours]int8{}
	s.phase = phRedraw
	return true
}

// quietTurn reports whether this turn so far allows the redraw: no card
// played from hand, or (variant redraw=wonders) no wonder (ME-10.6).
func (s *state) quietTurn(seat int8) bool {
	if s.v.wondersOnly {
		return s.p[seat].wonders == 0
	}
	return s.p[seat].played == 0
}

// canRedraw is ME-4.6.2: the second own turn in a row without playing,
// and a hand to redraw.
func (s *state) canRedraw(seat int8) bool {
	return s.quietTurn(seat) && s.p[seat].quiet >= 1 && s.p[seat].hand.n > 0
}

// redrawDone discards the marked cards and draws as many (ME-4.6.2).
func (s *state) redrawDone() {
	seat := s.active
	p := &s.p[seat]
	n := 0
	for i := int16(0); i < p.hand.n; {
		id := p.hand.c[i]
		if s.cards[id].mark {
			s.move(id, seat, zGrave)
			n++
			continue
		}
		i++
	}
	if n > 0 {
		s.drawN(seat, n)
		if s.checkEnd() {
			return
		}
	}
	s.endTurn()
}

// endTurn finishes cleanup and starts the next player's turn (ME-4.6.3).
func (s *state) endTurn() {
	p := &s.p[s.active]
	if s.quietTurn(s.active) {
		if p.quiet < 100 {
			p.quiet++
		}
	} else {
		p.quiet = 0
	}
	for _, id := range p.hand.slice() {
		s.cards[id].mark = false
	}
	s.beginTurn(1 - s.active)
}
