package mystimons

import "kartenwerk/engine"

// Evaluate estimates seat's chance of winning from the material on both
// sides (engine.Evaluator): MystiMons in play by HP, attack, defence,
// stage and attached energy, plus pool energy, cards in hand and the
// dangers of a short deck (MM-7.2) and of a lone MystiMon, whose knockout
// ends the game (MM-7.1). The attack still open to the seat whose turn it
// is counts as made (see pendingHit).
func (s *state) Evaluate(seat engine.Seat) float64 {
	if s.over {
		switch {
		case s.winner < 0:
			return 0.5
		case engine.Seat(s.winner) == seat:
			return 1
		}
		return 0
	}
	target, dmg := s.pendingHit()
	a, b := s.strength(int(seat), target, dmg), s.strength(1-int(seat), target, dmg)
	return a / (a + b)
}

// pendingHit is the opposing Active and the damage the Basic Attack of
// the Active whose turn it is would deal it, while that turn's one attack
// (MM-4.4, MM-5.8) is still to come; 0, 0 otherwise. The attack ends the
// turn, so without it a one-step search rated "attack now" against
// "Summon (MM-5.1) and attack after": it saw a knockout on one side and a
// MystiMon more on the other, and attacked turn after turn with its bench
// empty instead of doing both.
func (s *state) pendingHit() (int16, int16) {
	if s.promote >= 0 || s.phase == phSetup || s.phase == phDiscard || s.phase == phOver {
		return 0, 0
	}
	a, t := s.p[s.active].field[0], s.p[1-s.active].field[0]
	if a == 0 || t == 0 || s.cards[a].flags&fFrozen != 0 {
		return 0, 0
	}
	return t, s.damage(a, t, 0, false)
}

// loneMystiMon scales the strength of a side with a single MystiMon in
// play: one knockout from losing (MM-7.1), it is worth less than its
// material.
const loneMystiMon = 0.6

// strength rates seat's side, with MystiMon hit dealt dmg first.
func (s *state) strength(seat int, hit, dmg int16) float64 {
	p := &s.p[seat]
	v, alive := 1.0, 0
	for _, m := range p.field {
		if m == 0 {
			continue
		}
		c, d := &s.cards[m], s.def(m)
		hp := float64(c.hp) - 3*float64(c.poison)
		if m == hit {
			if c.hp <= dmg {
				continue
			}
			hp -= float64(dmg)
		}
		alive++
		if c.flags&fBurn != 0 {
			hp -= 3
		}
		hp -= 4 * float64(d.drain())
		v += 20 + max(0, hp) + 2*float64(s.atk(m)) + 1.5*float64(s.dfn(m)) + 6*float64(c.energy) + 10*float64(d.stage)
	}
	v += 3*float64(s.poolUnits(seat, elemAny)) + 2*float64(min(p.hand.n, 10))
	if p.deck.n < 5 {
		v *= 0.6 + 0.08*float64(p.deck.n)
	}
	if alive == 1 {
		v *= loneMystiMon
	}
	return v
}

// PlayedCard is the index in Cards() of the card an action plays, or -1
// (engine.CardPlayer, for the simulator's per-card statistics).
func (s *state) PlayedCard(a engine.Action) int {
	switch a.Verb {
	case vPlace, vAttach, vPool, vSummon, vEvolve, vRitual, vPlay, vPlayOn:
		if c := a.Args[0]; c > 0 && c <= s.nCards {
			return int(s.cards[c].def)
		}
	}
	return -1
}

// HandCards appends the Cards() index of each card in seat's hand (see
// engine.CardHolder).
func (s *state) HandCards(seat engine.Seat, dst []int) []int {
	for _, c := range s.p[seat].hand.s() {
		dst = append(dst, int(s.cards[c].def))
	}
	return dst
}
