package mystimons

import (
	"fmt"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// Zone names, shared by View and FromPosition.
const (
	znDeck, znHand, znActive, znBench = "deck", "hand", "active", "bench"
	znDiscard, znPool, znRelics       = "discard", "pool", "relics"
	znTerrain                         = "terrain"
)

// sees reports whether viewer may identify card c. It is the one place
// that decides visibility: View, Describe, Determinize and the refusals of
// Apply all ask it. Decks are hidden from everyone, a hand from all but
// its owner, a MystiMon placed face down during setup from all but its
// owner until both sides are revealed (MM-3.5); the rest is public.
func (s *state) sees(viewer engine.Seat, c int16) bool {
	if viewer == engine.Omniscient {
		return true
	}
	cs := &s.cards[c]
	switch cs.zone {
	case zDeck:
		return false
	case zHand:
		return viewer == engine.Seat(cs.owner)
	case zField:
		return cs.flags&fHidden == 0 || viewer == engine.Seat(cs.owner)
	}
	return true
}

func (s *state) View(viewer engine.Seat) *engine.View {
	v := &engine.View{Game: "mystimons", Viewer: viewer, Turn: int(s.turn), Phase: phaseNames[s.phase],
		Active: engine.Seat(s.active), ToMove: s.ToMove(), Prompt: s.prompt()}
	if s.phase == phSetup {
		v.Active = engine.Seat(s.setupAt)
	}
	if s.over {
		_, o := s.Terminal()
		v.Result = engine.ResultOf(o)
	}
	for seat := range s.p {
		p := &s.p[seat]
		pv := engine.PlayerView{Seat: engine.Seat(seat), Name: engine.Seat(seat).String(), Counters: s.counters(seat)}
		pv.Zones = []engine.Zone{
			s.zone(viewer, znDeck, engine.Private, p.deck.s(), true),
			s.zone(viewer, znHand, engine.Owner, p.hand.s(), false),
			s.zone(viewer, znActive, engine.Public, p.field[:1], false),
			s.zone(viewer, znBench, engine.Public, p.field[1:], false),
			s.zone(viewer, znDiscard, engine.Public, p.discard.s(), true),
			s.zone(viewer, znPool, engine.Public, p.pool.s(), false),
			s.zone(viewer, znRelics, engine.Public, p.relics[:p.nRelics], false),
		}
		v.Players = append(v.Players, pv)
	}
	var terr []int16
	if s.terrain != 0 {
		terr = []int16{s.terrain}
	}
	v.Shared = []engine.Zone{s.zone(viewer, znTerrain, engine.Public, terr, false)}
	v.Notes = s.notesIn(engine.Words{Lang: i18n.EN, Names: []string{"p1", "p2"}})
	return v
}

// counters are a player's numbers, named as FromPosition reads them;
// those that only matter when non-zero are left out at 0.
func (s *state) counters(seat int) []engine.Stat {
	p := &s.p[seat]
	out := []engine.Stat{{Name: "pool", Value: s.poolUnits(seat, elemAny)}}
	for e := range s.pool.elems {
		n := 0
		for _, c := range p.pool.s() {
			if s.def(c).elem == int8(e) {
				n += int(s.cards[c].units)
			}
		}
		out = append(out, engine.Stat{Name: "pool." + s.pool.elems[e], Value: n})
	}
	n := 0
	for _, c := range p.pool.s() {
		if s.def(c).elem == elemAny {
			n += int(s.cards[c].units)
		}
	}
	out = append(out, engine.Stat{Name: "pool.any", Value: n})
	// Pending Double Energy, mulligans and the once-a-turn marks say
	// something only when there are some: at 0 they would be chips of
	// nothing on every table.
	out = appendSome(out, engine.Stat{Name: "double-energy", Value: int(p.double)},
		engine.Stat{Name: "mulligans", Value: int(p.mulligans)})
	if uint8(seat) != s.active {
		return out // its marks are of its last turn, cleared when its next begins
	}
	return appendSome(out, engine.Stat{Name: "energy-placed", Value: int(b2u(p.energyDone))},
		engine.Stat{Name: "summoned", Value: int(b2u(p.summoned))},
		engine.Stat{Name: "switched", Value: int(b2u(p.switched))})
}

// appendSome appends the stats that are not 0.
func appendSome(out []engine.Stat, stats ...engine.Stat) []engine.Stat {
	for _, st := range stats {
		if st.Value != 0 {
			out = append(out, st)
		}
	}
	return out
}

// zone shows a pile; reversed piles (deck, discard) list the top first.
func (s *state) zone(viewer engine.Seat, name string, vis engine.Visibility, ids []int16, reversed bool) engine.Zone {
	z := engine.Zone{Name: name, Visibility: vis}
	for k := range ids {
		c := ids[k]
		if reversed {
			c = ids[len(ids)-1-k]
		}
		if c == 0 {
			continue
		}
		z.Count++
		if vis != engine.Public && !s.sees(viewer, c) {
			continue // face-down cards of public zones show as hidden cards
		}
		z.Cards = append(z.Cards, s.cardView(viewer, c))
	}
	return z
}

func (s *state) cardView(viewer engine.Seat, c int16) engine.CardView {
	cs := &s.cards[c]
	if !s.sees(viewer, c) {
		return engine.CardView{ID: -1, Hidden: true, Owner: engine.Seat(cs.owner)}
	}
	d := s.def(c)
	cv := engine.CardView{ID: int(c), Name: d.name, Owner: engine.Seat(cs.owner)}
	if d.kind == kMon {
		cv.Note = d.warning()
	}
	switch cs.zone {
	case zPool, zEnergy:
		cv.Counters = []engine.Stat{{Name: "units", Value: int(cs.units)}}
	case zField:
		cv.Stats = []engine.Stat{{Name: "hp", Value: int(cs.hp)}, {Name: "maxhp", Value: int(d.hp)},
			{Name: "atk", Value: int(s.atk(c))}, {Name: "def", Value: int(s.dfn(c))}, {Name: "spd", Value: int(d.spd)},
			{Name: "stage", Value: int(d.stage)}}
		if d.grade > 0 {
			cv.Stats = append(cv.Stats, engine.Stat{Name: "grade", Value: int(d.grade)})
		}
		cv.Counters = []engine.Stat{{Name: "energy", Value: int(cs.energy)}, {Name: "poison", Value: int(cs.poison)}}
		for _, st := range statusNames {
			if cs.flags&st.flag != 0 {
				cv.Status = append(cv.Status, st.name)
			}
		}
		if cs.poison > 0 {
			cv.Status = append(cv.Status, "poisoned")
		}
		for i := int16(1); i <= s.nCards; i++ {
			if x := &s.cards[i]; x.host == c && (x.zone == zEnergy || x.zone == zRelic || x.zone == zUnder) {
				cv.Attached = append(cv.Attached, s.cardView(viewer, i))
			}
		}
	}
	return cv
}

// statusNames are the card flags a view shows, by the names FromPosition reads.
var statusNames = []struct {
	flag uint8
	name string
}{{fBurn, "burn"}, {fFrozen, "frozen"}, {fParalyzed, "paralyzed"}, {fHidden, "face-down"}, {fUsed, "used"}, {fEntered, "entered"}}

// prompt is the seat to move's prompt in English, for View.
func (s *state) prompt() string { return s.promptIn(i18n.EN) }

// Describe labels an action for people. A card viewer cannot see (one in
// another's hand, which the action is about to play, or placed face down)
// is "a card": the label goes to every seat before the action reveals
// anything.
func (s *state) Describe(a engine.Action, viewer engine.Seat) string {
	x, y := a.Args[0], a.Args[1]
	valid := func(c int16) bool { return c > 0 && c <= s.nCards }
	name := func(c int16) string {
		if valid(c) && !s.sees(viewer, c) {
			return "a card"
		}
		return s.cardNameFor(viewer, c)
	}
	who := s.ToMove().String()
	switch a.Verb {
	case vPlace:
		if valid(x) && viewer != engine.Omniscient && viewer != engine.Seat(s.cards[x].owner) {
			return who + " places a MystiMon face down"
		}
		slot := "Bench"
		if s.p[s.setupAt].field[0] == 0 {
			slot = "Active"
		}
		return fmt.Sprintf("Place %s as %s (face down)", name(x), slot)
	case vDone:
		if s.phase == phSetup {
			return "Done placing"
		}
		return "Done attaching"
	case vAttach:
		return fmt.Sprintf("Attach %s to %s", name(x), name(y))
	case vPool:
		return fmt.Sprintf("Put %s into the pool", name(x))
	case vSkip:
		return "Place no energy this turn"
	case vSummon:
		return fmt.Sprintf("Summon %s", name(x))
	case vEvolve:
		label := fmt.Sprintf("Evolve %s into %s", name(y), name(x))
		if valid(x) && s.sees(viewer, x) {
			if w := s.def(x).warning(); w != "" {
				label += " (" + w + ")"
			}
		}
		return label
	case vConfirm:
		if s.pending[0] < 0 {
			return who + " confirms the surrender"
		}
		return "Confirm the Champion evolution (" + words.T(i18n.EN, "warning.short5") + ")"
	case vCancel:
		if s.pending[0] < 0 {
			return "Do not surrender"
		}
		return "Cancel the Champion evolution"
	case vRitual:
		return fmt.Sprintf("Ritual Summon %s: sacrifice your 3 MystiMons and pay 8 pool energy (%s)", name(x), words.T(i18n.EN, "warning.short5"))
	case vPlay:
		return fmt.Sprintf("Play %s", name(x))
	case vPlayOn:
		return fmt.Sprintf("Play %s on %s", name(x), name(y))
	case vSwitch:
		return fmt.Sprintf("Switch %s into the Active slot", name(x))
	case vAttack:
		att := s.p[s.active].field[0]
		if !valid(att) {
			return "Attack"
		}
		d := s.def(att)
		move := d.basic + " (Basic Attack)"
		if x > 0 && int(x) <= len(d.abils) {
			move = fmt.Sprintf("%s (%s)", d.abils[x-1].name, s.pool.costText(i18n.EN, &d.abils[x-1]))
		}
		label := fmt.Sprintf("Attack %s with %s: %s", name(y), name(att), move)
		if valid(y) && s.cards[y].zone == zField {
			var pw int16
			pierce := false
			if x > 0 && int(x) <= len(d.abils) {
				pw, pierce = d.abils[x-1].power, d.abils[x-1].pierce
			}
			label += fmt.Sprintf(", %d damage", s.damage(att, y, pw, pierce))
			if s.cards[att].flags&fParalyzed != 0 {
				label += ", Paralyzed: fails on a 50% roll"
			}
		}
		return label
	case vEnd:
		return "End the turn without attacking"
	case vPromote:
		return fmt.Sprintf("Promote %s to Active", name(x))
	case vDiscard:
		return fmt.Sprintf("Discard %s", name(x))
	case vSurrender:
		return who + " surrenders"
	}
	return strings.TrimSpace(codec.Format(a))
}
