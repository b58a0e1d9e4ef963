package mystimons

import (
	"strings"
	"sync"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// What a player reads of a game in progress, in the reader's language:
// actions as buttons and log lines, prompts, notes and the explanation of
// the result. Nothing here is computed unless asked for.

// Say puts action a into words for viewer (engine.StateSpeaker): a Button
// in the mover's first person, or a Log line naming the actor. A card the
// viewer cannot see stays unnamed, as in Describe.
func (s *state) Say(a engine.Action, viewer engine.Seat, form engine.Form, w engine.Words) string {
	sp := speech{s: s, viewer: viewer, l: w.Lang, form: form, actor: seatName(w, s.ToMove()), a: a}
	line := sp.action(a)
	if form == engine.Log && s.firstAction() {
		line = s.firstLogLine(line, w)
	}
	return line
}

// firstAction tells whether nothing has been played yet: the first
// player's first placement is about to be made (MM-3.5).
func (s *state) firstAction() bool {
	return s.phase == phSetup && s.setupAt == 0 && s.p[0].field[0] == 0
}

// firstLogLine adds the mulligans of the deal (MM-3.4) to the game's
// first log line, so that the log keeps them once the table stops
// showing them.
func (s *state) firstLogLine(line string, w engine.Words) string {
	for _, n := range s.mulliganNotes(nil, w) {
		line += " · " + n
	}
	return line
}

// action puts a into the speech's words.
func (sp speech) action(a engine.Action) string {
	s := sp.s
	x, y := a.Args[0], a.Args[1]
	switch a.Verb {
	case vPlace:
		return sp.place(x)
	case vDone:
		return sp.say(pick(s.phase == phSetup, "done_placing", "done_attaching"))
	case vAttach:
		return sp.say("attach", "card", sp.name(x), "target", sp.name(y))
	case vPool:
		return sp.say("pool", "card", sp.name(x))
	case vSkip:
		return sp.say("skip")
	case vSummon:
		return sp.say("summon", "card", sp.name(x))
	case vEvolve:
		return sp.evolve(x, y)
	case vConfirm:
		if s.pending[0] < 0 {
			return sp.say("confirm_surrender")
		}
		return sp.say("confirm_champion", "warning", words.T(sp.l, "warning.short5"))
	case vCancel:
		return sp.say(pick(s.pending[0] < 0, "cancel_surrender", "cancel_champion"))
	case vRitual:
		return sp.say("ritual", "card", sp.name(x), "warning", words.T(sp.l, "warning.short5"))
	case vPlay:
		return sp.say("play", "card", sp.name(x))
	case vPlayOn:
		return sp.say("play_on", "card", sp.name(x), "target", sp.name(y))
	case vSwitch:
		return sp.say("switch", "card", sp.name(x))
	case vAttack:
		return sp.attack(int(x), y)
	case vEnd:
		return sp.say("end")
	case vPromote:
		return sp.say("promote", "card", sp.name(x))
	case vDiscard:
		return sp.say("discard", "card", sp.name(x))
	case vSurrender:
		return sp.say("surrender")
	}
	return strings.TrimSpace(codec.Format(a))
}

// speech is one action being put into words.
type speech struct {
	s      *state
	viewer engine.Seat
	l      i18n.Lang
	form   engine.Form
	actor  string
	a      engine.Action
}

func pick(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

// say is the message verb in the speech's form: button.<verb> or
// log.<verb>, which also names the actor.
func (sp speech) say(verb string, kv ...any) string {
	if sp.form == engine.Button {
		return words.T(sp.l, "button."+verb, kv...)
	}
	return words.T(sp.l, "log."+verb, append(kv, "actor", sp.actor)...)
}

func (sp speech) valid(c int16) bool { return c > 0 && c <= sp.s.nCards }

// name is card c as the viewer may know it: its printed name, or a hidden
// card. A log line is read once its action is played, so it names a card
// the action shows the viewer (energy attached or put into the pool, an
// evolution, a card played from a hand).
func (sp speech) name(c int16) string {
	if !sp.valid(c) || !(sp.s.sees(sp.viewer, c) || sp.form == engine.Log && sp.shows(c)) {
		return words.T(sp.l, "hidden_card")
	}
	return sp.s.def(c).name
}

// shows reports whether the viewer sees card c once the action is played:
// asked only of a card hidden from it before.
func (sp speech) shows(c int16) bool {
	after := scratch.Get().(*state)
	defer scratch.Put(after)
	sp.s.copyOver(after)
	return after.Apply(sp.a) == nil && after.sees(sp.viewer, c)
}

// scratch holds states to play an action on while it is put into words:
// a server words every move's log line for each seat, and a state apiece
// would be garbage at once.
var scratch = sync.Pool{New: func() any { return new(state) }}

// place says a setup placement; other seats learn only that a MystiMon
// went down face down (MM-3.5).
func (sp speech) place(x int16) string {
	s := sp.s
	if sp.form == engine.Log && (!sp.valid(x) || !s.sees(sp.viewer, x)) {
		return words.T(sp.l, "log.place", "actor", sp.actor)
	}
	return sp.say(pick(s.p[s.setupAt].field[0] == 0, "place_active", "place_bench"), "card", sp.name(x))
}

// evolve says an evolution with the warning of a draining stage (MM-5.2).
func (sp speech) evolve(x, y int16) string {
	label := sp.say("evolve", "card", sp.name(x), "target", sp.name(y))
	if sp.valid(x) && sp.s.sees(sp.viewer, x) {
		if w := sp.s.def(x).warningKey(); w != "" {
			label = words.T(sp.l, "move.warned", "label", label, "warning", words.T(sp.l, w))
		}
	}
	return label
}

// attack says an attack with its move, the damage it would do and the
// Paralyze roll it must pass (MM-5.8).
func (sp speech) attack(move int, y int16) string {
	s := sp.s
	att := s.p[s.active].field[0]
	if !sp.valid(att) {
		return sp.say("attack_plain")
	}
	d := s.def(att)
	moveText := words.T(sp.l, "move.basic", "move", d.basic)
	var power int16
	pierce := false
	if move > 0 && move <= len(d.abils) {
		ab := &d.abils[move-1]
		moveText = words.T(sp.l, "move.ability", "move", ab.name, "cost", s.pool.costText(sp.l, ab))
		power, pierce = ab.power, ab.pierce
	}
	label := sp.say("attack", "target", sp.name(y), "attacker", sp.name(att), "move", moveText)
	if sp.valid(y) && s.cards[y].zone == zField {
		label = words.T(sp.l, "move.damage", "label", label, "x", int(s.damage(att, y, power, pierce)))
		if s.cards[att].flags&fParalyzed != 0 {
			label = words.T(sp.l, "move.paralyzed", "label", label)
		}
	}
	return label
}

// Localize puts v's prompt, notes, result and card notes into w's words
// (engine.StateSpeaker).
func (s *state) Localize(v *engine.View, w engine.Words) {
	v.Prompt = s.promptIn(w.Lang)
	v.Notes = s.notesIn(w)
	if v.Result != nil && v.Result.Reason != "" {
		v.Result.Reason = nameOr(w.Lang, "reason."+v.Result.Reason, v.Result.Reason)
	}
	for i := range v.Shared {
		s.localizeCards(v.Shared[i].Cards, w.Lang)
	}
	for i := range v.Players {
		for j := range v.Players[i].Zones {
			s.localizeCards(v.Players[i].Zones[j].Cards, w.Lang)
		}
	}
}

// localizeCards rewrites the warnings that MystiMon cards carry as notes.
func (s *state) localizeCards(cs []engine.CardView, l i18n.Lang) {
	for i := range cs {
		c := &cs[i]
		if c.Note != "" && c.ID > 0 && c.ID <= int(s.nCards) {
			if k := s.def(int16(c.ID)).warningKey(); k != "" {
				c.Note = words.T(l, k)
			}
		}
		s.localizeCards(c.Attached, l)
	}
}

// promptIn says what the seat to move is asked, and where the cards for it
// are, in language l.
func (s *state) promptIn(l i18n.Lang) string {
	switch {
	case s.over:
		return ""
	case s.promote >= 0:
		return words.T(l, "prompt.promote")
	}
	switch s.phase {
	case phSetup:
		return words.T(l, pick(s.p[s.setupAt].field[0] == 0, "prompt.setup_active", "prompt.setup_bench"))
	case phEnergy:
		return words.T(l, "prompt.energy")
	case phMain:
		return words.T(l, "prompt.main")
	case phSurge:
		return words.T(l, "prompt.surge", "n", int(s.surge))
	case phConfirm:
		return words.T(l, pick(s.pending[0] < 0, "prompt.confirm_surrender", "prompt.confirm_champion"))
	case phDiscard:
		return words.T(l, "prompt.discard", "n", int(s.p[s.active].hand.n))
	}
	return ""
}

// notesIn lists the table's notes in w's words: the last Paralyze roll
// (MM-5.8) and, until the first player's first turn is over, the
// mulligans taken (MM-3.4). The mulligans belong to the start of the
// game; the log keeps them after that (see firstLogLine).
func (s *state) notesIn(w engine.Words) []string {
	var out []string
	switch s.roll {
	case 1:
		out = append(out, words.T(w.Lang, "note.roll_failed"))
	case 2:
		out = append(out, words.T(w.Lang, "note.roll_passed"))
	}
	if s.phase == phSetup || s.turn <= 1 {
		out = s.mulliganNotes(out, w)
	}
	return out
}

// mulliganNotes appends to out each seat's mulligans (MM-3.4) in w's words.
func (s *state) mulliganNotes(out []string, w engine.Words) []string {
	for seat := range s.p {
		if n := s.p[seat].mulligans; n > 0 {
			out = append(out, words.T(w.Lang, "note.mulligan", "n", int(n),
				"player", seatName(w, engine.Seat(seat)), "other", seatName(w, engine.Seat(1-seat))))
		}
	}
	return out
}

// Explain says why the finished game ended so (engine.StateSpeaker): who
// won and why, each player's MystiMons in play, in the discard pile and
// cards left in the deck, and the knockouts of the game.
func (s *state) Explain(w engine.Words) []string {
	if !s.over {
		return nil
	}
	l := w.Lang
	var out []string
	loser := engine.NoSeat
	if s.winner >= 0 {
		loser = engine.Seat(1 - s.winner)
		out = append(out, words.T(l, "result.wins", "name", seatName(w, engine.Seat(s.winner))))
	} else {
		out = append(out, words.T(l, "result.draw"))
	}
	switch {
	case loser == engine.NoSeat:
		out = append(out, words.T(l, "explain.both_out"))
	case s.reason != rNone:
		out = append(out, words.T(l, "explain."+reasonNames[s.reason], "loser", seatName(w, loser)))
	}
	for seat := range s.p {
		p := &s.p[seat]
		lost := 0
		for _, c := range p.discard.s() {
			if s.def(c).kind == kMon {
				lost++
			}
		}
		out = append(out, words.T(l, "explain.player", "n", p.fieldCount(), "player", seatName(w, engine.Seat(seat)),
			"lost", lost, "deck", int(p.deck.n)))
	}
	return append(out, words.T(l, "explain.knockouts", "n", int(s.fig.knockouts)))
}

// seatName is seat s as w's reader calls it: its display name, or
// "Player 1" in the reader's language.
func seatName(w engine.Words, s engine.Seat) string { return w.SeatName(s) }
