package mystimons

// statBonus sums the ATK (eAtk) or DEF (eDef) bonuses on MystiMon m: its
// attached relic, its owner's field relics and the Terrain (MM-2.8, 2.9).
func (s *state) statBonus(m int16, k uint8) int16 {
	c := &s.cards[m]
	el := s.def(m).elem
	var n int16
	add := func(src int16) {
		for _, e := range s.def(src).effects {
			if e.kind == k && (e.elem == elemAny || e.elem == el) {
				n += int16(e.n)
			}
		}
	}
	if c.relic != 0 {
		add(c.relic)
	}
	p := &s.p[c.owner]
	for _, r := range p.relics[:p.nRelics] {
		add(r)
	}
	if s.terrain != 0 {
		add(s.terrain)
	}
	return n
}

func (s *state) atk(m int16) int16 { return s.def(m).atk + s.statBonus(m, eAtk) }
func (s *state) dfn(m int16) int16 { return max(0, s.def(m).def+s.statBonus(m, eDef)) }

// damage is what attacker a deals to t with extra power and pierce
// (MM-5.8 step 4): max(1, ATK-DEF) times the element multiplier, rounded
// down, at least 1 (MM-10.16).
func (s *state) damage(a, t int16, power int16, pierce bool) int16 {
	var dfn int16
	if !pierce {
		dfn = s.dfn(t)
	}
	mult := int16(2)
	if !s.rules.neutral {
		mult = int16(s.pool.chart[s.def(a).elem][s.def(t).elem])
	}
	return hit(s.atk(a)+power, dfn, mult)
}

// attack resolves the Active's attack (MM-5.8): Paralyze's 50% roll, the
// cost, damage, the ability's effects, knockouts; then the End Phase.
func (s *state) attack(seat, k int, t int16) {
	p := &s.p[seat]
	a := p.field[0]
	ac := &s.cards[a]
	s.roll = 0
	if ac.flags&fParalyzed != 0 {
		ac.flags &^= fParalyzed
		s.roll = 2
		if s.rng.IntN(2) == 0 { // MM-10.U3: the attack fails, nothing is paid
			s.roll = 1
			s.endPhase()
			return
		}
	}
	var ab *ability
	if k > 0 {
		ab = &s.def(a).abils[k-1]
		s.spend(seat, int(ab.cost), ab.costElem)
		if ab.once {
			ac.flags |= fUsed
		}
	}
	var power int16
	pierce := false
	if ab != nil {
		power, pierce = ab.power, ab.pierce
	}
	tc := &s.cards[t]
	tc.hp -= s.damage(a, t, power, pierce)
	if ab != nil {
		o := &s.p[1-seat]
		for _, e := range ab.effects {
			switch e.kind {
			case eBurn:
				tc.flags |= fBurn
				s.fig.statuses++
			case ePoison:
				tc.poison += e.n
				s.fig.statuses++
			case eFreeze:
				tc.flags |= fFrozen
				s.fig.statuses++
			case eParalyze:
				tc.flags |= fParalyzed
				s.fig.statuses++
			case eHeal:
				s.heal(a, int16(e.n))
			case eSplash:
				for _, b := range o.field[1:] {
					if b != 0 && b != t {
						s.cards[b].hp -= int16(e.n)
					}
				}
			case eDraw:
				s.drawN(seat, int(e.n))
			}
		}
	}
	s.knockouts()
	if !s.over {
		s.endPhase()
	}
}
