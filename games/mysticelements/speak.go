package mysticelements

import (
	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"sync"
)

// What a player reads of a game in progress, in the reader's language:
// actions as buttons and log lines, prompts, notes and the explanation of
// the result. Nothing here is computed unless asked for.

// sayKeys names the message of each verb that needs no choice of key.
var sayKeys = map[string]string{
	"play": "play", "use": "use", "activate": "activate", "end": "end", "target": "target",
	"discard": "discard", "strike": "strike", "hold": "hold", "trigger": "trigger",
	"redraw": "redraw", "done": "done",
}

// Say puts action a into words for viewer (engine.StateSpeaker): a Button
// in the mover's first person, or a Log line naming the actor. A card the
// viewer cannot see stays unnamed, as in Describe.
func (s *state) Say(a engine.Action, viewer engine.Seat, form engine.Form, w engine.Words) string {
	sp := speech{s: s, viewer: viewer, w: w, form: form, a: a}
	switch a.Verb {
	case vPick, vGain, vPay, vConvert, vKeep:
		return sp.say(verbName(a.Verb), "colour", colourWord(w.Lang, int8(a.Args[0])))
	case vAttack:
		return sp.say("attack", "card", sp.name(a.Args[0]), "target", sp.name(a.Args[1]))
	case vPlunder:
		return sp.say("plunder", "card", sp.name(a.Args[0]), "player", seatName(w, engine.Seat(a.Args[1])))
	case vReverse:
		if a.Args[0] == 1 {
			return sp.say("reverse")
		}
		return sp.say("as_printed")
	case vTargetPlayer:
		return sp.say("target_player", "player", seatName(w, engine.Seat(a.Args[0])))
	}
	if key, ok := sayKeys[verbName(a.Verb)]; ok {
		return sp.say(key, "card", sp.name(a.Args[0]))
	}
	return codec.Format(a)
}

// verbName is verb v's name in the action language.
func verbName(v engine.Verb) string {
	spec, _ := codec.Spec(v)
	return spec.Name
}

// speech is one action being put into words.
type speech struct {
	s      *state
	viewer engine.Seat
	w      engine.Words
	form   engine.Form
	a      engine.Action
}

// say is the message verb in the speech's form: button.<verb> or
// log.<verb>, which also names the actor.
func (sp speech) say(verb string, kv ...any) string {
	if sp.form == engine.Button {
		return words.T(sp.w.Lang, "button."+verb, kv...)
	}
	return words.T(sp.w.Lang, "log."+verb, append(kv, "actor", seatName(sp.w, sp.s.ToMove()))...)
}

// name is card id as the viewer may know it: its printed name, or a
// hidden card. A log line is read once its action is played, so it names
// a card the action shows the viewer (a card played from a hand).
func (sp speech) name(id int16) string {
	if id <= 0 || id >= sp.s.ncards || !(sp.s.sees(sp.viewer, id) || sp.form == engine.Log && sp.shows(id)) {
		return words.T(sp.w.Lang, "hidden_card")
	}
	return sp.s.def(id).Name
}

// shows reports whether the viewer sees card id once the action is
// played: asked only of a card hidden from it before.
func (sp speech) shows(id int16) bool {
	after := scratch.Get().(*state)
	defer scratch.Put(after)
	sp.s.copyOver(after)
	return after.Apply(sp.a) == nil && after.sees(sp.viewer, id)
}

// scratch holds states to play an action on while it is put into words:
// a server words every move's log line for each seat, and a state apiece
// would be garbage at once.
var scratch = sync.Pool{New: func() any { return new(state) }}

// Localize puts v's prompt, notes, result, seat names and card notes into
// w's words (engine.StateSpeaker).
func (s *state) Localize(v *engine.View, w engine.Words) {
	l := w.Lang
	v.Prompt = s.promptIn(l)
	v.Notes = s.notesIn(l)
	if v.Result != nil && v.Result.Reason != "" {
		v.Result.Reason = word(l, "reason."+v.Result.Reason, v.Result.Reason)
	}
	for i := range v.Players {
		pv := &v.Players[i]
		pv.Name = s.seatTitle(w, int8(pv.Seat))
		for j := range pv.Zones {
			s.localizeCards(pv.Zones[j].Cards, l)
		}
	}
	for i := range v.Shared {
		s.localizeCards(v.Shared[i].Cards, l)
	}
}

// seatTitle is a seat's name with its deck's colours: "Anna (Rot, Blau, Grün)".
func (s *state) seatTitle(w engine.Words, seat int8) string {
	return titles.title(w, seat, s.p[seat].colourMask())
}

// localizeCards rewrites the notes of stolen cards counting as another
// colour (ME-10.13).
func (s *state) localizeCards(cs []engine.CardView, l i18n.Lang) {
	for i := range cs {
		c := &cs[i]
		if c.Note != "" && c.ID > 0 && c.ID < int(s.ncards) {
			c.Note = words.T(l, "note.converted", "colour", colourWord(l, s.cards[c.ID].colour))
		}
		s.localizeCards(c.Attached, l)
	}
}

// notesIn lists the table's notes in language l.
func (s *state) notesIn(l i18n.Lang) []string {
	if s.v.antiracist {
		return []string{words.T(l, "note.antiracist")}
	}
	return nil
}

// promptIn says what the seat to move is asked, and where the cards for it
// are, in language l.
func (s *state) promptIn(l i18n.Lang) string {
	if s.phase != phOver && s.phase != phPick && s.st == sTarget {
		f, _ := s.chosenFilter()
		key := "prompt.target_battle" // units and relics are in the battle
		if f.What&onPlayer != 0 {
			key = "prompt.target"
		}
		return words.T(l, key, "card", s.def(s.res.src).Name, "what", describeFilter(l, f, true))
	}
	key, kv := s.promptMsg()
	if key == "" {
		return ""
	}
	return words.T(l, key, kv...)
}

// promptMsg is the prompt's catalogue key and arguments, none of which
// needs translating, or "" when nothing is asked; a target's prompt is
// promptIn's own.
func (s *state) promptMsg() (string, []any) {
	switch s.phase {
	case phOver:
		return "", nil
	case phPick:
		return "prompt.pick", []any{"x", int(s.p[s.ToMove()].ncol) + 1}
	}
	switch s.st {
	case sPay:
		return "prompt.pay", []any{"n", int(s.res.payLeft), "card", s.def(s.res.src).Name}
	case sReverse:
		return "prompt.reverse", []any{"card", s.def(s.res.src).Name}
	case sDiscard:
		return "prompt.discard", []any{"n", int(s.res.discLeft)}
	case sConvert:
		return "prompt.convert", []any{"card", s.def(s.res.convCard).Name}
	case sStrike:
		return "prompt.strike", []any{"attacker", s.def(s.fight.att).Name, "card", s.def(s.fight.def).Name}
	case sTrigger:
		return "prompt.trigger", nil
	}
	switch s.phase {
	case phGain:
		return "prompt.gain", []any{"x", min(s.roundNumber(s.active), 5)}
	case phMain:
		return "prompt.main", nil
	case phKeep:
		return "prompt.keep", []any{"x", sum8(s.p[s.active].kept[:])}
	case phRedraw:
		return "prompt.redraw", nil
	}
	return "", nil
}

// Explain says why the finished game ended so (engine.StateSpeaker): who
// won, who lost by plunder or an empty deck (ME-7), and each player's
// cards left in the deck and the deep grave and units in the battle.
func (s *state) Explain(w engine.Words) []string {
	if s.phase != phOver {
		return nil
	}
	l := w.Lang
	var out []string
	if s.winner >= 0 {
		out = append(out, words.T(l, "result.wins", "name", seatName(w, engine.Seat(s.winner))))
	} else {
		out = append(out, words.T(l, "result.draw"))
	}
	switch {
	case s.why == whyBoth:
		out = append(out, words.T(l, "explain.both-lost"))
	case s.why != whyNone && s.winner >= 0:
		out = append(out, words.T(l, "explain."+lossReasons[s.why], "loser", seatName(w, engine.Seat(1-s.winner))))
	}
	for seat := int8(0); seat < 2; seat++ {
		p := &s.p[seat]
		units := 0
		for _, id := range p.battle.slice() {
			if s.def(id).Kind == kUnit {
				units++
			}
		}
		out = append(out, words.T(l, "explain.player", "n", int(p.deck.n), "player", seatName(w, engine.Seat(seat)),
			"deep", int(p.deep.n), "units", units))
	}
	return out
}
