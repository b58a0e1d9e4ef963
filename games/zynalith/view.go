package zynalith

import (
	"fmt"
	"strings"

	"kartenwerk/engine"
)

// Zone names, the same in views and positions. Hands are hidden from the
// other players except for cards everyone saw taken from the market;
// stacks show only their size (ZY-10.U6).
const (
	zoneHand       = "hand"
	zoneFront      = "front"
	zoneMarketC    = "market.creatures"
	zoneMarketE    = "market.extras"
	zoneStackC     = "stack.creatures"
	zoneStackE     = "stack.extras"
	zoneDiscard    = "discard"
	zoneBanished   = "banished"
	statusDefend   = "defense"
	statusAttack   = "attack"
	counterDamage  = "damage"
	counterHP      = "hp"
	counterSilver  = "silver"
	counterZyn     = "zynalith"
	counterVP      = "vp"
	counterDefense = "defense"
	counterScore   = "score"
)

var marketZones = [2]string{zoneMarketC, zoneMarketE}
var stackZones = [2]string{zoneStackC, zoneStackE}

// seenBy is the one place that decides who may identify a card; View,
// Describe, the refusals and Determinize all ask it. The stacks are seen
// by nobody (ZY-2.5); a hand card by its owner, and by everyone once it
// was seen taken from the market (ZY-10.U6); every other zone (market,
// fronts, attached extras, discard, banished, a card being resolved) by
// everyone.
func (s *State) seenBy(id int16, viewer engine.Seat) bool {
	if viewer == engine.Omniscient {
		return true
	}
	switch c := &s.cards[id]; c.zone {
	case zStack:
		return false
	case zHand:
		return seat(c.owner) == viewer || c.flags&fKnown != 0
	}
	return true
}

// DeckName is "" for every seat (engine.DeckNamer): Zynalith's players
// have no decks of their own, and all take from the shared stacks
// (ZY-8.1), whichever preset lists them.
func (s *State) DeckName(engine.Seat) string { return "" }

// TimesShown counts, modulo 2, the times card id went face up to the
// discard pile (engine.PassingShower). A card a player discards for a row redraw
// (ZY-5.4), or plays and loses at once, may be shuffled back into its
// stack by the same action when the stack runs out (ZY-10.U1): every
// player saw it, though no view after the action shows it. Every card
// shown and hidden again within one action passes through the discard
// pile, as only the stacks and hands hide cards.
func (s *State) TimesShown(id int) int {
	if id < 0 || id >= int(s.n) {
		return 0
	}
	return int(s.discards[id/8]>>(id%8)) & 1
}

// View shows what viewer may see.
func (s *State) View(viewer engine.Seat) *engine.View {
	v := &engine.View{Game: "zynalith", Viewer: viewer, Turn: int(s.turn), Round: int(s.round), Phase: phaseNames[s.phase],
		Active: engine.Seat(s.active), ToMove: s.ToMove(), Prompt: s.prompt()}
	if s.phase == phOver {
		v.Active = engine.NoSeat
		o := engine.Outcome{Winners: s.winners, Reason: s.reason}
		v.Result = engine.ResultOf(o)
	}
	for p := int8(0); p < s.seats; p++ {
		pv := engine.PlayerView{Seat: seat(p), Name: seat(p).String(), Out: !s.alive[p],
			Counters: []engine.Stat{{Name: counterHP, Value: int(s.hp[p])}, {Name: counterSilver, Value: int(s.silver[p])},
				{Name: counterZyn, Value: int(s.zyn[p])}, {Name: counterVP, Value: int(s.vp[p])},
				{Name: counterDefense, Value: s.defense(p)}, {Name: counterScore, Value: s.score(p)}}}
		hand := engine.Zone{Name: zoneHand, Visibility: engine.Owner}
		hidden := 0
		for id := int16(0); id < s.n; id++ {
			c := &s.cards[id]
			if c.zone != zHand || c.owner != p {
				continue
			}
			hand.Count++
			if s.seenBy(id, viewer) {
				hand.Cards = append(hand.Cards, s.cardView(id))
			} else {
				hidden++
			}
		}
		for ; hidden > 0; hidden-- {
			hand.Cards = append(hand.Cards, engine.CardView{ID: -1, Hidden: true, Owner: seat(p)})
		}
		front := engine.Zone{Name: zoneFront, Visibility: engine.Public, Count: int(s.rowN[p])}
		for i := int8(0); i < s.rowN[p]; i++ {
			front.Cards = append(front.Cards, s.cardView(s.row[p][i]))
		}
		pv.Zones = []engine.Zone{hand, front}
		if s.passed[p] && s.alive[p] {
			v.Notes = append(v.Notes, seat(p).String()+" has passed")
		}
		v.Players = append(v.Players, pv)
	}
	for st := 0; st < 2; st++ {
		m := engine.Zone{Name: marketZones[st], Visibility: engine.Public}
		for _, id := range s.market[st] {
			if id >= 0 {
				m.Count++
				m.Cards = append(m.Cards, s.cardView(id))
			}
		}
		v.Shared = append(v.Shared, m)
	}
	for st := 0; st < 2; st++ {
		z := engine.Zone{Name: stackZones[st], Visibility: engine.Private, Count: int(s.stackN[st])}
		for i := s.stackN[st] - 1; i >= 0; i-- {
			if id := s.stack[st][i]; s.seenBy(id, viewer) {
				z.Cards = append(z.Cards, s.cardView(id))
			}
		}
		v.Shared = append(v.Shared, z)
	}
	for _, zn := range []struct {
		name string
		z    zone
	}{{zoneDiscard, zDiscard}, {zoneBanished, zBanished}} {
		z := engine.Zone{Name: zn.name, Visibility: engine.Public}
		for id := int16(0); id < s.n; id++ {
			if s.cards[id].zone == zn.z {
				z.Count++
				z.Cards = append(z.Cards, s.cardView(id))
			}
		}
		v.Shared = append(v.Shared, z)
	}
	v.Notes = append(v.Notes, fmt.Sprintf("round %d of %d, %d slots", s.round, lastRound, s.slots()))
	return v
}

func (s *State) cardView(id int16) engine.CardView {
	c := &s.cards[id]
	d := s.d(id)
	cv := engine.CardView{ID: int(id), Name: d.Name, Owner: engine.Seat(c.owner)}
	if c.owner < 0 {
		cv.Owner = engine.NoSeat
	}
	if c.zone != zFront {
		return cv
	}
	cv.Stats = []engine.Stat{{Name: "init", Value: s.initOf(id)}, {Name: "atk", Value: s.atkOf(id)}, {Name: "def", Value: s.defOf(id)}, {Name: "hp", Value: s.hpLeft(id)}}
	cv.Counters = []engine.Stat{{Name: counterDamage, Value: int(c.dmg)}}
	if c.flags&fDefend != 0 {
		cv.Status = []string{statusDefend}
	} else {
		cv.Status = []string{statusAttack}
	}
	for i, k := range keywordNames {
		if s.kwOf(id)&(1<<i) != 0 {
			cv.Keywords = append(cv.Keywords, k)
		}
	}
	for e := c.ext; e >= 0; e = s.cards[e].ext {
		cv.Attached = append(cv.Attached, engine.CardView{ID: int(e), Name: s.d(e).Name, Owner: cv.Owner})
	}
	return cv
}

// prompt says what ToMove is asked.
func (s *State) prompt() string {
	switch {
	case s.phase == phOver:
		return ""
	case s.win.open:
		return fmt.Sprintf("%v played %s: counter it, or decline", seat(s.win.by), s.d(s.win.played).Name)
	case s.phase == phDraft:
		return "draft: pick a market card or take the top of a stack blind"
	}
	switch s.step {
	case stChoose:
		return "choose the card to " + mainNames[s.choice]
	case stAfter:
		return "side actions, or end your turn"
	}
	return "choose your main action (main take|play|banish|redraw, or pass) and any side actions"
}

// Describe labels an action for people. A card is named to viewer when
// viewer may see it, or when the action shows it to all as it happens:
// playing, attaching, countering or discarding for a redraw a card the
// seat to move may see. Any other card is "a card".
func (s *State) Describe(a engine.Action, viewer engine.Seat) string {
	shows := a.Verb == vPlay || a.Verb == vAttach || a.Verb == vCounter || a.Verb == vRedraw
	name := func(i int) string {
		id := a.Args[i]
		switch {
		case id < 0 || id >= s.n:
			return fmt.Sprintf("c%d", id)
		case s.seenBy(id, viewer) || shows && s.seenBy(id, s.ToMove()):
			return s.cardName(id)
		}
		return "a card"
	}
	switch a.Verb {
	case vPick:
		return "Take " + name(0) + " from the market"
	case vBlind:
		if a.Args[0] >= 0 && int(a.Args[0]) < len(stackNames) {
			return "Take the top card of the " + stackNames[a.Args[0]] + " stack blind"
		}
	case vPlay:
		return "Play " + name(0)
	case vAttach:
		return "Attach " + name(0) + " to " + name(1)
	case vBanish:
		return "Banish " + name(0)
	case vRedraw:
		if a.Args[0] >= 0 && int(a.Args[0]) < len(stackNames) {
			return "Discard " + name(1) + " to redraw the " + stackNames[a.Args[0]] + " row"
		}
	case vDefend:
		return "Put " + name(0) + " in defense position"
	case vAttack:
		return "Put " + name(0) + " in attack position"
	case vSwap:
		return "Swap " + name(0) + " and " + name(1)
	case vCounter:
		return "Counter with " + name(0)
	case vMain:
		if a.Args[0] >= 0 && int(a.Args[0]) < len(mainNames) {
			return "Main action: " + mainNames[a.Args[0]]
		}
	}
	spec, ok := codec.Spec(a.Verb)
	if !ok {
		return codec.Format(a)
	}
	return strings.ToUpper(spec.Name[:1]) + spec.Name[1:]
}

// cardName names a card with its id, for people.
func (s *State) cardName(id int16) string { return fmt.Sprintf("%s (c%d)", s.d(id).Name, id) }
