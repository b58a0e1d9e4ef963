package microlife

// Abilities (ML-6.1 to ML-6.4) and the effect vocabulary cards combine.

// abilityOf returns the ability a trigger refers to.
func (s *state) abilityOf(t trig) *ability { return &s.def(t.src).abil[t.abil] }

// queueTriggers queues every ability of seat p's cards in play that fires
// on w: printed on entities and Dauer cards, and on mutations (ML-5.13).
// whens is s.whens(p), which the caller has at hand: on most turns
// nothing fires, and then the play area is not walked again.
func (s *state) queueTriggers(p int8, whens, w uint8, def int16) {
	if whens&(1<<w) == 0 {
		return
	}
	for _, c := range s.seats[p].zones[zPlay-1] {
		ci := &s.cards[c]
		if ci.flags&(fSpore|fAction) != 0 || ci.whens&(1<<w) == 0 {
			continue
		}
		s.queueCard(c, c, p, w, def)
		if ci.nmut > 0 {
			for _, m := range s.muts {
				if s.cards[m].host == c {
					s.queueCard(m, c, p, w, def)
				}
			}
		}
	}
}

// whens is the triggers of seat p's cards in play (bit w: something fires
// on w). It is a quick look before queueing, since on most turns nothing
// fires.
func (s *state) whens(p int8) uint8 {
	var w uint8
	for _, c := range s.seats[p].zones[zPlay-1] {
		if ci := &s.cards[c]; ci.flags&(fSpore|fAction) == 0 {
			w |= ci.whens
		}
	}
	return w
}

// queueCard queues src's abilities that fire on w, acting for entity ent.
func (s *state) queueCard(src, ent int16, p int8, w uint8, def int16) {
	d := s.def(src)
	if d.whens&(1<<w) == 0 {
		return
	}
	for i, a := range d.abil {
		if a.when == w {
			s.trigs = append(s.trigs, trig{src: src, ent: ent, abil: int8(i), seat: p, def: def})
		}
	}
}

// queueEntityTriggers queues the abilities of every part of entity c.
func (s *state) queueEntityTriggers(c int16, w uint8, def int16) {
	var buf [16]int16
	p := s.cards[c].owner
	for _, x := range s.members(c, buf[:0]) {
		s.queueCard(x, c, p, w, def)
		if s.cards[x].nmut == 0 {
			continue
		}
		for _, m := range s.muts {
			if s.cards[m].host == x {
				s.queueCard(m, c, p, w, def)
			}
		}
	}
}

// nextTrigger resolves the next pending trigger: the active player's
// first, each player ordering their own (ML-4.2, ML-10.U5).
func (s *state) nextTrigger() {
	seat := s.trigs[0].seat
	for _, t := range s.trigs {
		if t.seat == s.active {
			seat = s.active
			break
		}
	}
	first, distinct := -1, false
	for i, t := range s.trigs {
		if t.seat != seat {
			continue
		}
		if first < 0 {
			first = i
		} else if t.src != s.trigs[first].src || t.abil != s.trigs[first].abil {
			distinct = true
		}
	}
	if distinct {
		s.dec = decision{kind: dOrder, seat: seat}
		return
	}
	s.resolveTrigger(first)
}

func (s *state) resolveTrigger(i int) {
	t := s.trigs[i]
	copy(s.trigs[i:], s.trigs[i+1:])
	s.trigs = s.trigs[:len(s.trigs)-1]
	if s.abilityOf(t).optional {
		s.dec = decision{kind: dOptional, seat: t.seat, t: t}
		return
	}
	s.begin(t)
}

// needsTarget: the effect acts on an entity chosen now.
func needsTarget(a *ability) bool {
	return a.target == gOwn || a.target == gEnemy || a.target == gAny
}

// begin resolves an ability: finds its target (asking when there is a
// choice), then does the effect.
func (s *state) begin(t trig) {
	a := s.abilityOf(t)
	switch a.target {
	case gSelf:
		if !s.isEntity(t.ent) {
			return // the entity has left play: the effect does nothing
		}
		s.effect(t, s.lead(t.ent))
	case gDefender:
		if t.def == 0 || !s.isEntity(t.def) {
			return
		}
		s.effect(t, s.lead(t.def))
	case gNone:
		s.effect(t, 0)
	default:
		var buf [32]int16
		switch ts := s.targets(t, buf[:0]); len(ts) {
		case 0: // no legal target: the effect does nothing
		case 1:
			s.effect(t, ts[0])
		default:
			s.dec = decision{kind: dTarget, seat: t.seat, t: t}
		}
	}
}

// targets appends the entities that may be chosen as the target of t's
// ability to dst, player 1's play area first. It looks the ability up
// once, and skips a play area the ability cannot reach at all.
func (s *state) targets(t trig, dst []int16) []int16 {
	a := s.abilityOf(t)
	for p := int8(0); p < 2; p++ {
		if a.target == gOwn && p != t.seat || a.target == gEnemy && p == t.seat {
			continue
		}
		for _, c := range s.seats[p].zones[zPlay-1] {
			if s.mayTarget(a, c) && s.validFor(a, t.seat, c) {
				dst = append(dst, c)
			}
		}
	}
	return dst
}

// Loops over a play area ask mayTarget first, which is inlined.
func (s *state) validFor(a *ability, seat int8, c int16) bool {
	ci := &s.cards[c]
	switch {
	case a.target == gOwn && ci.owner != seat, a.target == gEnemy && ci.owner == seat:
		return false
	case !s.mayTarget(a, c):
		return false
	case !s.isLead(c):
		return false
	case a.only.any() && !a.only.match(s.def(c), ci.def):
		return false
	}
	return a.antibiotic == 0 || !s.resistant(c, a.antibiotic)
}

// mayTarget is the quick part of validFor: c is an entity with the
// keywords a's effect needs of its target (mutable to be mutated).
func (s *state) mayTarget(a *ability, c int16) bool {
	return s.isEntity(c) && s.cards[c].kw&a.needs == a.needs
}

// hasTarget: an activated ability with a target may be used only if one
// exists; seat uses ability a of a card acting for entity ent.
func (s *state) hasTarget(a *ability, seat int8, ent int16) bool {
	switch {
	case needsTarget(a):
		for p := int8(0); p < 2; p++ {
			if a.target == gOwn && p != seat || a.target == gEnemy && p == seat {
				continue
			}
			for _, c := range s.seats[p].zones[zPlay-1] {
				if s.mayTarget(a, c) && s.validFor(a, seat, c) {
					return true
				}
			}
		}
		return false
	case a.target == gSelf:
		return s.isEntity(ent) && (a.eff != eMutate && a.eff != eGentransfer || s.def(s.lead(ent)).mutable())
	}
	return true
}

// canDraw: an activated mutation or gene transfer is offered only when
// there is something to look at (it would do nothing otherwise).
func (s *state) canDraw(a *ability, seat int8) bool {
	switch a.eff {
	case eMutate:
		return len(s.shared[zMutDeck-zMarket])+len(s.shared[zMutDiscard-zMarket]) > 0
	case eGentransfer:
		return len(s.seats[seat].zones[zGenpool-1])+len(s.seats[seat].zones[zGenDiscard-1]) > 0
	}
	return true
}

// effect does ability t to target c (0 for none).
func (s *state) effect(t trig, c int16) {
	a := s.abilityOf(t)
	p := t.seat
	switch a.eff {
	case eDamage, eToxin, eDestroy, eFever, eBoost:
		s.settle = true
	}
	switch a.eff {
	case eSugar:
		s.seats[p].sugar += int(a.n)
	case eDraw:
		for k := int8(0); k < a.n; k++ {
			s.draw(p)
		}
	case eDamage:
		s.cards[c].dmg += a.n
	case eDrain:
		s.seats[1-p].life -= int(a.n)
	case eToxin: // ML-6.12: markers stay until removed
		s.cards[c].toxin += a.n
	case eBoost:
		if s.isEntity(t.ent) {
			s.cards[s.lead(t.ent)].atkT += a.atk
			s.cards[s.lead(t.ent)].resT += a.res
		}
	case eMutate:
		n := int(a.n)
		if s.entKW(c)&kwMutabilitaet != 0 {
			n++ // ML-6.7
		}
		s.startLook(p, c, a.k, n, dPick)
	case eGentransfer:
		s.startLook(p, c, a.k, int(a.n), dGene)
	case eDestroy:
		s.doom(c)
	case eVector:
		if len(s.seats[p].zones[zHand-1]) > 0 {
			s.dec = decision{kind: dVector, seat: p, t: t}
		}
	case eUntap:
		if s.isEntity(t.ent) {
			var buf [16]int16
			for _, x := range s.members(t.ent, buf[:0]) {
				s.cards[x].flags &^= fTapped
			}
		}
	case eFever: // ML-6.5, ML-10.8
		for _, x := range s.seats[1-p].zones[zPlay-1] {
			if s.isLead(x) && s.def(x).typ == tErreger {
				s.cards[x].resT--
			}
		}
		s.seats[p].life--
	}
}

// startLook looks at the top n cards of the mutation deck (dPick,
// ML-5.11) or of p's genpool (dGene, ML-5.12) for entity host.
func (s *state) startLook(p int8, host int16, k int8, n int, kind uint8) {
	for i := 0; i < n; i++ {
		var pile *[]int16
		if kind == dPick {
			pile = s.refill(zMutDeck, zMutDiscard, 0)
		} else {
			pile = s.refill(zGenpool, zGenDiscard, p)
		}
		if len(*pile) == 0 {
			break
		}
		s.put(topOf(*pile), zLook, p, false)
	}
	look := len(s.seats[p].zones[zLook-1])
	if look == 0 {
		return
	}
	s.dec = decision{kind: kind, seat: p, host: host, left: int8(min(int(k), look))}
}

// attach puts mutation m behind host's mutations (ML-5.11) and fires its
// "Beim Ausspielen" (ML-5.13).
func (s *state) attach(m, host int16) {
	s.take(m)
	s.cards[m].zone, s.cards[m].host = zAttached, host
	s.cards[m].show() // face up, if only until its host dies (TimesShown)
	s.muts = append(s.muts, m)
	s.addMutation(host, m)
	s.settle = true
	s.queueCard(m, host, s.cards[host].owner, wPlay, 0)
}

// picked ends one pick of a look; after the last, the rest go away.
func (s *state) picked() {
	d := &s.dec
	d.left--
	look := &s.seats[d.seat].zones[zLook-1]
	if d.left > 0 && len(*look) > 0 {
		return
	}
	for len(*look) > 0 {
		c := (*look)[0]
		switch {
		case d.kind == dGene:
			s.put(c, zGenDiscard, d.seat, true)
		case s.opt.leftBottom:
			s.put(c, zMutDeck, 0, false)
		default: // ML-10.6
			s.put(c, zMutDiscard, 0, true)
		}
	}
	s.dec = decision{}
}

// vector reveals p's deck after discarding a card of cost x: the first
// Erreger costing at most x+2 is played, the others go to the discard pile
// (ML-6.13, ML-10.11). No reshuffle during the search.
func (s *state) vector(p int8, x int) {
	deck := &s.seats[p].zones[zDeck-1]
	for len(*deck) > 0 {
		c := topOf(*deck)
		if d := s.def(c); d.typ == tErreger && int(d.cost) <= x+2 {
			s.enterPlay(c, p)
			return
		}
		s.put(c, zDiscard, p, true)
	}
}

// enterPlay puts a card from hand (or a Vektor reveal) into play (ML-5.1).
func (s *state) enterPlay(c int16, p int8) {
	d := s.def(c)
	s.put(c, zPlay, p, false)
	ci := &s.cards[c]
	ci.flags &^= fPublic
	switch {
	case d.entity() && d.kw&kwSchnell == 0:
		ci.flags |= fTapped // ML-5.1: entities enter tapped unless Schnell
	case d.typ == tAktion:
		ci.flags |= fAction
	}
	s.queueCard(c, c, p, wPlay, 0)
}

func (s *state) doWork(w work) {
	switch w.kind {
	case wkStrike:
		s.strike(w.a, w.b)
	case wkAfter:
		s.after(w.a)
	}
}
