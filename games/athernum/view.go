package athernum

import (
	"fmt"

	"kartenwerk/engine"
)

// View is what viewer may see (AT-5.21: exhausted cards are public, other
// face-down cards only to their controller; hands and decks are counts).
func (s *State) View(viewer engine.Seat) *engine.View {
	v := &engine.View{
		Game: "athernum", Viewer: viewer, Turn: int(s.turn), Phase: phaseNames[s.phase],
		Active: engine.Seat(s.active), ToMove: s.ToMove(), Prompt: s.prompt(),
	}
	if s.phase == phOver {
		v.Result = engine.ResultOf(engine.Outcome{Winners: s.winners, Reason: s.reason})
	}
	all := viewer == engine.Omniscient
	for p := int8(0); p < s.n; p++ {
		pl := &s.pl[p]
		own := all || viewer == engine.Seat(p)
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
			s.pileView("hand", engine.Owner, pl.hand, own, false, viewer),
			s.pileView("deck", engine.Private, pl.deck, all, true, viewer),
			s.pileView("extra", engine.Owner, pl.extra, own, false, viewer),
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
