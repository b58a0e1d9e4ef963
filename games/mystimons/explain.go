package mystimons

import (
	"fmt"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// explain says why an action Legal does not list is refused, citing the
// rule. The reason keeps its words (*i18n.Error) for the reader's
// language; the English error adds the action as typed.
func (s *state) explain(a engine.Action) error {
	text := codec.Format(a)
	if s.over {
		return fmt.Errorf("%s: %w", text, words.Errorf("refuse.over"))
	}
	if _, ok := codec.Spec(a.Verb); !ok {
		return fmt.Errorf("%s: %w", text, words.Errorf("refuse.unknown"))
	}
	var why *i18n.Error
	switch {
	case s.promote >= 0 && a.Verb != vPromote:
		why = words.Errorf("refuse.promote_first")
	case s.phase == phSetup && a.Verb != vPlace && a.Verb != vDone:
		why = words.Errorf("refuse.setup_only_place")
	case s.phase == phEnergy && a.Verb != vAttach && a.Verb != vPool && a.Verb != vSkip:
		why = words.Errorf("refuse.energy_phase")
	case s.phase == phConfirm && a.Verb != vConfirm && a.Verb != vCancel:
		why = words.Errorf("refuse.confirm_first")
	case s.phase == phDiscard && a.Verb != vDiscard:
		why = words.Errorf("refuse.discard_first")
	case s.phase == phSurge && a.Verb != vAttach && a.Verb != vDone:
		why = words.Errorf("refuse.surge_only")
	default:
		why = s.explainVerb(a)
	}
	return fmt.Errorf("%s is not legal now: %w", text, why)
}

// refuseCard is the refusal key about card c, which the action picked: it
// names c when the seat to move sees it and says key_unseen, a card that
// seat cannot see, when not (engine.CardRefusal); an id that is no card is
// refused as such, with the id, which hides nothing. kv are the key's
// other arguments. The refusals that name a card without it name one
// the checks before have found in the mover's hand or on its field.
func (s *state) refuseCard(key string, c int16, kv ...any) *i18n.Error {
	if c <= 0 || c > s.nCards {
		return words.Errorf("refuse.no_card", "id", int(c))
	}
	k, named := engine.CardRefusal("refuse."+key, s.sees(s.ToMove(), c), s.def(c).name)
	return words.Errorf(k, append(named, kv...)...)
}

// cardNameFor names card c for viewer with its id, for Describe.
func (s *state) cardNameFor(viewer engine.Seat, c int16) string {
	if c <= 0 || c > s.nCards {
		return fmt.Sprintf("c%d (no such card)", c)
	}
	if viewer != engine.Omniscient && !s.sees(viewer, c) {
		return fmt.Sprintf("c%d (a hidden card)", c)
	}
	return fmt.Sprintf("%s (c%d)", s.def(c).name, c)
}

func (s *state) explainVerb(a engine.Action) *i18n.Error {
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
			return s.refuseCard("not_stage1_in_hand", x)
		case a.Verb == vSummon && p.summoned:
			return words.Errorf("refuse.summoned_already")
		case p.field[2] != 0:
			return words.Errorf("refuse.field_full")
		}
	case vAttach, vPool:
		switch {
		case !inHand(x) || s.def(x).kind != kEnergy:
			return s.refuseCard("not_energy_in_hand", x)
		case s.phase != phEnergy && s.phase != phSurge:
			return words.Errorf("refuse.energy_phase_only")
		case a.Verb == vAttach && (y <= 0 || y > s.nCards || p.slot(y) < 0):
			return s.refuseCard("not_your_mystimon", y)
		case a.Verb == vAttach && !s.canAttach(x, y):
			return words.Errorf("refuse.element_mismatch", "card", s.def(x).name, "target", s.def(y).name)
		}
	case vEvolve:
		switch {
		case !inHand(x) || s.def(x).kind != kMon || s.def(x).from < 0:
			return s.refuseCard("not_evolution_in_hand", x)
		case y <= 0 || y > s.nCards || p.slot(y) < 0:
			return s.refuseCard("not_your_mystimon", y)
		case s.pool.defs[s.def(x).from].name != s.def(y).name:
			return words.Errorf("refuse.evolves_from", "card", s.def(x).name, "from", s.pool.defs[s.def(x).from].name, "target", s.def(y).name)
		case s.rules.nextTurn && s.cards[y].flags&fEntered != 0:
			return words.Errorf("refuse.must_wait", "target", s.def(y).name)
		default:
			return words.Errorf("refuse.needs_energy", "target", s.def(y).name, "have", int(s.cards[y].energy), "card", s.def(x).name, "need", int(s.need(y, s.def(x).stage)))
		}
	case vRitual:
		return words.Errorf("refuse.ritual")
	case vPlay, vPlayOn:
		switch {
		case !inHand(x) || s.def(x).kind == kMon || s.def(x).kind == kEnergy:
			return s.refuseCard("not_playable_in_hand", x)
		case int(s.def(x).cost) > s.poolUnits(seat, elemAny):
			return words.Errorf("refuse.too_expensive", "card", s.def(x).name, "cost", int(s.def(x).cost), "have", s.poolUnits(seat, elemAny))
		case s.def(x).kind == kRelic && s.relicsInPlay(seat) >= 3:
			return words.Errorf("refuse.relics_full")
		case a.Verb == vPlay && s.def(x).target != eNone:
			return words.Errorf("refuse.needs_target", "card", s.def(x).name)
		case a.Verb == vPlayOn && s.def(x).target == eNone:
			return words.Errorf("refuse.takes_no_target", "card", s.def(x).name)
		default:
			return s.refuseCard("bad_target", y, "played", s.def(x).name)
		}
	case vSwitch:
		if p.switched {
			return words.Errorf("refuse.switched_already")
		}
		return s.refuseCard("not_on_bench", x)
	case vAttack:
		if a := p.field[0]; a != 0 && s.cards[a].flags&fFrozen != 0 {
			return words.Errorf("refuse.frozen", "card", s.def(a).name)
		}
		return words.Errorf("refuse.attack")
	case vPromote:
		return words.Errorf("refuse.promote")
	case vDiscard:
		return words.Errorf("refuse.discard")
	case vSurrender:
		if !s.rules.lastStand {
			return words.Errorf("refuse.surrender_own_turn")
		}
		return words.Errorf("refuse.surrender_last_stand")
	case vConfirm, vCancel:
		return words.Errorf("refuse.no_champion")
	case vDone:
		if s.phase == phSetup {
			return words.Errorf("refuse.place_active_first")
		}
		return words.Errorf("refuse.nothing_to_finish")
	}
	return words.Errorf("refuse.not_offered")
}
