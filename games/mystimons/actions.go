package mystimons

import (
	"fmt"

	"kartenwerk/engine"
)

// Legal appends ToMove's legal actions to dst.
func (s *state) Legal(dst []engine.Action) []engine.Action {
	if !s.legalOK {
		s.legal = s.gen(s.legal[:0])
		s.legalOK = true
	}
	return append(dst, s.legal...)
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
		if !s.rules.anyTime && !p.acted && s.lastStand(seat) {
			out = append(out, act(vSurrender, 0, 0))
		}
	}
	return s.genSurrender(out, seat)
}

// lastStand: seat's last MystiMon on the field would fall to the opposing
// Active's Basic Attack, the opponent has two or more, and no Stufe-1
// MystiMon in hand could replace it.
// The default reading offers surrender then (variant surrender).
func (s *state) lastStand(seat int) bool {
	p, o := &s.p[seat], &s.p[1-seat]
	if p.fieldCount() != 1 || o.fieldCount() < 2 || s.hasStage1(seat) {
		return false
	}
	m := p.field[0]
	return s.cards[m].hp <= s.damage(o.field[0], m, 0, false)
}

func (s *state) genSurrender(out []engine.Action, seat int) []engine.Action {
	if s.rules.anyTime {
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
	dn, dm := s.def(n), s.def(m)
	if dn.kind != kMon || dn.from < 0 || &s.pool.defs[dn.from] != dm {
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
		if pool < 0 {
			pool = s.poolUnits(seat, elemAny)
		}
		if int(ab.cost) > pool {
			continue
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
	if !s.legalOK {
		s.legal = s.gen(s.legal[:0])
		s.legalOK = true
	}
	if !engine.Contains(s.legal, a) {
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
		if !s.rules.anyTime && s.phase == phMain {
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

// enterField puts Stufe-1 MystiMon c (from hand or discard) into the empty
// Active slot or onto the Bench (MM-5.1).
func (s *state) enterField(seat int, c int16) {
	p := &s.p[seat]
	if !p.hand.remove(c) {
		p.discard.remove(c)
	}
	s.cards[c] = card{def: s.cards[c].def, owner: uint8(seat), zone: zField, hp: s.def(c).hp, units: 1, flags: fEntered}
	for i := range p.field {
		if p.field[i] == 0 {
			p.field[i] = c
			return
		}
	}
}

// evolve lays hand card n on MystiMon m (MM-5.2): current HP stays, the
// maximum is the new card's (MM-10.5); energy, relic and statuses carry over.
func (s *state) evolve(n, m int16) {
	seat := int(s.cards[m].owner)
	p := &s.p[seat]
	p.hand.remove(n)
	old := s.cards[m]
	nc := &s.cards[n]
	def := nc.def
	*nc = old
	nc.def = def
	nc.flags = old.flags&^fUsed | fEntered
	if max := s.def(n).hp; nc.hp > max {
		nc.hp = max
	}
	for i := int16(1); i <= s.nCards; i++ {
		c := &s.cards[i]
		if c.host == m && (c.zone == zEnergy || c.zone == zRelic || c.zone == zUnder) {
			c.host = n
		}
	}
	s.cards[m] = card{def: old.def, owner: old.owner, zone: zUnder, host: n, hp: s.def(m).hp, units: 1}
	p.field[p.slot(m)] = n
}

// ritual Ritual-summons Champion c (MM-5.3): the three MystiMons go to the
// discard pile, 8 pool energy of its element is paid, and the Champion
// enters as Active with 0 attached energy. No knockout check meanwhile.
func (s *state) ritual(seat int, c int16) {
	p := &s.p[seat]
	for i, m := range p.field {
		s.discardStack(m)
		p.field[i] = 0
	}
	s.spend(seat, 8, s.def(c).elem)
	s.enterField(seat, c)
}

// swapActive swaps the Active with Bench MystiMon b (MM-5.7).
func (s *state) swapActive(seat int, b int16) {
	p := &s.p[seat]
	i := p.slot(b)
	p.field[0], p.field[i] = b, p.field[0]
}

func (s *state) explain(a engine.Action) error {
	text := codec.Format(a)
	if s.over {
		return fmt.Errorf("%s: the game is over", text)
	}
	who := s.ToMove()
	spec, ok := codec.Spec(a.Verb)
	if !ok {
		return fmt.Errorf("%s is not an action of this game", text)
	}
	var why string
	switch {
	case s.promote >= 0 && a.Verb != vPromote:
		why = fmt.Sprintf("%v must first move a Bench MystiMon to the empty Active slot (MM-5.9)", who)
	case s.phase == phSetup && a.Verb != vPlace && a.Verb != vDone:
		why = "during setup you only place Stufe-1 MystiMons (MM-3.5)"
	case s.phase == phEnergy && a.Verb != vAttach && a.Verb != vPool && a.Verb != vSkip:
		why = "it is the Energy Phase: attach an energy card, put one in the pool, or skip (MM-4.2)"
	case s.phase == phConfirm && a.Verb != vConfirm && a.Verb != vCancel:
		why = "confirm or cancel the Champion evolution first (MM-5.2)"
	case s.phase == phDiscard && a.Verb != vDiscard:
		why = "discard down to 10 cards first (MM-4.5D)"
	case s.phase == phSurge && a.Verb != vAttach && a.Verb != vDone:
		why = "attach energy with Energy Surge, or done (MM-9.2)"
	default:
		why = s.explainVerb(a)
	}
	_ = spec
	return fmt.Errorf("%s is not legal now: %s", text, why)
}

func (s *state) cardName(c int16) string {
	if c <= 0 || c > s.nCards {
		return fmt.Sprintf("c%d (no such card)", c)
	}
	return fmt.Sprintf("%s (c%d)", s.def(c).name, c)
}

func (s *state) explainVerb(a engine.Action) string {
	x, y := a.Args[0], a.Args[1]
	seat := int(s.ToMove())
	p := &s.p[seat]
	inHand := func(c int16) bool {
		return c > 0 && c <= s.nCards && s.cards[c].zone == zHand && int(s.cards[c].owner) == seat
	}
	switch a.Verb {
	case vPlace, vSummon:
		switch {
		case !inHand(x) || s.def(x).kind != kMon || s.def(x).stage != 1:
			return fmt.Sprintf("%s is not a Stufe-1 MystiMon in your hand (MM-5.1)", s.cardName(x))
		case a.Verb == vSummon && p.summoned:
			return "you have already summoned a Stufe-1 MystiMon this turn (MM-5.1)"
		case p.field[2] != 0:
			return "your field is full: 1 Active and 2 Bench (MM-2.4)"
		}
	case vAttach, vPool:
		switch {
		case !inHand(x) || s.def(x).kind != kEnergy:
			return fmt.Sprintf("%s is not an energy card in your hand", s.cardName(x))
		case s.phase != phEnergy && s.phase != phSurge:
			return "energy is placed only in the Energy Phase, once per turn (MM-4.2, MM-10.9)"
		case a.Verb == vAttach && (y <= 0 || y > s.nCards || p.slot(y) < 0):
			return fmt.Sprintf("%s is not one of your MystiMons in play", s.cardName(y))
		case a.Verb == vAttach && !s.canAttach(x, y):
			return fmt.Sprintf("%s does not match the element of %s (MM-4.2A)", s.cardName(x), s.cardName(y))
		}
	case vEvolve:
		switch {
		case !inHand(x) || s.def(x).kind != kMon || s.def(x).from < 0:
			return fmt.Sprintf("%s is not an evolution card in your hand", s.cardName(x))
		case y <= 0 || y > s.nCards || p.slot(y) < 0:
			return fmt.Sprintf("%s is not one of your MystiMons in play", s.cardName(y))
		case s.pool.defs[s.def(x).from].name != s.def(y).name:
			return fmt.Sprintf("%s evolves from %s, not from %s (MM-5.2)", s.def(x).name, s.pool.defs[s.def(x).from].name, s.cardName(y))
		case s.rules.nextTurn && s.cards[y].flags&fEntered != 0:
			return fmt.Sprintf("%s entered or evolved this turn and must wait (variant evolve-timing=next-turn, MM-10.9)", s.cardName(y))
		default:
			return fmt.Sprintf("%s has %d attached %s energy; evolving into %s needs %d (MM-5.2)", s.cardName(y), s.cards[y].energy, s.pool.elemName(s.def(y).elem), s.def(x).name, s.need(y, s.def(x).stage))
		}
	case vRitual:
		return "a Ritual Summon needs the Champion in hand, exactly 3 MystiMons of its element on your field and 8 pool energy of that element (MM-5.3)"
	case vPlay, vPlayOn:
		switch {
		case !inHand(x) || s.def(x).kind == kMon || s.def(x).kind == kEnergy:
			return fmt.Sprintf("%s is not an action, relic or Terrain card in your hand", s.cardName(x))
		case int(s.def(x).cost) > s.poolUnits(seat, elemAny):
			return fmt.Sprintf("%s costs %d pool energy; your pool has %d (MM-5.4)", s.cardName(x), s.def(x).cost, s.poolUnits(seat, elemAny))
		case s.def(x).kind == kRelic && s.relicsInPlay(seat) >= 3:
			return "you have 3 relics in play already (MM-2.8)"
		case a.Verb == vPlay && s.def(x).target != eNone:
			return fmt.Sprintf("%s needs a target: play-on %s <target>", s.cardName(x), fmt.Sprintf("c%d", x))
		case a.Verb == vPlayOn && s.def(x).target == eNone:
			return fmt.Sprintf("%s takes no target: play c%d", s.cardName(x), x)
		default:
			return fmt.Sprintf("%s is not a valid target for %s", s.cardName(y), s.cardName(x))
		}
	case vSwitch:
		if p.switched {
			return "you have already used your free Switch this turn (MM-5.7)"
		}
		return fmt.Sprintf("%s is not on your Bench (MM-5.7)", s.cardName(x))
	case vAttack:
		if a := p.field[0]; a != 0 && s.cards[a].flags&fFrozen != 0 {
			return fmt.Sprintf("%s is Frozen and cannot attack this turn (MM-5.8)", s.cardName(a))
		}
		return "choose a0 (Basic Attack, the opposing Active) or an ability you can pay for, with a target it allows (MM-5.8)"
	case vPromote:
		return "promote one of your Bench MystiMons when your Active slot is empty (MM-5.9)"
	case vDiscard:
		return "discarding happens only at the End Phase hand limit (MM-4.5D)"
	case vSurrender:
		return "surrender is offered in your Main Phase once you are down to one MystiMon and none to summon (variant surrender=last-stand; any-time offers it always)"
	case vConfirm, vCancel:
		return "there is no Champion evolution to confirm"
	case vDone:
		if s.phase == phSetup {
			return "place your Active first (MM-3.5)"
		}
		return "there is nothing to finish"
	}
	return "not offered in this situation"
}
