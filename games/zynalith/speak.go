package zynalith

import (
	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/games/internal/wording"
)

// Words for a state (engine.StateSpeaker): actions as buttons and log
// lines, the view's prompt and notes, and the explanation of a result.
// Cards are named exactly where Describe names them.

// seatName is seat p as w's reader calls it: its display name, or
// "Player 1" in the reader's language.
func seatName(w engine.Words, p engine.Seat) string { return w.SeatName(p) }

// Say puts a into words for viewer: a button for the mover in the first
// person, or a log line naming the mover (engine.StateSpeaker).
func (s *State) Say(a engine.Action, viewer engine.Seat, form engine.Form, w engine.Words) string {
	key, args := s.sayAction(a, viewer, w.Lang)
	if form == engine.Button {
		return words.T(w.Lang, "btn."+key, args...)
	}
	args = append(args, "actor", seatName(w, s.ToMove()))
	return words.T(w.Lang, "log."+key, args...)
}

// sayAction picks the message of a and its arguments. A card is named
// when viewer may see it or the action shows it to all (Describe).
func (s *State) sayAction(a engine.Action, viewer engine.Seat, l i18n.Lang) (string, []any) {
	shows := a.Verb == vPlay || a.Verb == vAttach || a.Verb == vCounter || a.Verb == vRedraw
	name := func(i int, c string) string {
		id := a.Args[i]
		if id >= 0 && id < s.n && (s.seenBy(id, viewer) || shows && s.seenBy(id, s.ToMove())) {
			return words.T(l, "ref."+c, "name", s.d(id).Name)
		}
		return words.T(l, "hidden."+c)
	}
	x := a.Args[0]
	switch a.Verb {
	case vPick, vPlay, vBanish, vDefend, vAttack, vCounter:
		spec, _ := codec.Spec(a.Verb)
		return spec.Name, []any{"card", name(0, "acc")}
	case vBlind:
		if x >= 0 && int(x) < len(stackNames) {
			return "blind_" + stackNames[x], nil
		}
	case vAttach:
		return "attach", []any{"card", name(0, "acc"), "host", name(1, "dat")}
	case vRedraw:
		if x >= 0 && int(x) < len(stackNames) {
			return "redraw_" + stackNames[x], []any{"card", name(1, "acc")}
		}
	case vSwap:
		return "swap", []any{"card", name(0, "acc"), "other", name(1, "acc")}
	case vMain:
		if x >= 0 && int(x) < len(mainNames) {
			return "main_" + mainNames[x], nil
		}
	case vPass, vSell, vDecline, vEnd:
		spec, _ := codec.Spec(a.Verb)
		return spec.Name, nil
	}
	return "pass", nil
}

// Localize puts v's prompt, notes and result into w's words
// (engine.StateSpeaker).
func (s *State) Localize(v *engine.View, w engine.Words) {
	l := w.Lang
	if v.Prompt != "" {
		v.Prompt = s.promptIn(v.Viewer, w)
	}
	v.Notes = v.Notes[:0]
	for i := range v.Players {
		p := v.Players[i].Seat
		v.Players[i].Name = seatName(w, p)
		if s.passed[p] && s.alive[p] {
			v.Notes = append(v.Notes, words.T(l, "note.passed", "name", seatName(w, p)))
		}
	}
	if s.phase == phDraft {
		v.Notes = append(v.Notes, words.T(l, "note.draft"))
	} else {
		v.Notes = append(v.Notes, words.T(l, "note.round", "round", int(s.round), "last", lastRound, "n", int(s.slots())))
	}
	if v.Result != nil {
		v.Result.Reason = words.T(l, "reason."+s.reason)
	}
}

// promptIn says what the mover is asked and where the cards are; every
// other viewer reads whom the table waits for.
func (s *State) promptIn(viewer engine.Seat, w engine.Words) string {
	l := w.Lang
	mover := s.ToMove()
	switch {
	case s.phase == phOver:
		return ""
	case mover >= 0 && viewer != mover && viewer != engine.Omniscient:
		return words.T(l, "prompt.waiting", "name", seatName(w, mover))
	case s.win.open:
		return words.T(l, "prompt.counter", "name", seatName(w, seat(s.win.by)), "card", s.d(s.win.played).Name)
	case s.phase == phDraft:
		return words.T(l, "prompt.draft")
	case s.step == stChoose:
		return words.T(l, "prompt.choose_"+mainNames[s.choice])
	case s.step == stAfter:
		return words.T(l, "prompt.after")
	}
	return words.T(l, "prompt.main")
}

// Explain says how a finished game ended: the result, why, and each
// player's score by the formula of ZY-7.3 with HP, or their elimination
// (engine.StateSpeaker).
func (s *State) Explain(w engine.Words) []string {
	if s.phase != phOver {
		return nil
	}
	l := w.Lang
	lines := []string{wording.Result(words, w, s.winners.Seats()), words.T(l, "reason."+s.reason)}
	for p := int8(0); p < s.seats; p++ {
		if !s.alive[p] {
			lines = append(lines, words.T(l, "explain.dead", "name", seatName(w, seat(p))))
			continue
		}
		lines = append(lines, words.T(l, "explain.score", "name", seatName(w, seat(p)), "score", s.score(p),
			"printed", s.printedVP(p), "gained", int(s.vp[p]), "zyn", int(s.zyn[p]),
			"tenth", int(s.silver[p])/10, "silver", int(s.silver[p]), "hp", int(s.hp[p])))
	}
	return append(lines, words.T(l, "explain.rounds", "round", int(s.round), "last", lastRound))
}
