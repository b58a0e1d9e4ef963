package mystimons

func (s *state) heal(m int16, n int16) {
	c := &s.cards[m]
	c.hp = min(s.def(m).hp, c.hp+n)
}

// playCard pays for and resolves an action, relic or Terrain card
// (MM-5.4 to 5.6).
func (s *state) playCard(seat int, c, t int16) {
	p := &s.p[seat]
	d := s.def(c)
	p.hand.remove(c)
	s.spend(seat, int(d.cost), elemAny)
	switch d.kind {
	case kRelic:
		if d.attach {
			s.cards[c].zone, s.cards[c].host = zRelic, t
			s.cards[t].relic = c
		} else {
			s.cards[c].zone = zFieldRel
			p.relics[p.nRelics] = c
			p.nRelics++
		}
		return
	case kTerrain:
		if s.terrain != 0 {
			s.toDiscard(s.terrain)
		}
		s.cards[c].zone = zTerrain
		s.terrain = c
		return
	}
	s.cards[c].zone = zLimbo
	for _, e := range d.effects {
		switch e.kind {
		case eHeal:
			s.heal(t, int16(e.n))
		case eCure:
			s.cards[t].flags &^= fBurn | fFrozen | fParalyzed
			s.cards[t].poison = 0
		case eHealAll:
			for _, m := range p.field {
				if m != 0 {
					s.heal(m, int16(e.n))
				}
			}
		case eBlast:
			s.cards[t].hp -= int16(e.n)
			s.knockouts()
		case eDraw:
			s.drawN(seat, int(e.n))
		case eSurge:
			if s.hasEnergyCard(seat) {
				s.phase, s.surge = phSurge, e.n
			}
		case eDouble:
			p.double++
		case eSwap:
			s.swapActive(seat, t)
		case eWipe:
			s.wipe()
		case eRevive:
			s.enterField(seat, t)
		}
	}
	s.toDiscard(c)
}

// wipe discards the Terrain and every relic in play (Field Wipe).
func (s *state) wipe() {
	if s.terrain != 0 {
		s.toDiscard(s.terrain)
		s.terrain = 0
	}
	for seat := range s.p {
		p := &s.p[seat]
		for _, r := range p.relics[:p.nRelics] {
			s.toDiscard(r)
		}
		p.nRelics = 0
		for _, m := range p.field {
			if m != 0 && s.cards[m].relic != 0 {
				s.toDiscard(s.cards[m].relic)
				s.cards[m].relic = 0
			}
		}
	}
}
