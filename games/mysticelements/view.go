package mysticelements

import (
	"fmt"
	"slices"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// Zones in views and positions: hand (owner sees it), deck (nobody),
// battle (public; charms appear attached to their unit), grave (public),
// deep (face down; public and ordered with recycling=on, ME-9b.2).
// Player counters: energy.<colour>, round, limit (the current card limit),
// quiet (own turns in a row without a qualifying play), played, wonders.
// Card counters: damage, tokens (net promote/demote); stats: power,
// health; status: ready or exhausted, marked (for the redraw).

// sees reports whether viewer may identify card id. It is the one place
// that decides visibility: View, Describe, Determinize and the refusals of
// Apply all ask it. A deck is hidden from everyone, a hand from all but its
// holder, the deep grave is face down unless recycling=on (ME-9b.2), and
// everything else (battle, grave, the card resolving) is public.
func (s *state) sees(viewer engine.Seat, id int16) bool {
	if viewer == engine.Omniscient {
		return true
	}
	c := &s.cards[id]
	switch c.zone {
	case zDeck:
		return false
	case zHand:
		return viewer == engine.Seat(c.seat)
	case zDeep:
		return s.v.recycling
	}
	return true
}

// hides reports whether v cannot see the cards of pile pl; they share a
// zone and a holder, so the top card speaks for all.
func (s *state) hides(v engine.Seat, pl *pile) bool { return pl.n > 0 && !s.sees(v, pl.top()) }

// cardName names card id for viewer: by name and id when it sees the card,
// else by the id alone, so that a refusal never tells a hidden card.
func (s *state) cardName(viewer engine.Seat, id int16) string {
	if id <= 0 || id >= s.ncards || !s.sees(viewer, id) {
		return fmt.Sprintf("c%d", id)
	}
	return fmt.Sprintf("%s (c%d)", s.def(id).Name, id)
}

// View is what seat v may see.
func (s *state) View(v engine.Seat) *engine.View {
	view := s.bareView(v, nil)
	view.Prompt, view.Notes = s.prompt(), s.notesIn(i18n.EN)
	for i := range view.Players {
		view.Players[i].Name = s.seatColours(int8(view.Players[i].Seat))
	}
	return view
}

// LocalView is what seat v may see, in w's words: Localized without
// the English words Localize would replace. It is built in keep when
// given (engine.ViewRoom).
func (s *state) LocalView(v engine.Seat, w engine.Words, keep *engine.ViewRoom) *engine.View {
	view := s.bareView(v, keep)
	s.Localize(view, w)
	return view
}

// seatColours is a seat's name in View: "p1 (red, blue)".
func (s *state) seatColours(seat int8) string {
	p := &s.p[seat]
	var cols []string
	for c := int8(0); c < nColours; c++ {
		if p.hasColour(c) {
			cols = append(cols, colourNames[c])
		}
	}
	name := engine.Seat(seat).String()
	if len(cols) > 0 {
		name += " (" + strings.Join(cols, ", ") + ")"
	}
	return name
}

// bareView is what seat v may see, without the words that depend on a
// language: the prompt, the notes and the players' names. It is built in
// keep when given.
func (s *state) bareView(v engine.Seat, keep *engine.ViewRoom) *engine.View {
	view, room := s.viewRoom(v, keep)
	*view = engine.View{Game: "mysticelements", Viewer: v, Turn: int(s.turn), Phase: phaseNames[s.phase],
		Active: engine.Seat(s.active), ToMove: s.ToMove(), Players: room.players}
	if s.phase == phPick {
		// No turn has begun while the colours are chosen: the seat whose
		// turn it is, is the one choosing. s.active is already the player
		// who will begin, and the second player chooses first (ME-3.1), so
		// the table read "Turn of Player 2" above "Player 1 decides".
		view.Active = view.ToMove
	}
	if s.phase != phPick && s.phase != phOver {
		view.Round = int(s.p[s.active].round)
	}
	if done, o := s.Terminal(); done {
		view.Result = engine.ResultOf(o)
	}
	for seat := int8(0); seat < 2; seat++ {
		view.Players = append(view.Players, s.playerView(seat, v, &room))
	}
	if s.res.active && s.cards[s.res.src].zone == zStack {
		view.Shared = []engine.Zone{{Name: "resolving", Visibility: engine.Public, Count: 1, Cards: []engine.CardView{s.cardView(s.res.src, v, &room)}}}
	}
	return view
}

// viewRoom is the room for one view's lists, four allocations in all,
// or none when a caller's engine.ViewRoom has room enough: a server
// builds a view for each seat on every move, and a list apiece cost a
// dozen or more.
type viewRoom struct {
	players []engine.PlayerView
	stats   []engine.Stat
	zones   []engine.Zone
	cards   []engine.CardView
}

// Each player's view has its energies and five counters, and five zones.
const (
	playerStats = nColours + 5
	playerZones = 5
)

// viewRoom makes the room for what v sees: the cards of the piles it
// sees, the units' four numbers, each player's counters and zones; in
// keep, grown where it is too small, when keep is given.
func (s *state) viewRoom(v engine.Seat, keep *engine.ViewRoom) (*engine.View, viewRoom) {
	cards, units := 0, 0
	for seat := range s.p {
		p := &s.p[seat]
		for _, pl := range [...]*pile{&p.hand, &p.deck, &p.grave, &p.deep} {
			if !s.hides(v, pl) {
				cards += int(pl.n)
			}
		}
		cards += int(p.battle.n)
		units += int(p.battle.n)
	}
	if keep == nil {
		keep = &engine.ViewRoom{}
	}
	return &keep.View, viewRoom{players: roomFor(&keep.Players, 2), stats: roomFor(&keep.Stats, 2*playerStats+4*units),
		zones: roomFor(&keep.Zones, 2*playerZones), cards: roomFor(&keep.Cards, cards)}
}

// roomFor returns *list emptied, made anew if it has room for fewer than
// n elements.
func roomFor[T any](list *[]T, n int) []T {
	if cap(*list) < n {
		*list = make([]T, 0, n)
	}
	return (*list)[:0]
}

// take returns n elements of room, empty with room for n; a list that
// grows past them moves out rather than into the next.
func take[T any](room *[]T, n int) []T {
	if n > cap(*room) {
		return make([]T, 0, n)
	}
	out := (*room)[:0:n]
	*room = (*room)[n:cap(*room)]
	return out
}

// charmsOn appends to ids the charms attached to unit h, whoever
// controls them.
func (s *state) charmsOn(h int16, ids []int16) []int16 {
	for t := range s.p {
		for _, ch := range s.p[t].battle.slice() {
			if s.def(ch).Kind == kCharm && s.cards[ch].host == h {
				ids = append(ids, ch)
			}
		}
	}
	return ids
}

func (s *state) playerView(seat int8, v engine.Seat, room *viewRoom) engine.PlayerView {
	p := &s.p[seat]
	pv := engine.PlayerView{Seat: engine.Seat(seat), Out: p.lost,
		Counters: take(&room.stats, playerStats), Zones: take(&room.zones, playerZones)}
	for c := int8(0); c < nColours; c++ {
		if (p.ncol > 0 || s.phase == phPick) && !p.hasColour(c) && p.energy[c] == 0 {
			continue // only the deck's colours, unless an effect gave another
		}
		pv.Counters = append(pv.Counters, engine.Stat{Name: energyNames[c], Value: int(p.energy[c])})
	}
	pv.Counters = append(pv.Counters,
		engine.Stat{Name: "round", Value: int(p.round)},
		engine.Stat{Name: "limit", Value: s.cardLimit(seat)},
		engine.Stat{Name: "quiet", Value: int(p.quiet)},
		engine.Stat{Name: "played", Value: int(p.played)},
		engine.Stat{Name: "wonders", Value: int(p.wonders)})
	pv.Zones = append(pv.Zones, s.zoneView("hand", engine.Owner, &p.hand, v, false, room))
	pv.Zones = append(pv.Zones, s.zoneView("deck", engine.Private, &p.deck, v, true, room))
	battle := engine.Zone{Name: "battle", Visibility: engine.Public}
	if p.battle.n > 0 {
		battle.Cards = take(&room.cards, int(p.battle.n))
	}
	for _, id := range p.battle.slice() {
		if s.def(id).Kind == kCharm && s.cards[id].host > 0 {
			continue
		}
		battle.Cards = append(battle.Cards, s.cardView(id, v, room))
		battle.Count++
	}
	// Charms attached to this seat's units, whoever controls them.
	var charms [maxCards]int16
	for i := range battle.Cards {
		on := s.charmsOn(int16(battle.Cards[i].ID), charms[:0])
		if len(on) == 0 {
			continue
		}
		battle.Cards[i].Attached = take(&room.cards, len(on))
		for _, ch := range on {
			battle.Cards[i].Attached = append(battle.Cards[i].Attached, s.cardView(ch, v, room))
		}
	}
	pv.Zones = append(pv.Zones, battle)
	pv.Zones = append(pv.Zones, s.zoneView("grave", engine.Public, &p.grave, v, true, room))
	vis := engine.Private
	if s.v.recycling {
		vis = engine.Public
	}
	pv.Zones = append(pv.Zones, s.zoneView("deep", vis, &p.deep, v, true, room))
	return pv
}

// zoneView lists a pile, top first when topFirst; a pile whose cards v
// does not see shows only its count.
func (s *state) zoneView(name string, vis engine.Visibility, pl *pile, v engine.Seat, topFirst bool, room *viewRoom) engine.Zone {
	z := engine.Zone{Name: name, Visibility: vis, Count: int(pl.n)}
	if s.hides(v, pl) || pl.n == 0 {
		return z
	}
	ids := pl.slice()
	z.Cards = take(&room.cards, len(ids))
	for i := range ids {
		id := ids[i]
		if topFirst {
			id = ids[len(ids)-1-i]
		}
		z.Cards = append(z.Cards, s.cardView(id, v, room))
	}
	return z
}

// energyNames are the players' energy counters, by colour.
var energyNames = func() []string {
	out := make([]string, len(colourNames))
	for c, name := range colourNames {
		out[c] = "energy." + name
	}
	return out
}()

// A card's status in the battle, shared by every view: full slices, so
// that adding "marked" copies them.
var (
	readyStatus     = []string{"ready"}[:1:1]
	exhaustedStatus = []string{"exhausted"}[:1:1]
)

// allKeywords is the bits of the keywords a view names.
const allKeywords = 1<<len(keywordNames) - 1

// keywordLists are the keywords' names for each set of them, shared by
// every view (full slices: none is appended to), so that a unit's
// keywords cost a view nothing.
var keywordLists = func() (out [allKeywords + 1][]string) {
	for set := 1; set <= allKeywords; set++ {
		for k, n := range keywordNames {
			if set&(1<<k) != 0 {
				out[set] = append(out[set], n)
			}
		}
		out[set] = slices.Clip(out[set])
	}
	return out
}()

func (s *state) cardView(id int16, v engine.Seat, room *viewRoom) engine.CardView {
	c := &s.cards[id]
	d := s.def(id)
	cv := engine.CardView{ID: int(id), Name: d.Name, Owner: engine.Seat(c.owner)}
	if c.zone == zBattle {
		switch d.Kind {
		case kUnit, kRelic:
			cv.Status = exhaustedStatus
			if c.ready {
				cv.Status = readyStatus
			}
		}
		if d.Kind == kUnit {
			nums := append(take(&room.stats, 4), engine.Stat{Name: "power", Value: s.power(id)}, engine.Stat{Name: "health", Value: s.health(id)},
				engine.Stat{Name: "damage", Value: int(c.dmg)}, engine.Stat{Name: "tokens", Value: int(c.tok)})
			cv.Stats, cv.Counters = nums[0:2:2], nums[2:4:4]
			if kw := s.keywords(id) & allKeywords; kw != 0 {
				cv.Keywords = keywordLists[kw]
			}
		}
		if c.colour != d.Colour {
			cv.Note = words.T(i18n.EN, "note.converted", "colour", colourWord(i18n.EN, c.colour))
		}
	}
	if c.mark && (v == engine.Omniscient || v == engine.Seat(c.seat)) {
		cv.Status = append(cv.Status, "marked")
	}
	return cv
}

// prompt says what ToMove is asked, in English, for View.
func (s *state) prompt() string { return s.promptIn(i18n.EN) }

func sum8(a []int8) int {
	t := 0
	for _, x := range a {
		t += int(x)
	}
	return t
}

// Describe labels an action for people. A card viewer cannot see (one in
// another's hand, which the action is about to play or discard) is "a
// card": the label goes to every seat before the action reveals anything.
func (s *state) Describe(a engine.Action, viewer engine.Seat) string {
	name := func(i int) string {
		if id := a.Args[i]; id > 0 && id < s.ncards && !s.sees(viewer, id) {
			return "a card"
		}
		return s.cardName(viewer, a.Args[i])
	}
	col := func() string {
		if x := a.Args[0]; x >= 0 && int(x) < nColours {
			return colourNames[x]
		}
		return "?"
	}
	switch a.Verb {
	case vPick:
		return "Choose " + col()
	case vGain:
		return "Gain " + col() + " energy"
	case vPlay:
		return "Play " + name(0)
	case vUse:
		return "Use " + name(0)
	case vActivate:
		return "Activate " + name(0)
	case vAttack:
		return "Attack " + name(1) + " with " + name(0)
	case vPlunder:
		return fmt.Sprintf("Plunder p%d with %s", a.Args[1]+1, name(0))
	case vEnd:
		return "End the play step"
	case vPay:
		return "Pay with " + col()
	case vReverse:
		if a.Args[0] == 1 {
			return "Reverse the named colour"
		}
		return "Keep the colour as printed"
	case vTarget:
		return "Target " + name(0)
	case vTargetPlayer:
		return fmt.Sprintf("Target p%d", a.Args[0]+1)
	case vConvert:
		return "Convert to " + col()
	case vDiscard:
		return "Discard " + name(0)
	case vStrike:
		return "Strike back"
	case vHold:
		return "Do not strike back"
	case vTrigger:
		return "Resolve " + name(0) + " first"
	case vKeep:
		return "Keep one " + col() + " energy"
	case vRedraw:
		return "Mark " + name(0) + " for the redraw"
	case vDone:
		return "Finish the redraw"
	}
	return codec.Format(a)
}
