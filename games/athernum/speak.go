package athernum

import (
	"fmt"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/games/internal/wording"
)

// Words for a state (engine.StateSpeaker): actions as buttons and log
// lines, the view's prompt and notes, and the explanation of a result.
// They name cards exactly where Describe does, so the same cards stay
// hidden.

// speech puts one state's cards into words for one reader.
type speech struct {
	s      *State
	w      engine.Words
	viewer engine.Seat
}

// ref names card id in grammatical case c ("nom", "acc", "dat", "ins",
// "gen"), or calls it hidden or face down when the viewer may not know it
// (see name).
func (sp speech) ref(id int16, c string) string {
	l := sp.w.Lang
	if id <= 0 || int(id) >= len(sp.s.cards) {
		return fmt.Sprintf("c%d", id)
	}
	if !sp.s.visibleTo(id, sp.viewer) {
		if sp.s.cards[id].onField() {
			return words.T(l, "facedown."+c)
		}
		return words.T(l, "hidden."+c)
	}
	return words.T(l, "ref."+c, "name", sp.s.def(id).name)
}

// shown names a card that action a reveals, as State.shown does.
func (sp speech) shown(id int16, a engine.Action, c string) string {
	if id > 0 && int(id) < len(sp.s.cards) && engine.Contains(sp.s.legalList(), a) {
		all := sp
		all.viewer = engine.Omniscient
		return all.ref(id, c)
	}
	return sp.ref(id, c)
}

// ability names ability y of card x ("triggered ability").
func (sp speech) ability(x, y int16) string {
	s := sp.s
	if x <= 0 || int(x) >= len(s.cards) || y < 0 || int(y) >= len(s.def(x).abil) {
		return words.T(sp.w.Lang, "ability.numbered", "v", int(y)+1)
	}
	return words.T(sp.w.Lang, "ability."+kindNames[s.def(x).abil[y].kind])
}

// suffix is the optional target or discarded card of an ability.
func (sp speech) suffix(key string, id int16, a engine.Action, reveals bool) string {
	if id == 0 {
		return ""
	}
	name := sp.ref(id, "nom")
	if reveals {
		name = sp.shown(id, a, "nom")
	}
	return words.T(sp.w.Lang, "sfx."+key, "card", name)
}

// seatName is seat p as w's reader calls it: its display name, or
// "Player 1" in the reader's language.
func seatName(w engine.Words, p engine.Seat) string { return w.SeatName(p) }

// Say puts a into words for viewer: a button for the mover in the first
// person, or a log line naming the mover (engine.StateSpeaker).
func (s *State) Say(a engine.Action, viewer engine.Seat, form engine.Form, w engine.Words) string {
	sp := speech{s: s, w: w, viewer: viewer}
	key, args := sp.action(a)
	if form == engine.Button {
		return i18n.Capital(words.T(w.Lang, "btn."+key, args...))
	}
	args = append(args, "actor", seatName(w, s.ToMove()))
	return words.T(w.Lang, "log."+key, args...)
}

// action picks the message of a and its arguments.
func (sp speech) action(a engine.Action) (string, []any) {
	s := sp.s
	x, y, z, d := a.Args[0], a.Args[1], a.Args[2], a.Args[3]
	switch a.Verb {
	case vStart:
		if engine.Seat(s.toMove) != sp.viewer && sp.viewer != engine.Omniscient {
			return "start_hidden", nil
		}
		return "start", []any{"card", sp.ref(x, "acc")}
	case vTrigger:
		if y < 0 {
			return "trigger_static", []any{"card", sp.ref(x, "gen")}
		}
		return "trigger", []any{"ability", sp.ability(x, y), "card", sp.ref(x, "gen"), "target", sp.suffix("target", z, a, false)}
	case vResource:
		return "resource", []any{"faction", words.T(sp.w.Lang, "group."+factionGroup(int8(x)))}
	case vPlay:
		return "play", []any{"card", sp.shown(x, a, "acc")}
	case vAttach:
		if z == 1 { // it stays hidden (AT-5.5)
			return "attach_down", []any{"card", sp.ref(x, "acc"), "host", sp.ref(y, "dat")}
		}
		return "attach", []any{"card", sp.shown(x, a, "acc"), "host", sp.ref(y, "dat")}
	case vActivate:
		return "activate", []any{"ability", sp.ability(x, y), "card", sp.ref(x, "gen"),
			"target", sp.suffix("target", z, a, false), "discard", sp.suffix("discard", d, a, true)}
	case vSupport:
		return "support", []any{"card", sp.shown(x, a, "acc"),
			"target", sp.suffix("target", z, a, false), "discard", sp.suffix("discard", d, a, true)}
	case vReveal:
		return "reveal", []any{"card", sp.shown(x, a, "acc")}
	case vAttack:
		return "attack", []any{"card", sp.ref(x, "ins"), "target", sp.ref(y, "acc")}
	case vDefend:
		return "defend", []any{"card", sp.ref(x, "ins")}
	case vItem:
		if y == 1 {
			return "item_discard", []any{"card", sp.ref(x, "acc")}
		}
		return "item_keep", []any{"card", sp.ref(x, "acc")}
	}
	if spec, ok := codec.Spec(a.Verb); ok && words.Has("btn."+spec.Name) {
		return spec.Name, nil // pass, draw, claim, combat, endcombat, nodefend, endday
	}
	return "pass", nil
}

// Localize puts v's prompt, notes, stack notes and result into w's words
// (engine.StateSpeaker).
func (s *State) Localize(v *engine.View, w engine.Words) {
	sp := speech{s: s, w: w, viewer: v.Viewer}
	l := w.Lang
	if v.Prompt != "" {
		v.Prompt = sp.prompt()
	}
	for i := range v.Players {
		v.Players[i].Name = seatName(w, v.Players[i].Seat)
	}
	v.Notes = append(v.Notes[:0], words.T(l, "note.pool", "n", s.vpPool()))
	if s.phase != phSetup {
		names := make([]string, s.n)
		for i := range names {
			names[i] = seatName(w, engine.Seat(s.order[i]))
		}
		v.Notes = append(v.Notes, words.T(l, "note.order", "names", wording.Series(l, names)))
	}
	sp.stackNotes(v)
	if v.Result != nil {
		v.Result.Reason = words.T(l, "reason."+s.reason)
	}
}

// prompt says what the mover is asked and where the cards are; every
// other viewer reads whom the table waits for.
func (sp speech) prompt() string {
	s, l := sp.s, sp.w.Lang
	if mover := s.ToMove(); mover >= 0 && sp.viewer != mover && sp.viewer != engine.Omniscient {
		return words.T(l, "prompt.waiting", "name", seatName(sp.w, mover))
	}
	switch s.dec {
	case decStart:
		return words.T(l, "prompt.start")
	case decTrigger:
		return words.T(l, "prompt.trigger")
	case decPriority:
		return words.T(l, "prompt.priority")
	case decItem:
		return words.T(l, "prompt.item", "card", sp.ref(s.offer[0], "gen"))
	case decDefend:
		return words.T(l, "prompt.defend", "target", sp.ref(s.atkT, "nom"), "attacker", sp.ref(s.atk, "nom"))
	case decMain:
		if s.phase == phCombat {
			return words.T(l, "prompt.combat")
		}
		return words.T(l, "prompt.main")
	}
	return ""
}

// stackNotes says what each stack entry is, top first as View lists
// them, naming a target only as the viewer may know it.
func (sp speech) stackNotes(v *engine.View) {
	s, l := sp.s, sp.w.Lang
	for zi := range v.Shared {
		z := &v.Shared[zi]
		if z.Name != "stack" {
			continue
		}
		for k := range z.Cards {
			i := int(s.sn) - 1 - k
			if i < 0 {
				break
			}
			it := s.stack[i]
			what := words.T(l, "note.stack_card")
			switch {
			case it.kind == itStatic:
				what = words.T(l, "note.stack_static")
			case it.kind != itCard && int(it.abil) < len(s.def(it.src).abil):
				what = words.T(l, "note.stack_ability", "kind", words.T(l, "abkind."+kindNames[s.def(it.src).abil[it.abil].kind]))
			}
			if it.tgt != 0 {
				what = words.T(l, "note.stack_target", "what", what, "card", sp.ref(it.tgt, "nom"))
			}
			z.Cards[k].Note = what
		}
	}
}

// Explain says how a finished game ended: the result, why, each player's
// VP and what is left in the pool (engine.StateSpeaker).
func (s *State) Explain(w engine.Words) []string {
	if s.phase != phOver {
		return nil
	}
	l := w.Lang
	lines := []string{wording.Result(words, w, s.winners.Seats()), words.T(l, "reason."+s.reason)}
	var vp [4]int
	pool := s.vpTally(&vp)
	if s.reason == "objective" {
		lines = append(lines, s.objectiveLines(w)...)
	}
	if s.reason == "superiority" {
		for _, p := range s.winners.Seats() {
			lines = append(lines, words.T(l, "explain.superiority", "name", seatName(w, p), "vp", vp[p], "pool", pool))
		}
	}
	for p := int8(0); p < s.n; p++ {
		if s.pl[p].out {
			lines = append(lines, words.T(l, "explain.out", "name", seatName(w, engine.Seat(p))))
			continue
		}
		lines = append(lines, words.T(l, "explain.player", "name", seatName(w, engine.Seat(p)), "n", vp[p]))
	}
	// The game's length is the table's to say, beside every game's result.
	return append(lines, words.T(l, "explain.pool", "n", pool))
}

// objectiveLines names the winners' characters whose Objective was met
// (AT-7.3).
func (s *State) objectiveLines(w engine.Words) []string {
	var lines []string
	for _, p := range s.winners.Seats() {
		pl := &s.pl[p]
		for _, id := range append([]int16{pl.main}, s.zs(pl.chars)...) {
			if id != 0 && s.objectiveCardMet(id) {
				d := s.def(id)
				lines = append(lines, words.T(w.Lang, "explain.objective", "name", seatName(w, p), "card", d.name, "vp", int(s.cards[id].vp), "field", int(d.vp)))
			}
		}
	}
	return lines
}
