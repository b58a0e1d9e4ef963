package mystimons

import "kartenwerk/engine"

// Legal appends ToMove's legal actions to dst.
func (s *state) Legal(dst []engine.Action) []engine.Action {
	return append(dst, engine.CachedLegal(&s.legal, &s.legalOK, s, (*state).gen)...)
}

func act(v engine.Verb, a, b int16) engine.Action {
	return engine.Action{Verb: v, Args: [engine.MaxArgs]int16{a, b}}
}

func (s *state) gen(out []engine.Action) []engine.Action {
	if s.over {
		return out
	}
	if s.promote >= 0 {
		p := &s.p[s.promote]
		for _, m := range p.field[1:] {
			if m != 0 {
				out = append(out, act(vPromote, m, 0))
			}
		}
		return s.genSurrender(out, int(s.promote))
	}
	seat := int(s.active)
	p := &s.p[seat]
	switch s.phase {
	case phSetup:
		seat = int(s.setupAt)
		p = &s.p[seat]
		if p.field[2] == 0 {
			for _, c := range p.hand.s() {
				if d := s.def(c); d.kind == kMon && d.stage == 1 {
					out = append(out, act(vPlace, c, 0))
				}
			}
		}
		if p.field[0] != 0 {
			out = append(out, act(vDone, 0, 0))
		}
	case phEnergy:
		out = s.genAttach(out, seat, vAttach)
		for _, e := range p.hand.s() {
			if s.def(e).kind == kEnergy {
				out = append(out, act(vPool, e, 0))
			}
		}
		out = append(out, act(vSkip, 0, 0))
	case phSurge:
		out = s.genAttach(out, seat, vAttach)
		out = append(out, act(vDone, 0, 0))
	case phConfirm:
		out = append(out, act(vConfirm, 0, 0), act(vCancel, 0, 0))
	case phDiscard:
		for _, c := range p.hand.s() {
			out = append(out, act(vDiscard, c, 0))
		}
	case phMain:
		out = s.genMain(out, seat)
		if s.rules.lastStand && !p.acted && s.lastStand(seat) {
			out = append(out, act(vSurrender, 0, 0))
		}
	}
	return s.genSurrender(out, seat)
}

// lastStand: seat's last MystiMon on the field would fall to the opposing
// Active's Basic Attack, the opponent has two or more, and no Stufe-1
// MystiMon in hand could replace it.
// The variant surrender=last-stand offers surrender only then.
func (s *state) lastStand(seat int) bool {
	p, o := &s.p[seat], &s.p[1-seat]
	if p.fieldCount() != 1 || o.fieldCount() < 2 || s.hasStage1(seat) {
		return false
	}
	m := p.field[0]
	return s.cards[m].hp <= s.damage(o.field[0], m, 0, false)
}

// genSurrender offers surrender at every decision of seat's own turn
// (MM-4.6, MM-7.3), unless the variant keeps it for the last stand.
func (s *state) genSurrender(out []engine.Action, seat int) []engine.Action {
	if !s.rules.lastStand && s.phase != phSetup && seat == int(s.active) {
		out = append(out, act(vSurrender, 0, 0))
	}
	return out
}

// canAttach: energy card e may lie on MystiMon m (MM-4.2A, MM-6.13).
func (s *state) canAttach(e, m int16) bool {
	d := s.def(e)
	return !d.poolOnly && (d.elem == elemAny || d.elem == s.def(m).elem)
}

func (s *state) genAttach(out []engine.Action, seat int, v engine.Verb) []engine.Action {
	p := &s.p[seat]
	for _, e := range p.hand.s() {
		if s.def(e).kind != kEnergy {
			continue
		}
		for _, m := range p.field {
			if m != 0 && s.canAttach(e, m) {
				out = append(out, act(v, e, m))
			}
		}
	}
	return out
}

// poolUnits counts the pool units that can pay for element el (elemAny:
// every unit).
func (s *state) poolUnits(seat int, el int8) int {
	n := 0
	for _, c := range s.p[seat].pool.s() {
		if el == elemAny || s.def(c).elem == el || s.def(c).elem == elemAny {
			n += int(s.cards[c].units)
		}
	}
	return n
}

// relicsInPlay counts seat's relics in play (MM-2.8, MM-10.20).
func (s *state) relicsInPlay(seat int) int {
	p := &s.p[seat]
	n := int(p.nRelics)
	for _, m := range p.field {
		if m != 0 && s.cards[m].relic != 0 {
			n++
		}
	}
	return n
}

// need is the attached energy MystiMon m needs to evolve into stage st
// (MM-5.2 step 2; Evolution Stone, MM-9.3).
func (s *state) need(m int16, st int8) int8 {
	n := threshold[st]
	if r := s.cards[m].relic; r != 0 {
		if e, ok := s.def(r).has(eEvo); ok {
			n += e.n
		}
	}
	return n
}

// canEvolve: hand card n may evolve MystiMon m now (MM-5.2).
func (s *state) canEvolve(n, m int16) bool {
	dn := s.def(n)
	if dn.kind != kMon || dn.from != int(s.cards[m].def) {
		return false
	}
	have := s.cards[m].energy
	if s.rules.nextTurn {
		if s.cards[m].flags&fEntered != 0 {
			return false
		}
		have = s.cards[m].start
	}
	return have >= s.need(m, dn.stage)
}

func (s *state) genMain(out []engine.Action, seat int) []engine.Action {
	p := &s.p[seat]
	o := &s.p[1-seat]
	pool := s.poolUnits(seat, elemAny)
	relics := s.relicsInPlay(seat)
	for _, c := range p.hand.s() {
		d := s.def(c)
		switch d.kind {
		case kMon:
			if d.stage == 1 {
				if !p.summoned && p.field[2] == 0 {
					out = append(out, act(vSummon, c, 0))
				}
				continue
			}
			for _, m := range p.field {
				if m != 0 && s.canEvolve(c, m) {
					out = append(out, act(vEvolve, c, m))
				}
			}
			if d.stage == 5 && s.canRitual(seat, c) {
				out = append(out, act(vRitual, c, 0))
			}
		case kAction, kRelic, kTerrain:
			if int(d.cost) > pool || (d.kind == kRelic && relics >= 3) {
				continue
			}
			switch d.target {
			case eNone:
				out = append(out, act(vPlay, c, 0))
			case eHeal, eAtk:
				for _, m := range p.field {
					if m != 0 && (d.target == eHeal || s.cards[m].relic == 0) {
						out = append(out, act(vPlayOn, c, m))
					}
				}
			case eBlast:
				for _, m := range o.field {
					if m != 0 {
						out = append(out, act(vPlayOn, c, m))
					}
				}
			case eSwap:
				for _, m := range p.field[1:] {
					if m != 0 {
						out = append(out, act(vPlayOn, c, m))
					}
				}
			case eRevive:
				if p.field[2] == 0 {
					for _, x := range p.discard.s() {
						if dx := s.def(x); dx.kind == kMon && dx.stage == 1 && !seenBefore(s, p.discard.s(), x) {
							out = append(out, act(vPlayOn, c, x))
						}
					}
				}
			}
		}
	}
	if !p.switched {
		for _, m := range p.field[1:] {
			if m != 0 {
				out = append(out, act(vSwitch, m, 0))
			}
		}
	}
	out = s.genAttacks(out, seat)
	return append(out, act(vEnd, 0, 0))
}

// seenBefore: an earlier card of the pile has the same definition (one
// Revive choice per kind of card).
func seenBefore(s *state, pile []int16, x int16) bool {
	for _, y := range pile {
		if y == x {
			return false
		}
		if s.cards[y].def == s.cards[x].def {
			return true
		}
	}
	return false
}

// canRitual: Champion c may be Ritual-summoned (MM-5.3, MM-10.11): three
// MystiMons of its element on the field and 8 pool energy of that element.
func (s *state) canRitual(seat int, c int16) bool {
	p := &s.p[seat]
	el := s.def(c).elem
	for _, m := range p.field {
		if m == 0 || s.def(m).elem != el {
			return false
		}
	}
	return s.poolUnits(seat, el) >= 8
}

func (s *state) genAttacks(out []engine.Action, seat int) []engine.Action {
	p := &s.p[seat]
	o := &s.p[1-seat]
	a := p.field[0]
	if a == 0 || o.field[0] == 0 || s.cards[a].flags&fFrozen != 0 {
		return out
	}
	out = append(out, act(vAttack, 0, o.field[0]))
	d := s.def(a)
	pool := -1
	for i := range d.abils {
		ab := &d.abils[i]
		if ab.once && s.cards[a].flags&fUsed != 0 {
			continue
		}
		if ab.costElem != elemAny {
			if int(ab.cost) > s.poolUnits(seat, ab.costElem) {
				continue
			}
		} else {
			if pool < 0 {
				pool = s.poolUnits(seat, elemAny)
			}
			if int(ab.cost) > pool {
				continue
			}
		}
		for j, t := range o.field {
			if t != 0 && (j == 0 || ab.reach) {
				out = append(out, act(vAttack, int16(i+1), t))
			}
		}
	}
	return out
}

// Apply plays a legal action.
func (s *state) Apply(a engine.Action) error {
	if !engine.Contains(engine.CachedLegal(&s.legal, &s.legalOK, s, (*state).gen), a) {
		return s.explain(a)
	}
	s.legalOK = false
	x, y := a.Args[0], a.Args[1]
	seat := int(s.active)
	p := &s.p[seat]
	if s.phase == phMain {
		p.acted = true
	}
	switch a.Verb {
	case vPlace:
		s.applyPlace(x)
		s.autoPlace()
		return nil
	case vDone:
		if s.phase == phSetup {
			s.p[s.setupAt].placed = true
			s.autoPlace()
			return nil
		}
		s.phase, s.surge = phMain, 0
	case vAttach:
		s.placeEnergy(seat, x, y)
		if s.phase == phSurge {
			s.surge--
			if s.surge <= 0 || !s.hasEnergyCard(seat) {
				s.phase, s.surge = phMain, 0
			}
		} else {
			p.energyDone = true
			s.phase = phMain
		}
	case vPool:
		s.placeEnergy(seat, x, 0)
		p.energyDone = true
		s.phase = phMain
	case vSkip:
		s.phase = phMain
	case vSummon:
		p.summoned = true
		s.enterField(seat, x)
	case vEvolve:
		if s.def(x).stage == 5 {
			s.phase, s.pending = phConfirm, [2]int16{x, y}
			return nil
		}
		s.evolve(x, y)
	case vConfirm:
		s.phase = phMain
		if s.pending[0] < 0 {
			s.lose(seat, rSurrender)
			break
		}
		s.evolve(s.pending[0], s.pending[1])
		s.pending = [2]int16{}
	case vCancel:
		s.phase, s.pending = phMain, [2]int16{}
	case vRitual:
		s.ritual(seat, x)
	case vPlay, vPlayOn:
		s.playCard(seat, x, y)
	case vSwitch:
		p.switched = true
		s.swapActive(seat, x)
	case vAttack:
		s.attack(seat, int(x), y)
	case vEnd:
		s.endPhase()
	case vPromote:
		q := &s.p[s.promote]
		i := q.slot(x)
		q.field[0], q.field[i] = x, 0
		q.compactBench()
		s.promote = -1
	case vDiscard:
		p.hand.remove(x)
		s.cards[x].zone = zDiscard
		p.discard.push(x)
	case vSurrender:
		if s.rules.lastStand && s.phase == phMain {
			// The last-stand offer asks for confirmation, as the Champion evolution does.
			s.phase, s.pending = phConfirm, [2]int16{-1, 0}
			return nil
		}
		s.lose(int(s.ToMove()), rSurrender)
	}
	s.settle()
	return nil
}

// placeEnergy attaches energy card e to m, or puts it in the pool when m
// is 0 (MM-4.2), counting pending Double Energy (MM-9.4, MM-10.8).
func (s *state) placeEnergy(seat int, e, m int16) {
	p := &s.p[seat]
	p.hand.remove(e)
	c := &s.cards[e]
	c.units = 1
	if p.double > 0 {
		switch s.rules.double {
		case 0:
			c.units += p.double
			p.double = 0
		case 1:
			c.units = 1 << min(p.double, 5)
			p.double = 0
		case 2:
			c.units = 2
			p.double--
		}
	}
	if m == 0 {
		c.zone = zPool
		p.pool.push(e)
		return
	}
	c.zone, c.host = zEnergy, m
	s.cards[m].energy += c.units
}

// spend pays n pool units that can pay element el; spent cards go to the
// discard pile (MM-6.2). Exact-element and basic units go first, wildcard
// units last.
func (s *state) spend(seat int, n int, el int8) {
	p := &s.p[seat]
	for pass := 0; pass < 2 && n > 0; pass++ {
		for i := int8(0); i < p.pool.n && n > 0; {
			c := p.pool.a[i]
			ce := s.def(c).elem
			ok := (pass == 0 && ce != elemAny && (el == elemAny || ce == el)) || (pass == 1 && ce == elemAny)
			if !ok {
				i++
				continue
			}
			take := min(n, int(s.cards[c].units))
			s.cards[c].units -= int8(take)
			n -= take
			if s.cards[c].units == 0 {
				p.pool.remove(c)
				s.cards[c].units = 1
				s.cards[c].zone = zDiscard
				p.discard.push(c)
				continue
			}
			i++
		}
	}
}

// swapActive swaps the Active with Bench MystiMon b (MM-5.7).
func (s *state) swapActive(seat int, b int16) {
	p := &s.p[seat]
	i := p.slot(b)
	p.field[0], p.field[i] = b, p.field[0]
}
