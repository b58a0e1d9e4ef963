package mysticelements

// Attacks (ME-5.3 to ME-5.5).

func (s *state) has(id int16, kw uint8) bool { return s.keywords(id)&kw != 0 }

// guardsOf counts seat's guards, and the flying ones (ME-6.2, ME-6.3).
func (s *state) guardsOf(seat int8) (guards, flying int) {
	for _, id := range s.p[seat].battle.slice() {
		if s.cards[id].kind == kUnit && s.has(id, kwGuard) {
			guards++
			if s.has(id, kwFlying) {
				flying++
			}
		}
	}
	return
}

// mayAttack reports whether attacker att may attack unit def, given the
// defender's guards (ME-5.3.3): only guards while there are guards; a
// flyer ignores non-flying guards but must take a flying guard if any.
func (s *state) mayAttack(att, def int16, guards, flyGuards int) bool {
	if guards == 0 {
		return true
	}
	if s.has(att, kwFlying) {
		if flyGuards == 0 {
			return true
		}
		return s.has(def, kwGuard) && s.has(def, kwFlying)
	}
	return s.has(def, kwGuard)
}

// mayPlunder: the player can be attacked when no guard prevents it.
func (s *state) mayPlunder(att int16, guards, flyGuards int) bool {
	return guards == 0 || s.has(att, kwFlying) && flyGuards == 0
}

// shielded: a ranged attacker against a non-ranged defender (ME-6.4).
func (s *state) shielded(att, def int16) bool {
	return s.has(att, kwRanged) && !s.has(def, kwRanged)
}

// attack begins a combat (ME-5.3): the attacker is exhausted; a ready
// defender that may strike back decides (ME-5.4a).
func (s *state) attack(att, def int16) {
	s.cards[att].ready = false
	s.fight = combat{active: true, att: att, def: def}
	if s.cards[def].ready && !s.shielded(att, def) {
		s.st = sStrike
		return
	}
	s.resolveFight(false)
}

// resolveFight deals the damage at once (ME-10.8) and readies an exhausted
// defender that survives (ME-5.4b, ME-10.4) unless shielded (ME-5.4c).
func (s *state) resolveFight(strike bool) {
	att, def := s.fight.att, s.fight.def
	wasReady := s.cards[def].ready
	if strike {
		s.cards[def].ready = false
	}
	pa, pd := s.power(att), s.power(def)
	if !wasReady && s.v.voidAttack {
		pa = 0 // ME-10.4 reading (b): the attack does not count
	}
	s.cards[def].dmg = clampTok(int(s.cards[def].dmg) + pa)
	if strike {
		s.cards[att].dmg = clampTok(int(s.cards[att].dmg) + pd)
	}
	s.checkDeaths()
	if !wasReady && s.cards[def].zone == zBattle && !s.shielded(att, def) {
		s.cards[def].ready = true
	}
	s.fight = combat{}
	s.st = sNone
}

// plunderAttack is ME-5.5: the player mills the attacker's power.
func (s *state) plunderAttack(att int16, seat int8) {
	s.cards[att].ready = false
	s.mill(seat, s.power(att))
	s.checkEnd()
}
