package microlife

import (
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// Who may see each zone's cards; declared once (ML-2) and read by
// visible, the view, Describe and Determinize. A card between zones
// (zNone) is being played or moved in the open.
var zoneVis = [...]engine.Visibility{
	zNone: engine.Public, zDeck: engine.Private, zHand: engine.Owner, zPlay: engine.Public, zDiscard: engine.Public,
	zGenpool: engine.Private, zGenDiscard: engine.Public, zLook: engine.Owner,
	zMarket: engine.Public, zMainDeck: engine.Private, zMainDiscard: engine.Public,
	zMutDeck: engine.Private, zMutDiscard: engine.Public, zAttached: engine.Public, zLyso: engine.Public,
}

// publicZone is zoneVis == Public, for put's hot path.
var publicZone = func() (out [len(zoneVis)]bool) {
	for z, v := range zoneVis {
		out[z] = v == engine.Public
	}
	return out
}()

// visible: viewer may know card c's identity. It is the one place that
// decides it: by the zone's visibility, the owner seeing an Owner zone,
// and everyone seeing a hand card bought openly from the market.
func (s *state) visible(c int16, viewer engine.Seat) bool {
	if viewer == engine.Omniscient || c <= 0 || int(c) >= len(s.cards) {
		return true
	}
	ci := &s.cards[c]
	switch zoneVis[ci.zone] {
	case engine.Private:
		return false
	case engine.Owner:
		return engine.Seat(ci.owner) == viewer || ci.zone == zHand && ci.flags&fPublic != 0
	}
	return true
}

// TimesShown counts the times card id was put face up to both players
// (engine.PassingShower): a mutation attached to a host that dies at once
// is, though it is then shuffled into a Genpool (ML-5.14).
func (s *state) TimesShown(id int) int {
	if id <= 0 || id >= len(s.cards) {
		return 0
	}
	return int(s.cards[id].shown)
}

// View shows what viewer may know: hands as counts to the opponent
// (except cards bought openly from the market), every deck and genpool as
// a count, everything in play with its values and markers.
func (s *state) View(viewer engine.Seat) *engine.View {
	v := &engine.View{Game: "microlife", Viewer: viewer, Turn: s.turn, Phase: phaseNames[s.phase],
		Active: engine.Seat(s.active), ToMove: s.ToMove(), Prompt: s.prompt()}
	for p := int8(0); p < 2; p++ {
		pl := &s.seats[p]
		pv := engine.PlayerView{Seat: engine.Seat(p), Name: engine.Seat(p).String(),
			Counters: []engine.Stat{{Name: "life", Value: pl.life}, {Name: "sugar", Value: pl.sugar}}}
		if pl.discarded {
			pv.Counters = append(pv.Counters, engine.Stat{Name: "discarded", Value: 1})
		}
		for z := zDeck; z <= zLook; z++ {
			pv.Zones = append(pv.Zones, s.zoneView(z, p, viewer))
		}
		v.Players = append(v.Players, pv)
	}
	for z := zMarket; z <= zMutDiscard; z++ {
		v.Shared = append(v.Shared, s.zoneView(z, 0, viewer))
	}
	if s.over {
		v.Result = engine.ResultOf(engine.Outcome{Winners: s.winners, Reason: s.reason})
	}
	if s.bought {
		v.Notes = append(v.Notes, words.T(i18n.EN, "note.bought"))
	}
	return v
}

func (s *state) zoneView(z uint8, p int8, viewer engine.Seat) engine.Zone {
	ids := *s.pile(z, p)
	zv := engine.Zone{Name: zoneNames[z], Visibility: zoneVis[z], Count: len(ids)}
	for i := range ids {
		c := ids[i]
		if stacked[z] {
			c = ids[len(ids)-1-i] // top first
		}
		switch {
		case s.visible(c, viewer):
			zv.Cards = append(zv.Cards, s.cardView(c))
		case z == zHand:
			zv.Cards = append(zv.Cards, engine.CardView{ID: -1, Hidden: true, Owner: engine.Seat(p)})
		}
	}
	return zv
}

func (s *state) cardView(c int16) engine.CardView {
	ci := &s.cards[c]
	d := s.def(c)
	cv := engine.CardView{ID: int(c), Name: d.name, Owner: engine.Seat(ci.owner)}
	if ci.owner < 0 {
		cv.Owner = engine.NoSeat
	}
	if ci.zone != zPlay {
		return cv
	}
	if ci.flags&fTapped != 0 {
		cv.Status = append(cv.Status, "tapped")
	}
	if ci.flags&fSpore != 0 {
		cv.Status = append(cv.Status, "spore")
		return cv
	}
	if ci.flags&fAttacked != 0 {
		cv.Status = append(cv.Status, "attacked")
	}
	if !d.entity() {
		return cv
	}
	a, r := s.cardStats(c)
	cv.Stats = []engine.Stat{{Name: "attack", Value: a}, {Name: "resistance", Value: r}}
	if ci.dmg != 0 {
		cv.Counters = append(cv.Counters, engine.Stat{Name: "damage", Value: int(ci.dmg)})
	}
	if ci.toxin != 0 {
		cv.Counters = append(cv.Counters, engine.Stat{Name: "toxin", Value: int(ci.toxin)})
	}
	cv.Note = s.cardNote(c, i18n.EN)
	if s.lead(c) == c && s.merges(c) {
		ga, gr := s.stats(c)
		cv.Stats = append(cv.Stats, engine.Stat{Name: "entity-attack", Value: ga}, engine.Stat{Name: "entity-resistance", Value: gr})
	}
	cv.Keywords = s.cat.keywords(d)
	for _, m := range s.muts {
		if s.cards[m].host == c {
			for _, k := range s.cat.keywords(s.def(m)) {
				cv.Keywords = appendOnce(cv.Keywords, k)
			}
			cv.Attached = append(cv.Attached, engine.CardView{ID: int(m), Name: s.def(m).name, Owner: cv.Owner, Status: []string{"mutation"}})
		}
	}
	if l := ci.lyso; l != 0 {
		cv.Attached = append(cv.Attached, engine.CardView{ID: int(l), Name: s.def(l).name, Owner: engine.Seat(s.cards[l].owner), Status: []string{"lysosome"}})
	}
	return cv
}

// cardNote is what a view says of entity c in play beyond its keys, in
// language l: the merged entity it is part of, and the parameters of its
// keywords and its mutations' ("Invasive (Haut)"), which keyword keys
// leave out.
func (s *state) cardNote(c int16, l i18n.Lang) string {
	var parts []string
	if lead := s.lead(c); lead != c {
		parts = append(parts, words.T(l, "note.merged", "card", s.def(lead).name))
	}
	parts = append(parts, s.cat.details(s.def(c), l)...)
	if s.cards[c].nmut > 0 {
		for _, m := range s.muts {
			if s.cards[m].host == c {
				parts = append(parts, s.cat.details(s.def(m), l)...)
			}
		}
	}
	return strings.Join(parts, "; ")
}
