package microlife

import (
	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// The words of a game in progress (engine.StateSpeaker): actions as
// buttons and log lines, prompts, notes and the result, in the reader's
// language. They are computed only when asked for, never by the rules.

// seatName is seat p as w's reader calls it: its display name, or
// "Player 1" in the reader's language.
func seatName(w engine.Words, p engine.Seat) string { return w.SeatName(p) }

// Say puts action a into words for viewer: a first-person button or a
// log line naming the mover. Cards hidden from viewer stay unnamed, as
// in Describe.
func (s *state) Say(a engine.Action, viewer engine.Seat, form engine.Form, w engine.Words) string {
	key, args := s.phrase(a, viewer, w)
	if key == "" {
		return codec.Format(a)
	}
	if form == engine.Log {
		return words.T(w.Lang, "log."+key, append(args, "actor", seatName(w, s.ToMove()))...)
	}
	return words.T(w.Lang, "button."+key, args...)
}

// phrase picks the message of action a and its arguments, shared by the
// button and the log line.
func (s *state) phrase(a engine.Action, viewer engine.Seat, w engine.Words) (string, []any) {
	l := w.Lang
	c := a.Args[0]
	// Playing, discarding, attaching and disposing a card the seat to move
	// may see reveal it, so those actions name it to everyone.
	reveals := a.Verb == vPlay || a.Verb == vDiscard || a.Verb == vPick || a.Verb == vDispose
	name := func(c int16) string {
		if c > 0 && int(c) < len(s.cards) && (s.visible(c, viewer) || reveals && s.visible(c, s.ToMove())) {
			return s.def(c).name
		}
		return words.T(l, "word.hidden")
	}
	switch a.Verb {
	case vPlay, vBuy, vRevive, vTarget, vDispose:
		return verbKeys[a.Verb], []any{"card", name(c)}
	case vBuyBasic:
		basic := s.cat.haut
		if c == 1 {
			basic = s.cat.nahrung
		}
		return "buy", []any{"card", s.cat.defs[basic].name}
	case vDiscard:
		if s.dec.kind == dVector {
			return "discard_vector", []any{"card", name(c)}
		}
		return "discard", []any{"card", name(c)}
	case vUse, vResolve:
		return verbKeys[a.Verb], []any{"card", name(c), "ability", s.abilityWords(c, int(a.Args[1])-1, viewer, l)}
	case vAttack:
		return "attack", []any{"card", name(c), "target", name(a.Args[1])}
	case vAttackPlayer:
		return "attack_player", []any{"card", name(c), "player", seatName(w, engine.Seat(a.Args[1]))}
	case vNext:
		return nextKeys[s.phase], nil
	case vPick:
		return "attach", []any{"card", name(c), "host", name(s.dec.host)}
	case vYes, vNo:
		yes := a.Verb == vYes
		if s.dec.kind == dSpore {
			return map[bool]string{true: "spore", false: "no_spore"}[yes], []any{"card", name(s.dec.card)}
		}
		return map[bool]string{true: "use_optional", false: "skip_optional"}[yes], []any{"card", name(s.dec.t.src)}
	}
	return "", nil
}

// verbKeys are the messages of verbs that always read the same.
var verbKeys = map[engine.Verb]string{vPlay: "play", vBuy: "buy", vRevive: "revive", vTarget: "target",
	vDispose: "dispose", vUse: "use", vResolve: "resolve"}

// nextKeys say what ending each phase means for the mover.
var nextKeys = [...]string{pUpkeep: "continue", pMain1: "to_combat", pCombat: "end_combat", pMain2: "end_turn",
	pCleanup: "continue", pOver: "continue"}

// abilityWords is ability i of card c in language l, or "…" when viewer
// may not know the card.
func (s *state) abilityWords(c int16, i int, viewer engine.Seat, l i18n.Lang) string {
	if c <= 0 || int(c) >= len(s.cards) || !s.visible(c, viewer) || i < 0 || i >= len(s.def(c).abil) {
		return "…"
	}
	return s.cat.abilityText(s.def(c).abil[i], l)
}

// Localize puts the free text of v, a view of s, into w's words: the
// prompt (for the seat to move; the others read whom they wait for), the
// notes, the result and the cards' notes.
func (s *state) Localize(v *engine.View, w engine.Words) {
	l := w.Lang
	v.Prompt = s.promptIn(v.Viewer, w)
	v.Notes = v.Notes[:0]
	if s.bought {
		v.Notes = append(v.Notes, words.T(l, "note.bought"))
	}
	if v.Result != nil {
		v.Result.Reason = s.reasonIn(w)
	}
	var walk func(cs []engine.CardView)
	walk = func(cs []engine.CardView) {
		for i := range cs {
			if id := int16(cs[i].ID); cs[i].Note != "" && id > 0 && int(id) < len(s.cards) {
				cs[i].Note = s.cardNote(id, l)
			}
			walk(cs[i].Attached)
		}
	}
	for _, z := range v.Shared {
		walk(z.Cards)
	}
	for _, p := range v.Players {
		for _, z := range p.Zones {
			walk(z.Cards)
		}
	}
}

// promptIn says what the seat to move is asked and where the cards it
// asks for lie, to that seat; other viewers read whom they wait for.
func (s *state) promptIn(viewer engine.Seat, w engine.Words) string {
	l := w.Lang
	mover := s.ToMove()
	if s.over || mover < 0 {
		return ""
	}
	if viewer != mover {
		return words.T(l, "prompt.waiting", "name", seatName(w, mover))
	}
	d := &s.dec
	name := func(c int16) string { return s.def(c).name }
	switch d.kind {
	case dOrder:
		return words.T(l, "prompt.order")
	case dOptional:
		return words.T(l, "prompt.optional", "card", name(d.t.src), "ability", s.abilityWords(d.t.src, int(d.t.abil), viewer, l))
	case dTarget:
		return words.T(l, "prompt.target", "card", name(d.t.src), "ability", s.abilityWords(d.t.src, int(d.t.abil), viewer, l))
	case dPick:
		return words.T(l, "prompt.pick", "n", int(d.left), "host", name(d.host))
	case dGene:
		return words.T(l, "prompt.gene", "n", int(d.left), "host", name(d.host))
	case dVector:
		return words.T(l, "prompt.vector")
	case dSpore:
		return words.T(l, "prompt.spore", "card", name(d.card))
	}
	switch s.phase {
	case pMain1, pMain2:
		return words.T(l, "prompt.main")
	case pCombat:
		return words.T(l, "prompt.combat")
	}
	return ""
}

// loser is the seat that fell to 0 life, or NoSeat.
func (s *state) loser() engine.Seat {
	for p := range s.seats {
		if s.seats[p].life <= 0 && !s.winners.Has(engine.Seat(p)) {
			return engine.Seat(p)
		}
	}
	return engine.NoSeat
}

// reasonIn is why the game ended, in w's words.
func (s *state) reasonIn(w engine.Words) string {
	switch s.reason {
	case "life":
		return words.T(w.Lang, "result.life", "name", seatName(w, s.loser()))
	case "both-dead":
		return words.T(w.Lang, "result.both_dead")
	}
	return words.T(w.Lang, "result.ended")
}

// Explain says why the finished game ended so (ML-7): who fell to 0
// life, who wins, each player's life and the game's length.
func (s *state) Explain(w engine.Words) []string {
	l := w.Lang
	var lines []string
	switch s.reason {
	case "life":
		lines = append(lines, words.T(l, "explain.out", "name", seatName(w, s.loser())))
	case "both-dead":
		lines = append(lines, words.T(l, "explain.both_out"))
	}
	for _, p := range s.winners.Seats() {
		lines = append(lines, words.T(l, "result.wins", "name", seatName(w, p)))
	}
	for p := range s.seats {
		lines = append(lines, words.T(l, "explain.life", "name", seatName(w, engine.Seat(p)), "n", s.seats[p].life))
	}
	// The game's length is the table's to say, beside every game's result.
	return lines
}
