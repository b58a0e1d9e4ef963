package microlife

import "kartenwerk/engine"

// startTurn passes the turn (ML-4): untap (ML-4.1), then upkeep: 1 sugar
// and the turn-start triggers (ML-4.2).
func (s *state) startTurn() {
	s.turn++
	s.active = 1 - s.active
	s.phase, s.cstep, s.bought = pUpkeep, 0, false
	p := s.active
	s.seats[p].discarded = false
	var whens uint8 // s.whens(p), gathered on the way
	for _, c := range s.seats[p].zones[zPlay-1] {
		ci := &s.cards[c]
		if ci.flags&fSpore == 0 {
			ci.flags &^= fTapped
		}
		if ci.flags&(fSpore|fAction) == 0 {
			whens |= ci.whens
		}
	}
	s.seats[p].sugar++
	s.queueTriggers(p, whens, wTurnStart, 0)
	s.queueTriggers(p, whens, wEveryTurnStart, 0)
	if w := s.whens(1 - p); w != 0 {
		s.queueTriggers(1-p, w, wOppTurnStart, 0)
		s.queueTriggers(1-p, w, wEveryTurnStart, 0)
	}
}

// run carries the game forward until a seat must decide: it settles
// deaths, checks the end, resolves triggers and queued work, and moves
// through the phases that need no decision.
func (s *state) run() {
flow:
	for !s.over && s.dec.kind == dNone {
		if s.checkEnd() {
			break
		}
		if s.settle && s.settleDeaths() {
			continue
		}
		if len(s.trigs) > 0 {
			s.nextTrigger()
			continue
		}
		if len(s.works) > 0 {
			w := s.works[0]
			copy(s.works, s.works[1:])
			s.works = s.works[:len(s.works)-1]
			s.doWork(w)
			continue
		}
		switch s.phase {
		case pUpkeep:
			s.phase = pMain1
			break flow
		case pCleanup:
			s.cleanup()
		default:
			break flow
		}
	}
	s.checkEnd() // a player at 0 life loses at once, even mid-decision
}

// nextPhase ends the current phase on "next".
func (s *state) nextPhase() {
	switch s.phase {
	case pMain1:
		s.phase = pCombat
		// Combat's legal actions are listed now to see whether anything
		// can attack, and kept: Apply's run has no trigger, work or death
		// to settle before combat's first decision (main1 is left only
		// from a settled state), so the list stays right.
		engine.KeepLegal(&s.legal, &s.legalOK, add(s.attacks(s.legal[:0]), vNext))
		if len(s.legal) == 1 {
			s.phase = pMain2 // nothing can attack: combat passes at once (ML-10.U7)
			s.touch()
		}
	case pCombat:
		s.phase = pMain2
	case pMain2:
		s.phase, s.cstep = pCleanup, 0
	}
}

// cleanup is ML-4.6, in the recommended order. Step 1 queues the turn-end
// triggers and the Opportunistic life loss; once those have resolved the
// rest follows and the next turn begins.
func (s *state) cleanup() {
	p := s.active
	if s.cstep == 0 {
		s.cstep = 1
		s.queueTriggers(p, s.whens(p), wTurnEnd, 0)
		if s.seats[p].life <= opportunist { // ML-6.8, ML-10.9
			n := 0
			for _, c := range s.seats[p].zones[zPlay-1] {
				if s.isEntity(c) && s.ownKW(c)&kwOpportunistisch != 0 {
					n++
				}
			}
			if s.opt.oppPerPlayer && n > 1 {
				n = 1
			}
			s.seats[p].life -= n
		}
		return
	}
	// step 2: played actions to the discard pile
	play := &s.seats[p].zones[zPlay-1]
	for i := 0; i < len(*play); {
		c := (*play)[i]
		if s.cards[c].flags&fAction != 0 {
			s.cards[c].flags &^= fAction
			s.put(c, zDiscard, p, true)
			continue
		}
		i++
	}
	// step 3: damage and "this turn" modifiers end (ML-5.8, ML-10.7)
	for q := int8(0); q < 2; q++ {
		for _, c := range s.seats[q].zones[zPlay-1] {
			ci := &s.cards[c]
			ci.atkT, ci.resT = 0, 0
			ci.flags &^= fAttacked
			if !s.opt.damageOwnTurn || q == p {
				ci.dmg = 0
			}
		}
	}
	// step 4: draw up to 3
	for len(s.seats[p].zones[zHand-1]) < handTarget {
		if !s.draw(p) {
			break
		}
	}
	// step 5: market rotation when nothing was bought (ML-10.10)
	if !s.bought {
		m := s.pile(zMarket, 0)
		if n := len(*m); n > 0 {
			s.put((*m)[n-1], zMainDiscard, 0, true)
		}
		s.refillMarket()
	}
	s.startTurn()
}

// draw moves the top card of p's deck to the hand, reshuffling the
// discard pile when the deck is empty (ML-4.6 step 4); false when there is
// nothing to draw.
func (s *state) draw(p int8) bool {
	deck := s.refill(zDeck, zDiscard, p)
	if len(*deck) == 0 {
		return false
	}
	s.put(topOf(*deck), zHand, p, false)
	return true
}

// refill returns pile z, first shuffling discard pile d into it if it is
// empty (ML-5.15, ML-10.U2). Shuffled cards are secret again.
func (s *state) refill(z, d uint8, p int8) *[]int16 {
	pile := s.pile(z, p)
	if len(*pile) > 0 {
		return pile
	}
	// The discard pile turns over onto the empty pile, top card first,
	// as putting its cards there one by one would.
	disc := s.pile(d, p)
	owner := pileOwner(z, p)
	for i := len(*disc) - 1; i >= 0; i-- {
		c := (*disc)[i]
		ci := &s.cards[c]
		ci.zone, ci.owner, ci.host = z, owner, 0
		ci.flags &^= fPublic
		*pile = append(*pile, c)
	}
	*disc = (*disc)[:0]
	engine.Shuffle(&s.rng, *pile)
	return pile
}

// refillMarket reveals cards from the global draw pile into the market
// from the left until it holds 6 (ML-5.3); the rightmost card is oldest.
func (s *state) refillMarket() {
	for len(s.shared[0]) < marketSize {
		deck := s.refill(zMainDeck, zMainDiscard, 0)
		if len(*deck) == 0 {
			return
		}
		s.put(topOf(*deck), zMarket, 0, true)
	}
}

// checkEnd ends the game when a player has 0 life or less (ML-5.9, ML-7).
// It runs before every step of the flow, so it stays small enough to be
// inlined and leaves the verdict to end.
func (s *state) checkEnd() bool {
	if s.seats[0].life <= 0 || s.seats[1].life <= 0 {
		s.end()
	}
	return s.over
}

func (s *state) end() {
	if s.over {
		return
	}
	switch l0, l1 := s.seats[0].life <= 0, s.seats[1].life <= 0; {
	case l0 && l1:
		s.finish(0, "both-dead") // ML-7.2
	case l0:
		s.finish(engine.SeatSet(0).With(1), "life")
	case l1:
		s.finish(engine.SeatSet(0).With(0), "life")
	}
}

func (s *state) finish(w engine.SeatSet, reason string) {
	s.over, s.winners, s.reason, s.phase = true, w, reason, pOver
	s.dec = decision{}
	s.trigs, s.works = s.trigs[:0], s.works[:0]
}
