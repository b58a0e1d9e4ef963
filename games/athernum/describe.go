package athernum

import (
	"fmt"
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

// explain says why an action is refused.
func (s *State) explain(a engine.Action) error {
	text := codec.Format(a)
	if s.phase == phOver {
		return fmt.Errorf("%s: the game is over", text)
	}
	if _, ok := codec.Spec(a.Verb); !ok {
		return fmt.Errorf("%s: no such verb", text)
	}
	x := a.Args[0]
	p := s.toMove
	card := func(id int16) (*card, error) {
		if id <= 0 || int(id) >= len(s.cards) {
			return nil, fmt.Errorf("%s: there is no card c%d", text, id)
		}
		return &s.cards[id], nil
	}
	allowed := map[uint8][]engine.Verb{
		decStart:    {vStart},
		decTrigger:  {vTrigger},
		decPriority: {vPass, vActivate, vSupport, vReveal},
		decDefend:   {vDefend, vNoDefend},
		decItem:     {vItem},
		decMain:     {vEndDay, vDraw, vResource, vClaim, vPlay, vAttach, vActivate, vSupport, vReveal, vCombat, vAttack, vEndCombat},
	}
	ok := false
	for _, v := range allowed[s.dec] {
		if v == a.Verb {
			ok = true
		}
	}
	if !ok {
		return fmt.Errorf("%s: not now: %s (AT-4, AT-5.15)", text, s.prompt())
	}
	switch a.Verb {
	case vDraw:
		if s.pl[p].cmd < 1 {
			return fmt.Errorf("%s: drawing costs 1 command token and you have none (AT-5.1)", text)
		}
		return fmt.Errorf("%s: your deck is empty; you may not draw by choice (AT-10.19)", text)
	case vResource:
		if s.genUsed {
			return fmt.Errorf("%s: you generated a resource this turn already (AT-5.2)", text)
		}
		return fmt.Errorf("%s: a resource needs 1 command token and is of your main character's faction (AT-5.2, AT-10.8)", text)
	case vClaim:
		if s.claimed {
			return fmt.Errorf("%s: you claimed VP this turn already (AT-5.3)", text)
		}
		return fmt.Errorf("%s: claiming costs 2 command tokens, needs VP in the pool and room on your main character (AT-5.3)", text)
	case vCombat:
		if s.combatUs {
			return fmt.Errorf("%s: only one Combat phase per turn (AT-4.3)", text)
		}
		if s.turn == 1 {
			return fmt.Errorf("%s: no combat in the first turn of the game (AT-4.3, AT-10.13)", text)
		}
		return fmt.Errorf("%s: no ready character of yours can attack an opposing character (AT-5.13)", text)
	case vAttack:
		c, err := card(x)
		if err != nil {
			return err
		}
		if c.owner != p {
			return fmt.Errorf("%s: c%d is not your character: attack with one of yours (AT-5.13)", text, x)
		}
		if c.faceDown() {
			return fmt.Errorf("%s: %s is exhausted: only non-exhausted characters attack (AT-5.13)", text, s.name(x, engine.Seat(p)))
		}
		return fmt.Errorf("%s: attack with a ready character of yours an opposing character (AT-5.13, AT-10.5)", text)
	case vPlay, vAttach, vStart, vReveal, vActivate, vSupport, vDefend, vTrigger:
		c, err := card(x)
		if err != nil {
			return err
		}
		if c.owner != p {
			return fmt.Errorf("%s: c%d is not your card", text, x)
		}
		switch {
		case a.Verb == vStart:
			return fmt.Errorf("%s: the start card is a character or location with a VP field from your deck (AT-3.2, AT-10.9)", text)
		case (a.Verb == vPlay || a.Verb == vAttach || a.Verb == vSupport) && c.zone != zHand && c.zone != zExtra:
			return fmt.Errorf("%s: %s is not in your hand", text, s.name(x, engine.Seat(p)))
		case a.Verb == vPlay && s.def(x).typ == tItem:
			return fmt.Errorf("%s: items are attached: write attach ITEM HOST up|down (AT-5.5)", text)
		case a.Verb == vPlay && s.def(x).typ == tLocation && s.locUsed:
			return fmt.Errorf("%s: one location per turn (AT-5.6)", text)
		case (a.Verb == vPlay || a.Verb == vAttach) && !s.canPayCard(p, s.def(x)):
			return fmt.Errorf("%s: you cannot pay %d resources with one of its faction (AT-5.4)", text, s.def(x).cost)
		case a.Verb == vPlay:
			return fmt.Errorf("%s: no free character slot, or you control a character of that name with a VP field (AT-2.4, AT-5.4)", text)
		case a.Verb == vAttach:
			return fmt.Errorf("%s: attach to a face-up character of yours with a free item slot (AT-5.5)", text)
		case a.Verb == vReveal:
			return fmt.Errorf("%s: only your face-down (unexhausted) items can be revealed (AT-5.24)", text)
		case a.Verb == vActivate && c.faceDown():
			return fmt.Errorf("%s: %s is face down and has no abilities (AT-5.21)", text, s.name(x, engine.Seat(p)))
		case a.Verb == vSupport && s.supportOnStack():
			return fmt.Errorf("%s: a Support ability is already on the stack (AT-10.12)", text)
		case a.Verb == vActivate || a.Verb == vSupport:
			return fmt.Errorf("%s: not an ability you can pay for now with that target (AT-5.12, AT-5.22)", text)
		}
	}
	var opts []string
	for _, l := range s.genLegal(nil) {
		opts = append(opts, codec.Format(l))
		if len(opts) == 6 {
			opts = append(opts, "...")
			break
		}
	}
	return fmt.Errorf("%s is not legal now (%s); legal: %s", text, s.prompt(), strings.Join(opts, ", "))
}
