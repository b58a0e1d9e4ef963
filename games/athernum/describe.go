package athernum

import (
	"fmt"
	"slices"
	"strings"

	"kartenwerk/engine"
)

// name labels a card for a viewer: "Ember Warlord (c12)", or "a hidden
// card" / "a face-down card" when the viewer may not know it (visibleTo).
func (s *State) name(id int16, viewer engine.Seat) string {
	if id <= 0 || int(id) >= len(s.cards) {
		return fmt.Sprintf("c%d", id)
	}
	if !s.visibleTo(id, viewer) {
		if s.cards[id].onField() {
			return "a face-down card"
		}
		return "a hidden card"
	}
	return fmt.Sprintf("%s (c%d)", s.def(id).name, id)
}

// shown labels a card that action a moves from its owner's hand, Extra
// deck or face-down slot to where everyone sees it (played, discarded,
// revealed): every viewer reads its name, but only when a is legal, so
// that a label never names a card the action does not reveal.
func (s *State) shown(id int16, a engine.Action, viewer engine.Seat) string {
	if id > 0 && int(id) < len(s.cards) && engine.Contains(s.legalList(), a) {
		return s.name(id, engine.Omniscient)
	}
	return s.name(id, viewer)
}

// Describe labels an action for people, as viewer may see it.
func (s *State) Describe(a engine.Action, viewer engine.Seat) string {
	x, y, z, w := a.Args[0], a.Args[1], a.Args[2], a.Args[3]
	who := s.ToMove().String()
	ability := func() string {
		if x <= 0 || int(x) >= len(s.cards) || y < 0 || int(y) >= len(s.def(x).abil) {
			return fmt.Sprintf("ability %d", y+1)
		}
		return kindNames[s.def(x).abil[y].kind] + " ability"
	}
	target := func(t int16) string {
		if t == 0 {
			return ""
		}
		return " on " + s.name(t, viewer)
	}
	disc := ""
	if w != 0 {
		disc = ", discarding " + s.shown(w, a, viewer)
	}
	switch a.Verb {
	case vStart:
		if engine.Seat(s.toMove) != viewer && viewer != engine.Omniscient {
			return who + " chooses a start card"
		}
		return who + " chooses " + s.name(x, viewer) + " as start card"
	case vTrigger:
		if y < 0 {
			return who + " puts the static abilities of " + s.name(x, viewer) + " on the stack"
		}
		return who + " puts the " + ability() + " of " + s.name(x, viewer) + " on the stack" + target(z)
	case vPass:
		return who + " passes"
	case vDraw:
		return who + " spends a command token to draw"
	case vResource:
		return who + " makes a " + factionNames[x] + " resource"
	case vClaim:
		return who + " claims 1 VP"
	case vPlay:
		return who + " plays " + s.shown(x, a, viewer)
	case vAttach:
		if z == 1 { // it stays hidden (AT-5.5)
			return who + " attaches " + s.name(x, viewer) + " face down to " + s.name(y, viewer)
		}
		return who + " attaches " + s.shown(x, a, viewer) + " to " + s.name(y, viewer)
	case vActivate:
		return who + " activates the " + ability() + " of " + s.name(x, viewer) + target(z) + disc
	case vSupport:
		return who + " discards " + s.shown(x, a, viewer) + " for its Support" + target(z) + disc
	case vReveal:
		return who + " reveals " + s.shown(x, a, viewer)
	case vCombat:
		return who + " goes to combat"
	case vAttack:
		return who + " attacks " + s.name(y, viewer) + " with " + s.name(x, viewer)
	case vEndCombat:
		return who + " leaves combat"
	case vDefend:
		return who + " defends with " + s.name(x, viewer)
	case vNoDefend:
		return who + " names no defender"
	case vEndDay:
		return who + " ends the Day"
	case vItem:
		if y == 1 {
			return who + " discards " + s.name(x, viewer) + " after its effect"
		}
		return who + " keeps " + s.name(x, viewer)
	}
	return codec.Format(a)
}

// prompt says what ToMove is asked.
func (s *State) prompt() string {
	switch s.dec {
	case decStart:
		return "choose your start card: a character or location with a VP field"
	case decTrigger:
		return "put your triggered abilities on the stack: choose the next one"
	case decPriority:
		return "you hold priority: respond or pass"
	case decItem:
		return fmt.Sprintf("%s's effect resolved: keep it or discard it", s.name(s.offer[0], engine.NoSeat))
	case decDefend:
		return fmt.Sprintf("%s is attacked by %s: name a defender or none", s.name(s.atkT, engine.NoSeat), s.name(s.atk, engine.NoSeat))
	case decMain:
		if s.phase == phCombat {
			return "combat: attack or leave combat"
		}
		return "your Day: act, or end the Day"
	}
	return ""
}

// explain says why an action is refused, in words the reader's language
// can give (refuse.* in the catalogue).
func (s *State) explain(a engine.Action) error {
	text := codec.Format(a)
	refuse := func(key string, kv ...any) error {
		return words.Errorf("refuse."+key, append([]any{"action", text}, kv...)...)
	}
	if s.phase == phOver {
		return refuse("over")
	}
	if _, ok := codec.Spec(a.Verb); !ok {
		return refuse("no_verb")
	}
	if !slices.Contains(allowedVerbs[s.dec], a.Verb) {
		return refuse("not_now")
	}
	if key, kv := s.refusal(a); key != "" {
		return refuse(key, kv...)
	}
	var opts []string
	for _, l := range s.genLegal(nil) {
		opts = append(opts, codec.Format(l))
		if len(opts) == 6 {
			opts = append(opts, "...")
			break
		}
	}
	return refuse("not_legal", "legal", strings.Join(opts, ", "))
}

// allowedVerbs are the verbs each decision takes (AT-4, AT-5.15).
var allowedVerbs = map[uint8][]engine.Verb{
	decStart:    {vStart},
	decTrigger:  {vTrigger},
	decPriority: {vPass, vActivate, vSupport, vReveal},
	decDefend:   {vDefend, vNoDefend},
	decItem:     {vItem},
	decMain:     {vEndDay, vDraw, vResource, vClaim, vPlay, vAttach, vActivate, vSupport, vReveal, vCombat, vAttack, vEndCombat},
}

// refusal finds the rule an action of the right kind breaks: the
// message key and its arguments, or "" when no rule is more specific
// than "not legal now".
func (s *State) refusal(a engine.Action) (string, []any) {
	x := a.Args[0]
	p := s.toMove
	switch a.Verb {
	case vDraw:
		if s.pl[p].cmd < 1 {
			return "draw_no_cmd", nil
		}
		return "draw_empty", nil
	case vResource:
		if s.genUsed {
			return "resource_used", nil
		}
		return "resource", nil
	case vClaim:
		if s.claimed {
			return "claim_used", nil
		}
		return "claim", nil
	case vCombat:
		if s.combatUs {
			return "combat_used", nil
		}
		if s.turn == 1 {
			return "combat_first", nil
		}
		return "combat_none", nil
	case vAttack:
		return s.attackRefusal(x, p)
	case vPlay, vAttach, vStart, vReveal, vActivate, vSupport, vDefend, vTrigger:
		return s.cardRefusal(a, x, p)
	}
	return "", nil
}

func (s *State) attackRefusal(x int16, p int8) (string, []any) {
	switch {
	case x <= 0 || int(x) >= len(s.cards):
		return "no_card", []any{"id", int(x)}
	case s.cards[x].owner != p:
		return engine.CardRefusal("attack_not_yours", s.visibleTo(x, engine.Seat(p)), s.def(x).name)
	case s.cards[x].faceDown():
		return "attack_exhausted", []any{"card", s.def(x).name}
	}
	return "attack", nil
}

// cardRefusal explains a refused action on one of the mover's cards. The
// card is the mover's own, so naming it tells the mover nothing hidden.
func (s *State) cardRefusal(a engine.Action, x int16, p int8) (string, []any) {
	if x <= 0 || int(x) >= len(s.cards) {
		return "no_card", []any{"id", int(x)}
	}
	c := &s.cards[x]
	if c.owner != p {
		return engine.CardRefusal("not_your_card", s.visibleTo(x, engine.Seat(p)), s.def(x).name)
	}
	d := s.def(x)
	switch {
	case a.Verb == vStart:
		return "start", nil
	case (a.Verb == vPlay || a.Verb == vAttach || a.Verb == vSupport) && c.zone != zHand && c.zone != zExtra:
		if !s.visibleTo(x, engine.Seat(p)) { // a card of the mover's deck
			return "not_in_hand_unseen", nil
		}
		return "not_in_hand", []any{"card", d.name}
	case a.Verb == vPlay && d.typ == tItem:
		return "play_item", nil
	case a.Verb == vPlay && d.typ == tLocation && s.locUsed:
		return "one_location", nil
	case (a.Verb == vPlay || a.Verb == vAttach) && !s.canPayCard(p, d):
		return "cannot_pay", []any{"v", int(d.cost)}
	case a.Verb == vPlay:
		return "no_slot", nil
	case a.Verb == vAttach:
		return "attach", nil
	case a.Verb == vReveal:
		return "reveal", nil
	case a.Verb == vActivate && c.faceDown():
		return "face_down", []any{"card", d.name}
	case a.Verb == vSupport && s.supportOnStack():
		return "support_on_stack", nil
	case a.Verb == vActivate || a.Verb == vSupport:
		return "ability", nil
	}
	return "", nil
}
