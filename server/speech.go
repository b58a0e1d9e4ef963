package server

import (
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// The table's words in each reader's language: action buttons, log
// lines, prompts, results and refusals come from the game in the
// language of the client that reads them (langOf), with the seats'
// display names.

// nameMark starts a seat's placeholder in a stored log line: the line is
// put into words when the action is played, but names the seat by the
// display name it has when the line is read, so that a name set later
// (or after a restart) shows in every line.
const nameMark = '\x01'

// namePlaceholders stand for seats p1..p8 in stored log lines.
var namePlaceholders = func() []string {
	out := make([]string, engine.MaxSeats)
	for i := range out {
		out[i] = string([]rune{nameMark, rune('1' + i)})
	}
	return out
}()

// langSet is a set of languages, one bit each.
type langSet uint8

func (ls langSet) has(l i18n.Lang) bool { return ls&(1<<l) != 0 }

// describeIn puts a, about to be played on st, into words for every
// viewer: in the languages of langs for a game that speaks them (the
// others' labels stay nil), in English (Describe) for one that does not.
// A viewer who reads what the spectators read shares their string.
func describeIn(st engine.State, a engine.Action, langs langSet) logEntry {
	n := st.Seats()
	e := logEntry{seat: st.ToMove()}
	sp, ok := st.(engine.StateSpeaker)
	if !ok {
		e.labels = [][]string{labelsOf(n, func(v engine.Seat) string { return st.Describe(a, v) })}
		return e
	}
	e.labels = make([][]string, len(i18n.Langs))
	for _, l := range i18n.Langs {
		if langs.has(l) {
			e.labels[l] = labelsIn(sp, n, a, l)
		}
	}
	return e
}

// labelsIn is a's log line in language l for each of n seats and the
// spectators.
func labelsIn(sp engine.StateSpeaker, n int, a engine.Action, l i18n.Lang) []string {
	w := engine.Words{Lang: l, Names: namePlaceholders[:n]}
	return labelsOf(n, func(v engine.Seat) string { return sp.Say(a, v, engine.Log, w) })
}

// speakLocked makes the log keep its words in language l too, from the
// first reader of l on: until then no move pays for words nobody reads.
// The lines so far are put into l's words by replaying the game from its
// setup, as each line is worded from the table before its action.
func (s *session) speakLocked(l i18n.Lang) {
	if s.langs.has(l) {
		return
	}
	s.langs |= 1 << l
	if _, speaks := s.state.(engine.StateSpeaker); !speaks || s.log.len() == 0 {
		return
	}
	st, err := engine.NewAt(s.game, s.setup)
	for i := 0; err == nil && i < len(s.actions); i++ {
		s.log.speak(l, i, labelsIn(st.(engine.StateSpeaker), st.Seats(), s.actions[i], l))
		err = st.Apply(s.actions[i])
	}
	if err != nil { // the game was replayed before, so this cannot happen
		s.srv.log.Error("putting a game's log into another language failed", "game", s.id, "lang", l, "err", err)
	}
}

// labelsOf lists say(v) for seats 0..n-1 and, last, the spectators.
func labelsOf(n int, say func(engine.Seat) string) []string {
	out := make([]string, n+1)
	out[n] = say(engine.NoSeat)
	for v := range n {
		out[v] = out[n]
		if l := say(engine.Seat(v)); l != out[n] {
			out[v] = l
		}
	}
	return out
}

// withNames replaces the seat placeholders of a stored line by names.
func withNames(label string, w engine.Words) string {
	if !strings.ContainsRune(label, nameMark) {
		return label
	}
	var b strings.Builder
	b.Grow(len(label) + 24) // names are longer than their marks
	for i := 0; i < len(label); i++ {
		if label[i] == nameMark && i+1 < len(label) && label[i+1] >= '1' && label[i+1] <= '8' {
			b.WriteString(w.SeatName(engine.Seat(label[i+1] - '1')))
			i++
			continue
		}
		b.WriteByte(label[i])
	}
	return b.String()
}

// wordsLocked is how the table speaks to a reader of language l.
func (s *session) wordsLocked(l i18n.Lang) engine.Words {
	return engine.Words{Lang: l, Names: s.names}
}

// VariantInfo is a rule variant as the lobby shows it: the game's spec,
// whose key, options and default are the ids the page sends back, with
// its name, doc and a word for each option in the reader's language.
type VariantInfo struct {
	engine.VariantSpec
	Name        string            `json:"name"`
	OptionNames map[string]string `json:"option_names"`
}

// variantsIn puts g's rule variants into words in language l, from the
// catalogue's variant.<key> messages; a game that does not speak, or
// lacks a message, shows the spec's own key, doc and option ids.
func variantsIn(g engine.Game, l i18n.Lang) []VariantInfo {
	specs := g.Info().Variants
	out := make([]VariantInfo, len(specs))
	sp, _ := g.(engine.Speaker)
	say := func(key, fallback string) string {
		if sp != nil && sp.Catalog().Has(key) {
			return sp.Catalog().T(l, key)
		}
		return fallback
	}
	for i, spec := range specs {
		prefix := "variant." + spec.Key + "."
		spec.Doc = say(prefix+"doc", spec.Doc)
		v := VariantInfo{VariantSpec: spec, Name: say(prefix+"name", spec.Key),
			OptionNames: make(map[string]string, len(spec.Options))}
		for _, o := range spec.Options {
			v.OptionNames[o] = say(prefix+"option."+o, o)
		}
		out[i] = v
	}
	return out
}

// maxNameRunes caps a display name.
const maxNameRunes = 24

// cleanName checks a display name a player chose: letters, digits,
// spaces and common punctuation, at most maxNameRunes.
func cleanName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	if !utf8.ValidString(name) || utf8.RuneCountInString(name) > maxNameRunes {
		return "", refuse(http.StatusBadRequest, "name_too_long", "max", maxNameRunes)
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" .-_'", r) {
			return "", refuse(http.StatusBadRequest, "name_character", "char", string(r))
		}
	}
	return name, nil
}

// ownName reports whether seat's holder may name it: not a hot seat,
// whose name is the table's, nor a ranked or tournament seat, whose name
// is its account's.
func (s *session) ownName(seat engine.Seat) bool { return choosesName(s.seats[seat]) }

// choosesName reports whether a seat's holder may name it (see ownName).
func choosesName(c SeatConfig) bool {
	return c.Kind != KindHotseat && c.Kind != KindRanked && c.Name == ""
}

// setNamesLocked gives the seats of controls a display name ("" keeps
// the default, "Player 1"), saves it with the game (saveNameLocked), and
// tells every client when it changed.
func (s *session) setNamesLocked(controls []engine.Seat, name string) {
	changed := false
	for _, seat := range controls {
		if int(seat) < len(s.names) && s.names[seat] != name && s.ownName(seat) {
			s.names[seat] = name
			s.saveNameLocked(seat)
			changed = true
		}
	}
	if changed {
		s.broadcastSeatsLocked()
	}
}
