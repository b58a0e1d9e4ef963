package athernum

// resolve carries out one stack item.
func (s *State) resolve(it item) {
	switch it.kind {
	case itCard:
		s.resolveCard(it)
	case itStatic: // AT-5.16: takes effect on resolution, lasts while face up
		c := &s.cards[it.src]
		if c.onField() && !c.faceDown() {
			c.flags |= fStaticOn
		}
	case itAbility: // AT-5.23: resolves even if its source is gone
		a := &s.def(it.src).abil[it.abil]
		for _, e := range a.eff {
			s.apply(it, e)
		}
		if a.kind == akTriggered && s.cards[it.src].zone == zItem {
			s.offerItem(it.src)
		}
	}
}

// offerItem lets the controller of an item whose triggered ability has
// resolved discard it (AT-5.24).
func (s *State) offerItem(id int16) {
	for i := int8(0); i < s.on; i++ {
		if s.offer[i] == id {
			return
		}
	}
	if s.on < int8(len(s.offer)) {
		s.offer[s.on] = id
		s.on++
	}
}

// summon creates a token character for p if a slot is free (AT-10.U7);
// it enters like a played character.
func (s *State) summon(p int8, def int16) {
	if s.pl[p].chars.n >= 5 {
		return
	}
	for id := int16(1); int(id) < len(s.cards); id++ {
		c := &s.cards[id]
		if c.owner == p && c.zone == zNone && c.flags&fToken != 0 {
			c.def = def
			s.move(id, zChars)
			s.entered = true
			s.noteObjective(id)
			if s.def(id).statics {
				s.queue(id, -1, p)
			}
			s.fireCard(id, trEnter)
			return
		}
	}
}

// resolveCard puts a played card onto the field (AT-5.4-5.6): it enters
// face up and its static abilities and "enter" triggers wait to go on
// the stack.
func (s *State) resolveCard(it item) {
	id := it.src
	d := s.def(id)
	p := &s.pl[it.ctrl]
	switch d.typ {
	case tCharacter:
		if p.chars.n >= 5 {
			s.move(id, zDiscard)
			return
		}
		s.move(id, zChars)
		s.entered = true
		s.noteObjective(id)
	case tLocation: // AT-5.6: the old location goes first
		if p.loc != 0 {
			s.discard(p.loc, zDiscard)
		}
		s.move(id, zLoc)
	case tItem:
		h := it.tgt
		hc := &s.cards[h]
		if !hc.onField() || hc.owner != it.ctrl || hc.faceDown() || s.slotsFree(h) <= 0 {
			s.move(id, zDiscard) // AT-5.22: the host is gone
			return
		}
		s.move(id, zItem)
		s.cards[id].host = h
	}
	if d.statics {
		s.queue(id, -1, it.ctrl)
	}
	s.fireCard(id, trEnter)
}

// targetOK re-checks a chosen target on resolution (AT-5.22, AT-10.17).
func (s *State) targetOK(ctrl int8, src, t int16, k targetKind) bool {
	if t <= 0 || int(t) >= len(s.cards) {
		return false
	}
	return s.isTarget(ctrl, src, t, k)
}

// apply carries out one effect of an ability.
func (s *State) apply(it item, e effect) {
	p := it.ctrl
	switch e.op {
	case opDraw:
		s.forcedDraw(p, int(e.n))
		return
	case opOppDraw:
		for q := int8(0); q < s.n; q++ {
			if q != p && !s.pl[q].out {
				s.forcedDraw(q, int(e.n))
			}
		}
		return
	case opPool:
		s.pl[p].pool[s.factionOf(p, it.src)] += int16(e.n)
		return
	case opRestore:
		pl := &s.pl[p]
		n := int16(e.n)
		for f := 0; f < nFactions && n > 0; f++ {
			k := min(n, pl.exh[f])
			pl.exh[f] -= k
			pl.ready[f] += k
			n -= k
		}
		return
	case opResource:
		s.pl[p].ready[s.factionOf(p, it.src)] += int16(e.n)
		return
	case opCommand:
		s.pl[p].cmd = min(2, s.pl[p].cmd+e.n)
		return
	case opWin:
		s.pl[p].wantWin = true
		return
	case opLose:
		s.pl[p].wantLose = true
		return
	case opSummon:
		s.summon(p, e.ref)
		return
	}
	switch e.tgt {
	case tgEachEnemy, tgEachAlly:
		for q := int8(0); q < s.n; q++ {
			if s.pl[q].out || (q == p) != (e.tgt == tgEachAlly) {
				continue
			}
			pl := &s.pl[q]
			if pl.main != 0 {
				s.applyTo(p, pl.main, e)
			}
			for i := int16(0); i < pl.chars.n; i++ {
				id := s.buf[pl.chars.off+i]
				s.applyTo(p, id, e)
				if s.cards[id].zone != zChars {
					i--
				}
			}
		}
	case tgSelf:
		if s.cards[it.src].onField() {
			s.applyTo(p, it.src, e)
		}
	case tgHost:
		c := &s.cards[it.src]
		if c.zone == zItem {
			s.applyTo(p, c.host, e)
		}
	case tgMain:
		if r := s.role(p); r != 0 {
			s.applyTo(p, r, e)
		}
	default:
		if s.targetOK(p, it.src, it.tgt, e.tgt) {
			s.applyTo(p, it.tgt, e)
		}
	}
}

// applyTo carries out a card effect on card id.
func (s *State) applyTo(p int8, id int16, e effect) {
	c := &s.cards[id]
	d := s.def(id)
	switch e.op {
	case opDamage:
		if d.typ == tCharacter {
			c.dmg = int8(min(100, int(c.dmg)+int(e.n)))
		}
	case opHeal:
		c.dmg = max(0, c.dmg-e.n)
	case opExhaust:
		s.exhaust(id)
	case opReady:
		s.unexhaust(id)
	case opDiscard:
		s.discard(id, zDiscard)
	case opBanish:
		s.discard(id, zVoid)
	case opVP: // AT-10.6: the field is a capacity, the pool the source
		n := min(int(e.n), int(d.vp-c.vp), s.vpPool())
		if n > 0 {
			c.vp += int8(n)
			s.hist.effectVP += int32(n)
		}
	case opSteal:
		c.vp = max(0, c.vp-e.n)
	}
}

// forcedDraw draws n cards for p; drawing from an empty deck loses at the
// next state-based check (AT-5.18 c, AT-7.4).
func (s *State) forcedDraw(p int8, n int) {
	for i := 0; i < n; i++ {
		if !s.drawCard(p) {
			s.pl[p].drawFail = true
			return
		}
	}
}

// factionOf is the faction of resources an effect of src makes: the
// card's own, else p's main character's (AT-10.8), else factionless.
func (s *State) factionOf(p int8, src int16) int8 {
	if f := s.def(src).faction; f >= 0 {
		return f
	}
	if r := s.role(p); r != 0 && s.def(r).faction >= 0 {
		return s.def(r).faction
	}
	return fNone
}
