package athernum

import (
	"fmt"

	"kartenwerk/engine"
)

// Who may see a card is decided here once, by zoneSeenBy and visibleTo:
// View shows, Describe and the refusal messages name, and Determinize
// keeps exactly the cards these allow, and resamples all the others.

// zoneSeenBy: may viewer know the cards owner keeps in zone z? Field
// zones are public, but a face-down card there is decided by visibleTo.
func (s *State) zoneSeenBy(z uint8, owner int8, viewer engine.Seat) bool {
	if viewer == engine.Omniscient {
		return true
	}
	switch z {
	case zDeck: // face down in an order nobody knows (AT-2.1); its owner searches it for the start card (AT-3.2)
		return engine.Seat(owner) == viewer && s.phase == phSetup
	case zHand, zExtra: // AT-2.2, AT-2.3: its owner's
		return engine.Seat(owner) == viewer
	}
	return true // the field, discard pile and Void (AT-2.11, AT-2.12), the stack
}

// visibleTo: may viewer know which card id is? A face-down card on the
// field is public when exhausted, else its controller's (AT-3.2, AT-5.5,
// AT-5.21).
func (s *State) visibleTo(id int16, viewer engine.Seat) bool {
	c := &s.cards[id]
	if c.onField() && c.secret() {
		return viewer == engine.Omniscient || engine.Seat(c.owner) == viewer
	}
	return s.zoneSeenBy(c.zone, c.owner, viewer)
}

// View is what viewer may see (see visibleTo; hidden piles are counts).
func (s *State) View(viewer engine.Seat) *engine.View {
	v := &engine.View{
		Game: "athernum", Viewer: viewer, Turn: int(s.turn), Phase: phaseNames[s.phase],
		Active: engine.Seat(s.active), ToMove: s.ToMove(), Prompt: s.prompt(),
	}
	if s.phase == phOver {
		v.Result = engine.ResultOf(engine.Outcome{Winners: s.winners, Reason: s.reason})
	}
	for p := int8(0); p < s.n; p++ {
		pl := &s.pl[p]
		pv := engine.PlayerView{Seat: engine.Seat(p), Name: engine.Seat(p).String(), Out: pl.out}
		pv.Counters = append(pv.Counters,
			engine.Stat{Name: "command", Value: int(pl.cmd)},
			engine.Stat{Name: "vp", Value: s.vpOf(p)},
			engine.Stat{Name: "initiative", Value: int(pl.initiative)})
		for f := 0; f < nFactions; f++ {
			pv.Counters = append(pv.Counters,
				engine.Stat{Name: "res." + factionNames[f], Value: int(pl.ready[f])},
				engine.Stat{Name: "exhausted." + factionNames[f], Value: int(pl.exh[f])},
				engine.Stat{Name: "pool." + factionNames[f], Value: int(pl.pool[f])})
		}
		pv.Zones = append(pv.Zones,
			s.pileView("hand", engine.Owner, pl.hand, s.zoneSeenBy(zHand, p, viewer), false, viewer),
			s.pileView("deck", engine.Private, pl.deck, s.zoneSeenBy(zDeck, p, viewer), true, viewer),
			s.pileView("extra", engine.Owner, pl.extra, s.zoneSeenBy(zExtra, p, viewer), false, viewer),
			s.slotView("main", pl.main, viewer),
			s.charsView(pl, viewer),
			s.slotView("location", pl.loc, viewer),
			s.pileView("discard", engine.Public, pl.discard, true, true, viewer),
			s.pileView("void", engine.Public, pl.void, true, false, viewer))
		v.Players = append(v.Players, pv)
	}
	st := engine.Zone{Name: "stack", Visibility: engine.Public, Count: int(s.sn)}
	for i := int(s.sn) - 1; i >= 0; i-- {
		it := s.stack[i]
		cv := engine.CardView{ID: int(it.src), Name: s.def(it.src).name, Owner: engine.Seat(it.ctrl)}
		if !s.visibleTo(it.src, viewer) { // a source the viewer may not see stays unnamed
			cv = engine.CardView{ID: -1, Hidden: true, Owner: engine.Seat(it.ctrl)}
		}
		switch it.kind {
		case itCard:
			cv.Note = "card"
		case itStatic:
			cv.Note = "static abilities"
		default:
			cv.Note = fmt.Sprintf("ability a%d", it.abil+1)
		}
		if it.tgt != 0 {
			cv.Note += fmt.Sprintf(" -> c%d", it.tgt)
		}
		st.Cards = append(st.Cards, cv)
	}
	v.Shared = append(v.Shared, st)
	v.Notes = append(v.Notes, fmt.Sprintf("vp pool %d", s.vpPool()))
	if s.phase != phSetup {
		order := "turn order"
		for i := 0; i < int(s.n); i++ {
			order += " " + engine.Seat(s.order[i]).String()
		}
		v.Notes = append(v.Notes, order)
	}
	return v
}

func (s *State) pileView(name string, vis engine.Visibility, z zone, show, topFirst bool, viewer engine.Seat) engine.Zone {
	out := engine.Zone{Name: name, Visibility: vis, Count: int(z.n)}
	if !show {
		return out
	}
	list := s.zs(z)
	for i := range list {
		id := list[i]
		if topFirst {
			id = list[len(list)-1-i]
		}
		out.Cards = append(out.Cards, s.cardView(id, viewer))
	}
	return out
}

func (s *State) slotView(name string, id int16, viewer engine.Seat) engine.Zone {
	out := engine.Zone{Name: name, Visibility: engine.Public}
	if id != 0 {
		out.Count = 1
		out.Cards = []engine.CardView{s.cardView(id, viewer)}
	}
	return out
}

func (s *State) charsView(pl *player, viewer engine.Seat) engine.Zone {
	out := engine.Zone{Name: "characters", Visibility: engine.Public, Count: int(pl.chars.n)}
	for _, id := range s.zs(pl.chars) {
		out.Cards = append(out.Cards, s.cardView(id, viewer))
	}
	return out
}

// cardView shows a card: face-down and exhausted cards keep only name,
// base type, attachments, VP field and tokens (AT-5.21).
func (s *State) cardView(id int16, viewer engine.Seat) engine.CardView {
	c := &s.cards[id]
	d := s.def(id)
	if !s.visibleTo(id, viewer) {
		return engine.CardView{ID: -1, Hidden: true, Owner: engine.Seat(c.owner), Status: []string{"face-down"}}
	}
	cv := engine.CardView{ID: int(id), Name: d.name, Owner: engine.Seat(c.owner), Keywords: []string{typeNames[d.typ]}}
	if c.onField() {
		switch {
		case c.faceDown() && c.exh > 0:
			cv.Status = []string{"face-down", "exhausted"}
		case c.faceDown():
			cv.Status = []string{"face-down"}
		default:
			cv.Status = []string{"ready"}
		}
		cv.Counters = []engine.Stat{{Name: "damage", Value: int(c.dmg)}, {Name: "vp", Value: int(c.vp)}, {Name: "exhaustion", Value: int(c.exh)}}
		if !c.faceDown() && d.typ == tCharacter {
			cv.Stats = append(cv.Stats, engine.Stat{Name: "ofv", Value: s.ofv(id)}, engine.Stat{Name: "dfv", Value: s.dfv(id)}, engine.Stat{Name: "slots", Value: int(d.slots)})
		}
		if d.vp > 0 {
			cv.Stats = append(cv.Stats, engine.Stat{Name: "vp-field", Value: int(d.vp)})
		}
		if c.flags&fStaticOn != 0 {
			cv.Status = append(cv.Status, "static-on")
		}
		for _, it := range s.zs(s.pl[c.owner].items) {
			if s.cards[it].host == id {
				cv.Attached = append(cv.Attached, s.cardView(it, viewer))
			}
		}
	}
	return cv
}
