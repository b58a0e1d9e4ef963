package mystimons

import (
	"fmt"

	"kartenwerk/engine"
)

// explain says why an action Legal does not list is refused, citing the rule.
func (s *state) explain(a engine.Action) error {
	text := codec.Format(a)
	if s.over {
		return fmt.Errorf("%s: the game is over", text)
	}
	who := s.ToMove()
	if _, ok := codec.Spec(a.Verb); !ok {
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
	return fmt.Errorf("%s is not legal now: %s", text, why)
}

// cardName names card c for the seat to move: errors never name a card
// that seat cannot see.
func (s *state) cardName(c int16) string { return s.cardNameFor(s.ToMove(), c) }

func (s *state) cardNameFor(viewer engine.Seat, c int16) string {
	if c <= 0 || c > s.nCards {
		return fmt.Sprintf("c%d (no such card)", c)
	}
	if viewer != engine.Omniscient && !s.sees(viewer, c) {
		return fmt.Sprintf("c%d (a hidden card)", c)
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
		if !s.rules.lastStand {
			return "you surrender in your own turn only (MM-4.6)"
		}
		return "surrender is offered in your Main Phase once you are down to one MystiMon and none to summon (variant surrender=last-stand; the default any-time offers it at every decision of your turn)"
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
