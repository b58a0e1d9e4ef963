package athernum

// attack declares an attack (AT-5.13 steps 1-2); the target's controller
// then names a defender if they have a ready character.
func (s *State) attack(att, tgt int16) {
	q := s.cards[tgt].owner
	if s.readyCount(q) == 0 {
		s.fight(att, tgt, 0)
		return
	}
	s.atk, s.atkT = att, tgt
}

// readyCount counts p's face-up characters, who may defend.
func (s *State) readyCount(p int8) int {
	pl := &s.pl[p]
	n := 0
	if pl.main != 0 && !s.cards[pl.main].faceDown() {
		n++
	}
	for _, x := range s.zs(pl.chars) {
		if !s.cards[x].faceDown() {
			n++
		}
	}
	return n
}

// fight resolves an attack (AT-5.13 steps 3-7): damage is simultaneous;
// over-damaged characters go (the main character is reset); then the
// attacker and whoever fought it are exhausted; the attacker's "attack"
// triggers wait for the stack.
func (s *State) fight(att, tgt, def int16) {
	s.atk, s.atkT = 0, 0
	s.hist.attacks++
	combatant := tgt
	var second int16 // AT-10.4 "join": the target strikes back too
	if def != 0 {
		combatant = def
		if s.r.join && def != tgt {
			second = tgt
		}
	}
	a := s.ofv(att)
	back := s.ofv(combatant)
	if second != 0 {
		back += s.ofv(second)
	}
	s.cards[combatant].dmg = int8(min(100, int(s.cards[combatant].dmg)+a))
	s.cards[att].dmg = int8(min(100, int(s.cards[att].dmg)+back))
	s.fireCard(att, trAttack)
	items := s.pl[s.cards[att].owner].items
	for _, it := range s.zs(items) {
		if s.cards[it].host == att {
			s.fireCard(it, trAttack)
		}
	}
	s.checkState()
	if s.phase == phOver {
		return
	}
	s.exhaust(att)
	if !s.r.attackerExh || def != 0 {
		s.exhaust(combatant)
		if second != 0 {
			s.exhaust(second)
		}
	}
}
